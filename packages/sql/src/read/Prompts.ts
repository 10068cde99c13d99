import * as SqlClient from "@effect/sql/SqlClient"
import { PromptCitation, PromptDetail, PromptListItem, PromptResponse, SearchQuery } from "@sightline/domain/api/Resources"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { decimal, decodeRows, inScope, iso, type PageRequest, paged, percent, type ResponseFilters } from "./Query.js"

/**
 * Monitored prompts and what was collected for them. Every metric is aggregated in SQL over the
 * responses in scope (DECISIONS.md, Metrics); the pure definitions live in domain/Metrics.ts.
 */

export const listPrompts = Effect.fnUntraced(function*(
  brandId: number,
  groupId: number | undefined,
  filters: ResponseFilters,
  page: PageRequest
) {
  const sql = yield* SqlClient.SqlClient
  const where = sql`p.brand_id = ${brandId} AND (${groupId ?? null}::bigint IS NULL OR p.group_id = ${groupId ?? null})`
  return yield* paged(
    PromptListItem,
    page,
    sql<{ total: number }>`SELECT count(*)::int AS total FROM prompts p WHERE ${where}`,
    (limit, offset) =>
      sql`
        SELECT p.id, p.text AS prompt,
          coalesce(s.mentions, 0) AS brand_mentions,
          ${decimal(sql, "s.average_position")} AS brand_average_position,
          ${percent(sql, "s.mentions", "s.responses")} AS mention_rate,
          ${decimal(sql, "s.average_sentiment")} AS average_sentiment,
          coalesce(s.responses, 0) AS responses,
          ${iso(sql, "p.created_at")} AS created_at
        FROM prompts p
        LEFT JOIN LATERAL (
          SELECT count(*)::int AS responses,
            (count(*) FILTER (WHERE r.brand_mentioned))::int AS mentions,
            avg(r.brand_position) FILTER (WHERE r.brand_mentioned) AS average_position,
            avg(r.brand_sentiment) FILTER (WHERE r.brand_mentioned) AS average_sentiment
          FROM responses r
          WHERE r.prompt_id = p.id AND ${inScope(sql, "r", filters)}
        ) s ON TRUE
        WHERE ${where}
        ORDER BY p.id
        LIMIT ${limit} OFFSET ${offset}`
  )
})

export const getPrompt = Effect.fnUntraced(function*(promptId: number, filters: ResponseFilters) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql`
    WITH scoped AS (
      SELECT r.id, (r.collected_at AT TIME ZONE 'UTC')::date AS day, r.brand_mentioned, r.brand_position,
        r.brand_sentiment
      FROM responses r
      WHERE r.prompt_id = ${promptId} AND ${inScope(sql, "r", filters)}
    ),
    days AS (
      SELECT day, count(*) AS responses,
        count(*) FILTER (WHERE brand_mentioned) AS mentions,
        avg(brand_sentiment) FILTER (WHERE brand_mentioned) AS sentiment
      FROM scoped GROUP BY day
    ),
    competitor_days AS (
      SELECT s.day, m.competitor_id, count(*) AS mentions, avg(m.sentiment) AS sentiment
      FROM scoped s JOIN response_mentions m ON m.response_id = s.id
      GROUP BY s.day, m.competitor_id
    )
    SELECT p.id, p.text AS prompt,
      (SELECT count(*)::int FROM scoped) AS total_responses,
      (SELECT (count(*) FILTER (WHERE brand_mentioned))::int FROM scoped) AS total_brand_mentions,
      (SELECT ${percent(sql, "count(*) FILTER (WHERE brand_mentioned)", "count(*)")} FROM scoped) AS brand_mention_rate,
      (SELECT ${decimal(sql, "avg(brand_position) FILTER (WHERE brand_mentioned)")} FROM scoped) AS brand_average_position,
      coalesce((
        SELECT json_agg(json_build_object('date', d.day, 'brands', (
          SELECT json_agg(json_build_object('name', x.name, 'mention_rate', x.mention_rate,
            'average_sentiment', x.average_sentiment, 'own_brand', x.own_brand) ORDER BY x.ord, x.id)
          FROM (
            SELECT 0 AS ord, b.id, b.name, ${percent(sql, "d.mentions", "d.responses")} AS mention_rate,
              ${decimal(sql, "d.sentiment")} AS average_sentiment, TRUE AS own_brand
            FROM brands b WHERE b.id = p.brand_id
            UNION ALL
            SELECT 1, c.id, c.name, ${percent(sql, "coalesce(cd.mentions, 0)", "d.responses")},
              ${decimal(sql, "cd.sentiment")}, FALSE
            FROM competitors c
            LEFT JOIN competitor_days cd ON cd.competitor_id = c.id AND cd.day = d.day
            WHERE c.brand_id = p.brand_id
          ) x
        )) ORDER BY d.day)
        FROM days d
      ), '[]'::json) AS time_series_data,
      ${iso(sql, "p.next_run_at")} AS next_run_at,
      ${iso(sql, "p.created_at")} AS created_at
    FROM prompts p WHERE p.id = ${promptId}`.pipe(Effect.flatMap(decodeRows(PromptDetail)), Effect.orDie)
  return Option.fromNullable(rows[0])
})

