import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import { CitedDomainFigures, CitedUrlFigures, DomainCitedUrlFigures, RelatedPrompt } from "@sightline/domain/api/Resources"
import { AI_MODELS } from "@sightline/domain/AiModel"
import type { SourceType } from "@sightline/domain/SourceType"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { RANKING_DEPTH, type RankingDepth, type RankingQuery, rangeTotals, rankingCtes, settledRanking } from "./CitationRanking.js"
import { classifierForBrand } from "./SourceTypes.js"
import {
  brandDays,
  dayRange,
  type FittedRange,
  fitRange,
  impact,
  inPeriodBranches,
  inPeriods,
  iso,
  type Page,
  type PageRequest,
  onPage,
  pagedWithTotal,
  type ResponseFilters,
  rollupEngine,
  rollupPeriodLists,
  singlePeriod,
  totalOf,
  upToDate
} from "./Query.js"

/**
 * Cited sources of one brand. Counts count responses (a response citing a URL twice counts once);
 * impact compares the citing responses with all the brand's responses in scope (docs/api-decisions.md).
 * `search` is a literal, case-insensitive substring (strpos on lower(), so %, _ and \ mean themselves).
 * Everything is read from the rollups (Rollups.ts), never from the citations themselves.
 */
export interface CitedSourceQuery {
  readonly brandId: number
  readonly filters: ResponseFilters
  readonly search?: string | undefined
  readonly page: PageRequest
}

const contains = (sql: SqlClient.SqlClient, column: string, search: string | undefined): Statement.Fragment =>
  search === undefined ? sql`TRUE` : sql`strpos(lower(${sql.literal(column)}), lower(${search})) > 0`

/** The brand's responses in scope, for impact: from the rollups, summed over the prompt groups. */
const responsesInScope = (sql: SqlClient.SqlClient, query: CitedSourceQuery, periods: ResponseFilters) =>
  sql`(SELECT coalesce(sum(s.responses), 0) FROM rollup_brand s
    WHERE s.brand_id = ${query.brandId} AND ${inPeriods(sql, "s", periods)})`

/**
 * Whether a key-set row (as k) meets the range: always, when the range holds the brand's whole
 * history (FittedRange.wholeHistory), so the count reads the index alone, without the rows' days.
 */
const meetsRange = (sql: SqlClient.SqlClient, query: CitedSourceQuery, wholeHistory: boolean) =>
  wholeHistory ? sql`TRUE` : sql`k.days && ${dayRange(sql, query.filters)}`

/**
 * The engines whose answers in scope cited it: per engine, whether one key-set row of `table`
 * (`key` selects the domain or URL) meets the range; each test stops at the first such row.
 */
const aiModels = (
  sql: SqlClient.SqlClient,
  table: string,
  key: Statement.Fragment,
  query: CitedSourceQuery,
  wholeHistory = false
) =>
  sql`ARRAY(
    SELECT e.engine FROM unnest(${query.filters.aiModel === undefined ? AI_MODELS : [query.filters.aiModel]}::text[]) e(engine)
    WHERE EXISTS (
      SELECT 1 FROM ${sql.literal(table)} k
      WHERE k.brand_id = ${query.brandId} AND ${key} AND k.engine = e.engine AND ${meetsRange(sql, query, wholeHistory)}
    )
    ORDER BY 1)`

/** The key-set rows (cited_prompt_days or cited_domain_days, as k) of the filters' engine whose days meet the range. */
const citedInScope = (sql: SqlClient.SqlClient, query: CitedSourceQuery, wholeHistory = false) =>
  sql`k.brand_id = ${query.brandId} AND ${rollupEngine(sql, "k", query.filters)} AND ${meetsRange(sql, query, wholeHistory)}`

/** Adds each item's `source_type` (docs/metrics.md, Source types) to a page. */
const withSourceTypes = <A>(classify: (item: A) => SourceType, page: Page<A>) => ({
  ...page,
  data: page.data.map((item) => ({ ...item, source_type: classify(item) }))
})

/**
 * The join of a ranked list to its names (`table` as `alias`, by id). Without a search only the rows
 * that can be on the page (onPage) need a name: one index probe each, never a hash of the whole table.
 */
