import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import { CitedDomain, CitedUrl, DomainCitedUrl, RelatedPrompt } from "@sightline/domain/api/Resources"
import * as Effect from "effect/Effect"
import { impact, inScope, iso, type PageRequest, paged, type ResponseFilters } from "./Query.js"

/**
 * Cited sources of one brand. Counts count responses (a response citing a URL twice counts once);
 * impact compares the citing responses with all the brand's responses in scope (DECISIONS.md).
 * `search` is a literal, case-insensitive substring (strpos on lower(), so %, _ and \ mean themselves).
 */
export interface CitedSourceQuery {
  readonly brandId: number
  readonly filters: ResponseFilters
  readonly search?: string | undefined
  readonly page: PageRequest
}

const contains = (sql: SqlClient.SqlClient, column: string, search: string | undefined): Statement.Fragment =>
  search === undefined ? sql`TRUE` : sql`strpos(lower(${sql.literal(column)}), lower(${search})) > 0`

const responsesInScope = (sql: SqlClient.SqlClient, query: CitedSourceQuery) =>
  sql`(SELECT count(*) FROM responses r WHERE r.brand_id = ${query.brandId} AND ${inScope(sql, "r", query.filters)})`

const aiModels = "array_agg(DISTINCT rc.engine ORDER BY rc.engine)"

export const listDomains = Effect.fnUntraced(function*(query: CitedSourceQuery) {
  const sql = yield* SqlClient.SqlClient
  const where = sql`rc.brand_id = ${query.brandId} AND ${inScope(sql, "rc", query.filters)}
    AND ${contains(sql, "d.domain", query.search)}`
  return yield* paged(
    CitedDomain,
    query.page,
    sql<{ total: number }>`
      SELECT count(DISTINCT rc.domain_id)::int AS total
      FROM response_citations rc JOIN domains d ON d.id = rc.domain_id WHERE ${where}`,
    (limit, offset) =>
      sql`
        WITH total AS (SELECT ${responsesInScope(sql, query)} AS n),
        per_domain AS (
          SELECT rc.domain_id, ${sql.literal(aiModels)} AS ai_models,
            count(DISTINCT rc.prompt_id)::int AS prompts_count,
            count(DISTINCT rc.response_id)::int AS responses_count,
            count(DISTINCT rc.url_id)::int AS urls_count
          FROM response_citations rc JOIN domains d ON d.id = rc.domain_id
          WHERE ${where}
          GROUP BY rc.domain_id
        )
        SELECT pd.domain_id, d.domain, pd.ai_models,
          ${impact(sql, "pd.responses_count", "total.n")} AS impact,
          pd.prompts_count, pd.responses_count, pd.urls_count
        FROM per_domain pd JOIN domains d ON d.id = pd.domain_id CROSS JOIN total
        ORDER BY pd.responses_count DESC, d.domain COLLATE "C"
        LIMIT ${limit} OFFSET ${offset}`
  )
})

const urlRows = (
  sql: SqlClient.SqlClient,
  query: CitedSourceQuery,
  where: Statement.Fragment,
  limit: number,
  offset: number
) =>
  sql`
    WITH total AS (SELECT ${responsesInScope(sql, query)} AS n),
    per_url AS (
      SELECT rc.url_id, ${sql.literal(aiModels)} AS ai_models,
        count(*)::int AS count,
        count(DISTINCT rc.prompt_id)::int AS prompts_count
      FROM response_citations rc JOIN urls u ON u.id = rc.url_id
      WHERE ${where}
      GROUP BY rc.url_id
    )
    SELECT pu.url_id, u.url, pu.ai_models,
      ${impact(sql, "pu.count", "total.n")} AS impact,
      pu.count, pu.prompts_count,
      (
        SELECT ${iso(sql, "min(f.collected_at)")} FROM response_citations f
        WHERE f.brand_id = ${query.brandId} AND f.url_id = pu.url_id
      ) AS first_seen_at,
      u.domain_id, d.domain
    FROM per_url pu JOIN urls u ON u.id = pu.url_id JOIN domains d ON d.id = u.domain_id CROSS JOIN total
    ORDER BY pu.count DESC, u.url COLLATE "C"
    LIMIT ${limit} OFFSET ${offset}`

const countUrls = (sql: SqlClient.SqlClient, where: Statement.Fragment) =>
  sql<{ total: number }>`
    SELECT count(DISTINCT rc.url_id)::int AS total
    FROM response_citations rc JOIN urls u ON u.id = rc.url_id WHERE ${where}`

/** Cited URLs across all domains. */
export const listUrls = Effect.fnUntraced(function*(query: CitedSourceQuery) {
  const sql = yield* SqlClient.SqlClient
  const where = sql`rc.brand_id = ${query.brandId} AND ${inScope(sql, "rc", query.filters)}
    AND ${contains(sql, "u.url", query.search)}`
  return yield* paged(CitedUrl, query.page, countUrls(sql, where), (limit, offset) =>
    urlRows(sql, query, where, limit, offset))
})

/** Cited URLs of one domain. */
export const listDomainUrls = Effect.fnUntraced(function*(
  domainId: number,
  query: CitedSourceQuery
) {
  const sql = yield* SqlClient.SqlClient
  const where = sql`rc.brand_id = ${query.brandId} AND rc.domain_id = ${domainId}
    AND ${inScope(sql, "rc", query.filters)} AND ${contains(sql, "u.url", query.search)}`
  return yield* paged(DomainCitedUrl, query.page, countUrls(sql, where), (limit, offset) =>
    urlRows(sql, query, where, limit, offset))
})

/** Prompts of the brand whose answers in scope cite the domain. */
export const listRelatedPrompts = Effect.fnUntraced(function*(
  domainId: number,
  query: CitedSourceQuery
) {
  const sql = yield* SqlClient.SqlClient
  const where = sql`rc.brand_id = ${query.brandId} AND rc.domain_id = ${domainId} AND ${inScope(sql, "rc", query.filters)}`
  return yield* paged(
    RelatedPrompt,
    query.page,
    sql<{ total: number }>`SELECT count(DISTINCT rc.prompt_id)::int AS total FROM response_citations rc WHERE ${where}`,
    (limit, offset) =>
      sql`
        SELECT p.id AS prompt_id, p.text AS prompt
        FROM prompts p
        WHERE p.id IN (SELECT rc.prompt_id FROM response_citations rc WHERE ${where})
        ORDER BY p.id
        LIMIT ${limit} OFFSET ${offset}`
  )
})
