import * as SqlClient from "@effect/sql/SqlClient"
import { AI_MODELS } from "@sightline/domain/AiModel"
import { Dashboard } from "@sightline/domain/api/Resources"
import * as Effect from "effect/Effect"
import { brandDays, dataRange, decimal, decodeRows, inPeriods, percent, type ResponseFilters, rollupEngine, rollupPeriods } from "./Query.js"

export interface DashboardQuery {
  readonly brandId: number
  readonly groupId?: number | undefined
  readonly filters: ResponseFilters
}

/**
 * The dashboard of docs/api-decisions.md in one statement (one snapshot): totals over the responses in
 * scope, the ranking of the own brand and every competitor (visibility desc, mentions desc, name),
 * and the top / lowest 5 prompts by visibility among prompts with at least one response in scope;
 * Sightline's extra fields: each ranked brand's share of voice, the own brand's daily series and
 * its per-engine breakdown.
 * Everything is read from the rollups (Rollups.ts): a few hundred rows whatever the history.
 */
export const getDashboard = Effect.fnUntraced(function*(query: DashboardQuery) {
  const sql = yield* SqlClient.SqlClient
  const groupId = query.groupId ?? null
  const group = sql`(${groupId}::bigint IS NULL OR x.group_id = ${groupId})`
  const periods = yield* dataRange(brandDays(sql, query.brandId), query.filters)
  // The series reads day rows only; the per-engine breakdown the engine rows (the filter's, or all).
  const days = sql`x.grain = 'day' AND x.period BETWEEN ${query.filters.startDate ?? "0001-01-01"}::date
    AND ${query.filters.endDate ?? "9999-12-30"}::date`
  // Engines named explicitly (not `IS NOT NULL`) so the rollups' (brand, engine, ...) index serves them.
  const engineRows = sql`x.engine = ANY(${query.filters.aiModel === undefined ? AI_MODELS : [query.filters.aiModel]}::text[])`
  const rows = yield* sql`
    WITH totals AS (
      SELECT coalesce(sum(x.responses), 0) AS responses, coalesce(sum(x.mentions), 0) AS mentions,
        sum(x.position_sum)::numeric / nullif(sum(x.mentions), 0) AS position,
        sum(x.sentiment_sum) / nullif(sum(x.mentions), 0) AS sentiment
      FROM rollup_brand x
      WHERE x.brand_id = ${query.brandId} AND ${group} AND ${inPeriods(sql, "x", periods)}
    ),
    contenders AS (
      SELECT b.name, TRUE AS own_brand, t.mentions, t.position, t.sentiment
      FROM brands b CROSS JOIN totals t WHERE b.id = ${query.brandId}
      UNION ALL
      SELECT c.name, FALSE, coalesce(m.mentions, 0), m.position, m.sentiment
      FROM competitors c
      LEFT JOIN (
        SELECT x.competitor_id, sum(x.mentions) AS mentions,
          sum(x.position_sum)::numeric / nullif(sum(x.mentions), 0) AS position,
          sum(x.sentiment_sum) / nullif(sum(x.mentions), 0) AS sentiment
        FROM rollup_competitor x
        WHERE x.brand_id = ${query.brandId} AND ${group} AND ${inPeriods(sql, "x", periods)}
        GROUP BY x.competitor_id
      ) m ON m.competitor_id = c.id AND m.mentions > 0
      WHERE c.brand_id = ${query.brandId}
    ),
    ranked AS (
      SELECT c.*, row_number() OVER (ORDER BY c.mentions DESC, c.name COLLATE "C", c.own_brand DESC) AS ranking
      FROM contenders c
    ),
    per_prompt AS (
      SELECT x.prompt_id AS id, sum(x.responses) AS responses, sum(x.mentions) AS mentions
      FROM rollup_prompt x
      WHERE x.brand_id = ${query.brandId} AND ${inPeriods(sql, "x", periods, true)}
        AND (${groupId}::bigint IS NULL
          OR x.prompt_id IN (SELECT p.id FROM prompts p WHERE p.brand_id = ${query.brandId} AND p.group_id = ${groupId}))
      GROUP BY x.prompt_id
      HAVING sum(x.responses) > 0
    ),
    tracked AS (SELECT sum(c.mentions) AS mentions FROM contenders c),
    days AS (
      SELECT x.period, sum(x.responses) AS responses, sum(x.mentions) AS mentions,
        sum(x.competitor_mentions) AS competitor_mentions,
        sum(x.sentiment_sum) / nullif(sum(x.mentions), 0) AS sentiment
      FROM rollup_brand x
      WHERE x.brand_id = ${query.brandId} AND ${group} AND ${rollupEngine(sql, "x", query.filters)} AND ${days}
      GROUP BY x.period HAVING sum(x.responses) > 0
    ),
    engines AS (
      SELECT x.engine, sum(x.responses) AS responses, sum(x.mentions) AS mentions,
        sum(x.competitor_mentions) AS competitor_mentions,
        sum(x.position_sum)::numeric / nullif(sum(x.mentions), 0) AS position,
        sum(x.sentiment_sum) / nullif(sum(x.mentions), 0) AS sentiment
      FROM rollup_brand x
      WHERE x.brand_id = ${query.brandId} AND ${group} AND ${engineRows} AND ${rollupPeriods(sql, "x", periods)}
      GROUP BY x.engine HAVING sum(x.responses) > 0
    ),
    prompt_rows AS (
      -- Ordered by the visibility the client sees (two fraction digits), ties as documented.
      SELECT pp.id, pp.responses, pp.mentions, round(100.0 * pp.mentions / pp.responses, 2) AS share
      FROM per_prompt pp
    )
    SELECT
      (SELECT count(*)::int FROM prompts p WHERE p.brand_id = ${query.brandId}
        AND (${groupId}::bigint IS NULL OR p.group_id = ${groupId})) AS total_prompts,
      t.responses::int AS total_responses,
      t.mentions::int AS total_brand_mentions,
      ${percent(sql, "t.mentions", "t.responses")} AS brand_mention_rate,
      ${decimal(sql, "t.sentiment")} AS average_brand_sentiment,
      (SELECT count(*)::int FROM competitors c WHERE c.brand_id = ${query.brandId}) AS competitors_count,
      coalesce((
        SELECT json_agg(json_build_object('name', r.name, 'mentions', r.mentions, 'own_brand', r.own_brand,
          'ranking', r.ranking, 'visibility', ${percent(sql, "r.mentions", "t.responses")},
          'average_position', ${decimal(sql, "r.position")}, 'average_sentiment', ${decimal(sql, "r.sentiment")},
          'share_of_voice', ${percent(sql, "r.mentions", "(SELECT k.mentions FROM tracked k)")})
          ORDER BY r.ranking)
        FROM ranked r
      ), '[]'::json) AS brands_ranking,
      coalesce((
        SELECT json_agg(json_build_object('date', to_char(d.period, 'YYYY-MM-DD'), 'responses', d.responses,
          'mentions', d.mentions, 'visibility', ${percent(sql, "d.mentions", "d.responses")},
          'share_of_voice', ${percent(sql, "d.mentions", "d.mentions + d.competitor_mentions")},
          'average_sentiment', ${decimal(sql, "d.sentiment")}) ORDER BY d.period)
        FROM days d
      ), '[]'::json) AS series,
      coalesce((
        SELECT json_agg(json_build_object('ai_model', e.engine, 'responses', e.responses,
          'mentions', e.mentions, 'visibility', ${percent(sql, "e.mentions", "e.responses")},
          'share_of_voice', ${percent(sql, "e.mentions", "e.mentions + e.competitor_mentions")},
          'average_sentiment', ${decimal(sql, "e.sentiment")}, 'average_position', ${decimal(sql, "e.position")})
          ORDER BY e.engine COLLATE "C")
        FROM engines e
      ), '[]'::json) AS by_ai_model,
      coalesce((
        SELECT json_agg(json_build_object('id', x.id, 'brand_mentions', x.mentions, 'prompt', x.text,
          'visibility', ${percent(sql, "x.mentions", "x.responses")}) ORDER BY x.share DESC, x.mentions DESC, x.id)
        FROM (SELECT r.*, p.text FROM (SELECT * FROM prompt_rows ORDER BY share DESC, mentions DESC, id LIMIT 5) r JOIN prompts p ON p.id = r.id) x
      ), '[]'::json) AS top_ranked_prompts,
      coalesce((
        SELECT json_agg(json_build_object('id', x.id, 'brand_mentions', x.mentions, 'prompt', x.text,
          'visibility', ${percent(sql, "x.mentions", "x.responses")}) ORDER BY x.share, x.id)
        FROM (SELECT r.*, p.text FROM (SELECT * FROM prompt_rows ORDER BY share, id LIMIT 5) r JOIN prompts p ON p.id = r.id) x
      ), '[]'::json) AS lowest_ranked_prompts
    FROM totals t`.pipe(Effect.flatMap(decodeRows(Dashboard)), Effect.orDie)
  const [dashboard] = rows
  if (dashboard === undefined) return yield* Effect.die(new Error("the dashboard query returned no row"))
  return dashboard
})
