import * as SqlClient from "@effect/sql/SqlClient"
import { AI_MODELS } from "@sightline/domain/AiModel"
import { Dashboard } from "@sightline/domain/api/Resources"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { type Field, jsonArray } from "./JsonText.js"
import { brandDays, dataRange, decimal, decodeRows, inPeriodBranches, inPeriods, percent, type ResponseFilters, rollupEngine, rollupPeriods, upToDate } from "./Query.js"

/** The text of the ranked prompt `r`: five lookups by primary key (a join hashed the brand's every prompt). */
const promptText = (sql: SqlClient.SqlClient) => sql.literal("(SELECT p.text FROM prompts p WHERE p.id = r.id) AS text")

/** A ranked prompt (RankedPrompt) of alias x. */
const rankedPrompt = (sql: SqlClient.SqlClient): ReadonlyArray<Field> => [
  ["id", "x.id", "json"],
  ["brand_mentions", "x.mentions", "json"],
  ["prompt", "to_json(x.text)", "json"],
  ["visibility", percent(sql, "x.mentions", "x.responses"), "digits"]
]

/** The own brand's figures of a day or an engine (alias `a`), in the contract's order. */
const ownBrandFigures = (sql: SqlClient.SqlClient, a: string): ReadonlyArray<Field> => [
  ["responses", `${a}.responses`, "json"],
  ["mentions", `${a}.mentions`, "json"],
  ["visibility", percent(sql, `${a}.mentions`, `${a}.responses`), "digits"],
  ["share_of_voice", percent(sql, `${a}.mentions`, `${a}.mentions + ${a}.competitor_mentions`), "digits"],
  ["average_sentiment", decimal(sql, `${a}.sentiment`), "digits"]
]

/** The statement's row: the scalars, and each array already as JSON text. */
const DashboardRow = Schema.Struct({
  total_prompts: Schema.Int,
  total_responses: Schema.Int,
  total_brand_mentions: Schema.Int,
  brand_mention_rate: Schema.String,
  average_brand_sentiment: Schema.String,
  competitors_count: Schema.Int,
  brands_ranking: Schema.String,
  top_ranked_prompts: Schema.String,
  lowest_ranked_prompts: Schema.String,
  series: Schema.String,
  by_ai_model: Schema.String
})

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
 *
 * Written by PostgreSQL as JSON text, byte for byte what `JSON.stringify` writes for the decoded
 * Dashboard (keys in the contract's order, names and prompts escaped by `to_json`, which escapes as
 * JSON.stringify does), and sent as it is: parsing, decoding and writing again the big brand's
 * 300-day series cost more than reading it (handlers/Common.ts, `asJsonWithText`).
 */
export const getDashboardJson = Effect.fnUntraced(function*(query: DashboardQuery) {
  const sql = yield* SqlClient.SqlClient
  yield* upToDate({ brandId: query.brandId })
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
        FROM (${
    // One index range per grain, index-only (migration 0045): a brand's month rows of one engine
    // key lie on as many heap pages as there are rows (11 competitors × 10 groups × 11 months).
    inPeriodBranches(sql, "x", periods, false, (inRange) =>
      sql`SELECT x.competitor_id, x.mentions, x.position_sum, x.sentiment_sum FROM rollup_competitor x
          WHERE x.brand_id = ${query.brandId} AND ${group} AND ${inRange}`)
  }) x
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
        SELECT ${
    jsonArray(sql, [
      ["name", "to_json(r.name)", "json"],
      ["mentions", "r.mentions", "json"],
      ["own_brand", "r.own_brand", "json"],
      ["ranking", "r.ranking", "json"],
      ["visibility", percent(sql, "r.mentions", "t.responses"), "digits"],
      ["average_position", decimal(sql, "r.position"), "digits"],
      ["average_sentiment", decimal(sql, "r.sentiment"), "digits"],
      ["share_of_voice", percent(sql, "r.mentions", "(SELECT k.mentions FROM tracked k)"), "digits"]
    ], "r.ranking")
  }
        FROM ranked r
      ), '[]') AS brands_ranking,
      coalesce((
        SELECT ${jsonArray(sql, rankedPrompt(sql), "x.share DESC, x.mentions DESC, x.id")}
        FROM (SELECT r.*, ${promptText(sql)} FROM (SELECT * FROM prompt_rows ORDER BY share DESC, mentions DESC, id LIMIT 5) r) x
      ), '[]') AS top_ranked_prompts,
      coalesce((
        SELECT ${jsonArray(sql, rankedPrompt(sql), "x.share, x.id")}
        FROM (SELECT r.*, ${promptText(sql)} FROM (SELECT * FROM prompt_rows ORDER BY share, id LIMIT 5) r) x
      ), '[]') AS lowest_ranked_prompts,
      coalesce((
        SELECT ${
    jsonArray(sql, [
      ["date", "to_char(d.period, 'YYYY-MM-DD')", "digits"],
      ...ownBrandFigures(sql, "d")
    ], "d.period")
  }
        FROM days d
      ), '[]') AS series,
      coalesce((
        SELECT ${
    jsonArray(sql, [
      ["ai_model", "to_json(e.engine)", "json"],
      ...ownBrandFigures(sql, "e"),
      ["average_position", decimal(sql, "e.position"), "digits"]
    ], "e.engine COLLATE \"C\"")
  }
        FROM engines e
      ), '[]') AS by_ai_model
    FROM totals t`.pipe(Effect.flatMap(decodeRows(DashboardRow)), Effect.orDie)
  const [row] = rows
  if (row === undefined) return yield* Effect.die(new Error("the dashboard query returned no row"))
  // The contract's order of keys (Dashboard); the scalars are numbers and decimal strings.
  return `{"total_prompts":${row.total_prompts},"total_responses":${row.total_responses},"total_brand_mentions":${row.total_brand_mentions},"brand_mention_rate":${
    JSON.stringify(row.brand_mention_rate)
  },"average_brand_sentiment":${JSON.stringify(row.average_brand_sentiment)},"competitors_count":${row.competitors_count},"brands_ranking":${row.brands_ranking},"top_ranked_prompts":${row.top_ranked_prompts},"lowest_ranked_prompts":${row.lowest_ranked_prompts},"series":${row.series},"by_ai_model":${row.by_ai_model}}`
})

const decodeDashboard = Schema.decode(Schema.parseJson(Dashboard))

/** The dashboard decoded (parsed and checked with the contract's schema): for the MCP tools and the tests. */
export const getDashboard = (query: DashboardQuery) =>
  Effect.flatMap(getDashboardJson(query), (text) => Effect.orDie(decodeDashboard(text)))