const namesOf = (sql: SqlClient.SqlClient, table: string, alias: string, id: string, search: string | undefined) =>
  search === undefined
    ? sql`CROSS JOIN LATERAL (SELECT * FROM ${sql.literal(table)} n WHERE n.id = ${sql.literal(id)} OFFSET 0) ${sql.literal(alias)}`
    : sql`JOIN ${sql.literal(table)} ${sql.literal(alias)} ON ${sql.literal(alias)}.id = ${sql.literal(id)}`

/**
 * Domains ranked by the responses citing them (the domain rows of rollup_citation_mentions,
 * `url_id` 0, which add up over days; for all engines, read index-only from its domain ranking
 * index); the page's distinct prompt and URL counts come from the key sets and the URL rows.
 */
export const listDomains = Effect.fnUntraced(function*(query: CitedSourceQuery) {
  const sql = yield* SqlClient.SqlClient
  yield* upToDate({ brandId: query.brandId })
  const { periods, wholeHistory } = yield* fitRange(brandDays(sql, query.brandId), query.filters)
  const perDomain = sql`
    SELECT x.domain_id, sum(x.responses)::int AS responses_count
    FROM (${
    inPeriodBranches(sql, "x", periods, true, (inRange) =>
      sql`SELECT x.domain_id, x.responses FROM rollup_citation_mentions x
        WHERE x.brand_id = ${query.brandId} AND x.url_id = 0 AND ${inRange}`)
  }) x
    GROUP BY x.domain_id HAVING sum(x.responses) > 0`
  const classify = yield* classifierForBrand(query.brandId)
  return withSourceTypes((item) => classify(item.domain), yield* pagedWithTotal(
    CitedDomainFigures,
    query.page,
    sql<{ total: number }>`
      SELECT count(*)::int AS total FROM (${perDomain}) pd
      ${query.search === undefined ? sql`` : sql`JOIN domains d ON d.id = pd.domain_id WHERE ${contains(sql, "d.domain", query.search)}`}`,
    (limit, offset) =>
      sql`
        WITH per_domain AS MATERIALIZED (${perDomain}),
        listed AS (
          SELECT pd.domain_id, pd.responses_count, d.domain, ${totalOf(sql, "per_domain", query.search)} AS total
          FROM per_domain pd ${namesOf(sql, "domains", "d", "pd.domain_id", query.search)}
          WHERE ${contains(sql, "d.domain", query.search)}
            AND ${onPage(sql, "per_domain", "responses_count", "pd", query.search, limit + offset)}
          ORDER BY pd.responses_count DESC, d.domain COLLATE "C"
          LIMIT ${limit} OFFSET ${offset}
        ),
        total AS (SELECT ${responsesInScope(sql, query, periods)} AS n)
        SELECT l.total, l.domain_id, l.domain,
          ${aiModels(sql, "cited_domain_days", sql`k.domain_id = l.domain_id`, query, wholeHistory)} AS ai_models,
          ${impact(sql, "l.responses_count", "total.n")} AS impact,
          (SELECT count(*) FROM cited_domain_days k
            WHERE k.domain_id = l.domain_id AND ${citedInScope(sql, query, wholeHistory)})::int AS prompts_count,
          l.responses_count,
          (SELECT count(DISTINCT u.url_id) FROM (${
    inPeriodBranches(sql, "u", periods, true, (inRange) =>
      sql`SELECT u.url_id FROM rollup_citation_mentions u
              WHERE u.brand_id = ${query.brandId} AND u.domain_id = l.domain_id AND u.url_id > 0 AND u.responses > 0
                AND ${inRange}`)
  }) u)::int AS urls_count
        FROM listed l CROSS JOIN total
        ORDER BY l.responses_count DESC, l.domain COLLATE "C"`
  ))
})

/**
 * The responses citing each URL in the range (the URL rows of rollup_citation_mentions), optionally
 * of one domain, as a CTE body, and whether to materialise it. A range of one month or year row per
 * URL (singlePeriod) reads those rows as they are, left inline, so the URL ranking index of
 * migration 0037 serves the page's threshold, its rows and the count in order instead of every URL
 * being summed first; any other range sums the rows of its periods once (one domain's through the
 * index of migration 0041). The ranking index orders by `citations`, which for a URL row equals
 * `responses`: an answer cites a URL at most once (the citations' primary key).
 */