export const listResponses = Effect.fnUntraced(function*(
  promptId: number,
  filters: ResponseFilters,
  page: PageRequest
) {
  const sql = yield* SqlClient.SqlClient
  const where = sql`r.prompt_id = ${promptId} AND ${inScope(sql, "r", filters)}`
  return yield* paged(
    PromptResponse,
    page,
    sql<{ total: number }>`SELECT count(*)::int AS total FROM responses r WHERE ${where}`,
    (limit, offset) =>
      sql`
        SELECT r.id, r.engine AS ai_model, r.response_markdown, r.response_text, r.brand_mentioned,
          CASE
            WHEN NOT r.brand_mentioned OR r.brand_sentiment IS NULL THEN 'not_mentioned'
            WHEN r.brand_sentiment >= 60 THEN 'positive'
            WHEN r.brand_sentiment >= 40 THEN 'neutral'
            ELSE 'negative'
          END AS brand_sentiment,
          ARRAY(
            SELECT u.url FROM response_citations rc JOIN urls u ON u.id = rc.url_id
            WHERE rc.response_id = r.id ORDER BY rc.ordinal, u.url
          ) AS citations,
          ARRAY(
            SELECT q.query FROM response_search_queries q
            WHERE q.response_id = r.id ORDER BY q.ordinal, q.query
          ) AS search_queries,
          ${iso(sql, "r.collected_at")} AS created_at
        FROM responses r
        WHERE ${where}
        ORDER BY r.collected_at DESC, r.id DESC
        LIMIT ${limit} OFFSET ${offset}`
  )
})

export const listCitations = Effect.fnUntraced(function*(
  promptId: number,
  filters: ResponseFilters,
  page: PageRequest
) {
  const sql = yield* SqlClient.SqlClient
  const where = sql`rc.prompt_id = ${promptId} AND ${inScope(sql, "rc", filters)}`
  return yield* paged(
    PromptCitation,
    page,
    sql<{ total: number }>`SELECT count(DISTINCT rc.domain_id)::int AS total FROM response_citations rc WHERE ${where}`,
    (limit, offset) =>
      sql`
        WITH cited AS (
          SELECT rc.response_id, rc.url_id, rc.domain_id FROM response_citations rc WHERE ${where}
        ),
        per_domain AS (
          SELECT domain_id, count(DISTINCT response_id)::int AS count FROM cited GROUP BY domain_id
        )
        SELECT d.domain, pd.count,
          (
            SELECT json_agg(json_build_object('url', u.url, 'count', pu.count) ORDER BY pu.count DESC, u.url COLLATE "C")
            FROM (
              SELECT url_id, count(*)::int AS count FROM cited c WHERE c.domain_id = pd.domain_id GROUP BY url_id
            ) pu JOIN urls u ON u.id = pu.url_id
          ) AS urls
        FROM per_domain pd JOIN domains d ON d.id = pd.domain_id
        ORDER BY pd.count DESC, d.domain COLLATE "C"
        LIMIT ${limit} OFFSET ${offset}`
  )
})

export const listSearchQueries = Effect.fnUntraced(function*(
  promptId: number,
  filters: ResponseFilters,
  page: PageRequest
) {
  const sql = yield* SqlClient.SqlClient
  const where = sql`q.prompt_id = ${promptId} AND ${inScope(sql, "q", filters)}`
  return yield* paged(
    SearchQuery,
    page,
    sql<{ total: number }>`SELECT count(DISTINCT q.query)::int AS total FROM response_search_queries q WHERE ${where}`,
    (limit, offset) =>
      sql`
        SELECT q.query, count(*)::int AS count
        FROM response_search_queries q
        WHERE ${where}
        GROUP BY q.query
        ORDER BY count(*) DESC, q.query COLLATE "C"
        LIMIT ${limit} OFFSET ${offset}`
  )
})
