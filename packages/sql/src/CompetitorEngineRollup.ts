import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import * as Effect from "effect/Effect"
import { applyFunctionPair, brandWhere, countDifferences } from "./ApplyFunctions.js"
import { grainColumn, grainSets, periodColumn, periodsOf } from "./RebuildGrains.js"

/**
 * `rollup_competitor_engines` (migration 0049): per brand × competitor × engine (NULL: all
 * engines) × period, the competitor's mentions and the sums of their positions and sentiments,
 * over all prompt groups: `rollup_competitor` without its group key. The visibility report reads
 * it for competitors when it neither splits nor filters by group (read/Reports.ts): a brand with
 * ten groups has ten `rollup_competitor` rows per competitor, engine and day, and the big scale
 * brand's model × competitor report read ~18,500 of them for 30 days. Day and month rows, like
 * `rollup_competitor`.
 */

export const COMPETITOR_ENGINES_KEY = "brand_id, engine, grain, period, competitor_id"
const SUMS = ["mentions", "position_sum", "sentiment_sum"]
const COLUMNS = [COMPETITOR_ENGINES_KEY, ...SUMS].join(", ")
const APPLY_FUNCTION = { [1]: "rollup_competitor_engines_add", [-1]: "rollup_competitor_engines_subtract" } as const
const GRAINS = { engines: true, years: false }

/**
 * The rows of the mentions `where` (on alias m, joined to its prompt as p) selects, each sum
 * multiplied by `sign`, in key order: every grain and engine key from one `GROUPING SETS`
 * aggregation (RebuildGrains.ts). What the write path adds or subtracts and the rebuild inserts.
 */
const rows = (sql: SqlClient.SqlClient, where: Statement.Fragment, sign: 1 | -1) => {
  const times = sql.literal(String(sign))
  return sql`
    SELECT m.brand_id, m.engine, ${grainColumn(sql, "m")}, ${periodColumn(sql, GRAINS, "m")}, m.competitor_id,
      ${times} * count(*)::int AS mentions, ${times} * sum(m.position)::bigint AS position_sum,
      ${times} * sum(m.sentiment) AS sentiment_sum
    FROM (
      SELECT p.brand_id, m.engine, m.competitor_id, m.position, m.sentiment, ${periodsOf(sql, "m.collected_at")}
      FROM response_mentions m JOIN prompts p ON p.id = m.prompt_id WHERE ${where}
    ) m
    GROUP BY m.brand_id, m.competitor_id, ${grainSets(sql, GRAINS, "m")}
    ORDER BY 1, 2, 3, 4, 5`
}

/**
 * The rows that follow from the mentions `where` selects, computed another way than `rows`: each
 * mention spread to its engine keys and grains, then summed. What `differences` checks against.
 */
const expectedRows = (sql: SqlClient.SqlClient, where: Statement.Fragment) =>
  sql`
    SELECT p.brand_id, e.engine, g.grain,
      CASE g.grain WHEN 'day' THEN (m.collected_at AT TIME ZONE 'UTC')::date
        ELSE date_trunc('month', m.collected_at AT TIME ZONE 'UTC')::date END AS period,
      m.competitor_id, count(*)::int AS mentions, sum(m.position)::bigint AS position_sum, sum(m.sentiment) AS sentiment_sum
    FROM response_mentions m JOIN prompts p ON p.id = m.prompt_id
    CROSS JOIN LATERAL (VALUES (m.engine), (NULL::text)) e(engine)
    CROSS JOIN (VALUES ('day'), ('month')) g(grain)
    WHERE ${where}
    GROUP BY 1, 2, 3, 4, 5`

/** Adds (sign 1) or subtracts (sign -1) the mentions of the answers `ids` (a bigint[] expression) holds, in key order. */
const applyStatement = (sql: SqlClient.SqlClient, ids: Statement.Fragment, sign: 1 | -1) =>
  sql`INSERT INTO rollup_competitor_engines AS t (${sql.literal(COLUMNS)})
    ${rows(sql, sql`m.response_id = ANY(${ids})`, sign)}
    ON CONFLICT (${sql.literal(COMPETITOR_ENGINES_KEY)}) DO UPDATE
    SET ${sql.literal(SUMS.map((c) => `${c} = t.${c} + excluded.${c}`).join(", "))}`

const functions = applyFunctionPair(APPLY_FUNCTION, applyStatement)
/** Installs (or replaces) the apply statement as two PL/pgSQL functions, planned once per connection. */
export const installCompetitorEngineFunctions = functions.install
/** The installed functions and the statement that add or subtract the mentions of answers (as stored now). */
export const competitorEngineFunctions = functions

/** The mentions of one brand's prompts (alias m), or every mention. */
const mentionsOf = (sql: SqlClient.SqlClient, brandId: number | undefined) =>
  brandId === undefined ? sql`TRUE` : sql`m.prompt_id IN (SELECT q.id FROM prompts q WHERE q.brand_id = ${brandId})`

/** Recomputes the rows of one brand (or all) from the raw mentions, in the caller's transaction. */
export const rebuildCompetitorEngines = (brandId: number | undefined) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`DELETE FROM rollup_competitor_engines t WHERE ${brandWhere(sql, "t", brandId)}`
    yield* sql`INSERT INTO rollup_competitor_engines (${sql.literal(COLUMNS)}) ${rows(sql, mentionsOf(sql, brandId), 1)}`
    yield* sql`ANALYZE rollup_competitor_engines`
  })

/** A count of the stored rows that differ from the raw mentions (rows left at zero by a re-analysis count as absent). */
export const competitorEngineDifferences = (sql: SqlClient.SqlClient, brandId: number | undefined) => {
  const columns = sql.literal(COLUMNS)
  const stored = sql`SELECT ${columns} FROM rollup_competitor_engines t
    WHERE ${brandWhere(sql, "t", brandId)} AND (mentions, position_sum, sentiment_sum) <> (0, 0, 0)`
  const fresh = sql`SELECT ${columns} FROM (${expectedRows(sql, mentionsOf(sql, brandId))}) x`
  return countDifferences(sql, stored, fresh)
}