const responsesPerUrl = (
  sql: SqlClient.SqlClient,
  query: CitedSourceQuery,
  periods: ResponseFilters,
  domainId: number | undefined
): { readonly body: Statement.Fragment; readonly materialized: boolean } => {
  const single = domainId === undefined ? singlePeriod(periods, true) : undefined
  if (single !== undefined) {
    return {
      body: sql`
    SELECT x.url_id, x.citations AS count
    FROM rollup_citation_mentions x
    WHERE x.brand_id = ${query.brandId} AND x.engine IS NULL AND x.grain = ${single.grain}
      AND x.period = ${single.period}::date AND x.url_id > 0 AND x.citations > 0`,
      materialized: false
    }
  }
  const ofDomain = domainId === undefined ? sql`TRUE` : sql`x.domain_id = ${domainId}`
  return {
    body: sql`
    SELECT x.url_id, sum(x.responses)::int AS count
    FROM (${
    inPeriodBranches(sql, "x", periods, true, (inRange) =>
      sql`SELECT x.url_id, x.responses FROM rollup_citation_mentions x
        WHERE x.brand_id = ${query.brandId} AND ${ofDomain} AND x.url_id > 0 AND ${inRange}`)
  }) x
    GROUP BY x.url_id HAVING sum(x.responses) > 0`,
    materialized: true
  }
}

/**
 * A page of URLs as the endpoints answer it, from `listed` (url_id, count, url, domain_id, total: the
 * page's rows, as a CTE): the engines, impact, prompts and first citation of each.
 */
const urlPage = (sql: SqlClient.SqlClient, query: CitedSourceQuery, { periods, wholeHistory }: FittedRange) =>
  sql`
    SELECT l.total, l.url_id, l.url,
      ${aiModels(sql, "cited_prompt_days", sql`k.url_id = l.url_id`, query, wholeHistory)} AS ai_models,
      ${impact(sql, "l.count", "total.n")} AS impact,
      l.count,
      (SELECT count(*) FROM cited_prompt_days k WHERE k.url_id = l.url_id AND ${citedInScope(sql, query, wholeHistory)})::int
        AS prompts_count,
      -- All time, not the range: one probe of the (brand, URL, time) index.
      (
        SELECT ${iso(sql, "min(f.collected_at)")} FROM response_citations f
        WHERE f.brand_id = ${query.brandId} AND f.url_id = l.url_id
      ) AS first_seen_at,
      l.domain_id, d.domain
    FROM listed l CROSS JOIN (SELECT ${responsesInScope(sql, query, periods)} AS n) total
    JOIN domains d ON d.id = l.domain_id
    ORDER BY l.count DESC, l.url COLLATE "C"`

/** URLs ranked by the responses citing them (rollup_citation_mentions' URL rows), optionally of one domain. */
const listUrlsOf = (
  sql: SqlClient.SqlClient,
  query: CitedSourceQuery,
  fitted: FittedRange,
  domainId: number | undefined
) => {
  const { body: perUrl, materialized } = responsesPerUrl(sql, query, fitted.periods, domainId)
  return {
    count: sql<{ total: number }>`
      SELECT count(*)::int AS total FROM (${perUrl}) pu
      ${query.search === undefined ? sql`` : sql`JOIN urls u ON u.id = pu.url_id WHERE ${contains(sql, "u.url", query.search)}`}`,
    rows: (limit: number, offset: number) =>
      sql`
        WITH per_url AS ${materialized ? sql`MATERIALIZED` : sql`NOT MATERIALIZED`} (${perUrl}),
        listed AS (
          SELECT pu.url_id, pu.count, u.url, u.domain_id, ${totalOf(sql, "per_url", query.search)} AS total
          FROM per_url pu ${namesOf(sql, "urls", "u", "pu.url_id", query.search)}
          WHERE ${contains(sql, "u.url", query.search)}
            AND ${onPage(sql, "per_url", "count", "pu", query.search, limit + offset)}
          ORDER BY pu.count DESC, u.url COLLATE "C"
          LIMIT ${limit} OFFSET ${offset}
        )
        ${urlPage(sql, query, fitted)}`
  }
}

const RankedHead = Schema.Array(Schema.Struct({ __settled: Schema.Boolean, url_id: Schema.NullOr(Schema.Number) }))

/**
 * The page of every cited URL (no search, all engines, a closed range) from the citations report's
 * ranked read (CitationRanking.ts) at one depth: the top rows of each period and a bound for the
 * rest instead of summing every URL of the range (a big brand's 30 days: ~36,000 URLs over 9
 * periods). A URL row's citations are its citing answers (an answer cites a URL at most once), so
 * the ranking by citations, then URL, is this list's order. Undefined when it does not settle.
 */
const rankedUrlRows = (
  sql: SqlClient.SqlClient,
  query: CitedSourceQuery,
  fitted: FittedRange,
  ranking: RankingQuery,
  depth: number,
  offset: number
) =>
  Effect.gen(function*() {
    const settled = sql`(SELECT s.settled FROM settled s)`
    const rows = yield* sql`
      WITH ${rankingCtes(sql, ranking, depth)},
      totals AS MATERIALIZED (${rangeTotals(sql, ranking, settled)}),
      listed AS (
        SELECT r.id AS url_id, r.citations AS count, r.name AS url, r.domain_id, (SELECT t.sources FROM totals t) AS total
        FROM ranked r
        WHERE ${settled} AND r.rank > ${offset} AND r.rank <= ${ranking.last}
      )
      SELECT ${settled} AS __settled, p.*
      FROM (SELECT 1) one LEFT JOIN LATERAL (${urlPage(sql, query, fitted)}) p ON true`
    const head = yield* Schema.decodeUnknown(RankedHead)(rows)
    return head[0]?.__settled === true ? rows.filter((_, i) => head[i]?.url_id !== null) : undefined
  }).pipe(Effect.orDie)

/**
 * Cited URLs across all domains: without a search or an engine filter, over a closed range, from the
 * ranked read (twice as deep until it settles, `RANKING_DEPTH`); otherwise, or when it does not
 * settle, every URL of the range summed and ranked.
 */
export const listUrlsWith = (depth: RankingDepth) =>
  Effect.fnUntraced(function*(query: CitedSourceQuery) {
    const sql = yield* SqlClient.SqlClient
    yield* upToDate({ brandId: query.brandId })
    const fitted = yield* fitRange(brandDays(sql, query.brandId), query.filters)
    const list = listUrlsOf(sql, query, fitted, undefined)
    const { startDate, endDate } = fitted.periods
    const lists = query.search === undefined && query.filters.aiModel === undefined
      ? rollupPeriodLists(fitted.periods, true)
      : undefined
    const rows = (limit: number, offset: number) => {
      if (lists === undefined || startDate === undefined || endDate === undefined) return list.rows(limit, offset)
      const ranking: RankingQuery = { brandId: query.brandId, level: "url", lists, start: startDate, end: endDate, last: offset + limit }
      return Effect.flatMap(
        settledRanking(ranking, depth, (at) => rankedUrlRows(sql, query, fitted, ranking, at, offset)),
        (ranked) => ranked === undefined ? list.rows(limit, offset) : Effect.succeed(ranked)
      )
    }
    const classify = yield* classifierForBrand(query.brandId)
    return withSourceTypes((item) => classify(item.domain), yield* pagedWithTotal(CitedUrlFigures, query.page, list.count, rows))
  })

/** Cited URLs across all domains, with the default ranking depth. */
export const listUrls = listUrlsWith(RANKING_DEPTH)

/** Cited URLs of one domain. */
export const listDomainUrls = Effect.fnUntraced(function*(
  domainId: number,
  query: CitedSourceQuery
) {
  const sql = yield* SqlClient.SqlClient
  yield* upToDate({ brandId: query.brandId })
  const list = listUrlsOf(sql, query, yield* fitRange(brandDays(sql, query.brandId), query.filters), domainId)
  const classify = yield* classifierForBrand(query.brandId)
  return withSourceTypes((item) => classify(item.url), yield* pagedWithTotal(DomainCitedUrlFigures, query.page, list.count, list.rows))
})

/** Prompts of the brand whose answers in scope cite the domain (from the key sets). */
export const listRelatedPrompts = Effect.fnUntraced(function*(
  domainId: number,
  query: CitedSourceQuery
) {
  const sql = yield* SqlClient.SqlClient
  yield* upToDate({ brandId: query.brandId })
  const citing = sql`SELECT k.prompt_id FROM cited_domain_days k WHERE k.domain_id = ${domainId} AND ${citedInScope(sql, query)}`
  return yield* pagedWithTotal(
    RelatedPrompt,
    query.page,
    sql<{ total: number }>`SELECT count(DISTINCT c.prompt_id)::int AS total FROM (${citing}) c`,
    (limit, offset) =>
      sql`
        SELECT p.id AS prompt_id, p.text AS prompt, count(*) OVER () AS total
        FROM prompts p
        WHERE p.id IN (${citing})
        ORDER BY p.id
        LIMIT ${limit} OFFSET ${offset}`
  )
})
