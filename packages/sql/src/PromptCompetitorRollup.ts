import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import * as Effect from "effect/Effect"
import { applyFunctionPair, brandWhere, countDifferences } from "./ApplyFunctions.js"
import { grainColumn, grainSets, periodColumn, periodsOf } from "./RebuildGrains.js"

/**
 * `rollup_prompt_competitor` (migration 0025): per prompt × competitor × period, the competitor's
 * mentions in the prompt's answers and the sums of their positions and sentiments, over all
 * engines. The visibility report reads it for competitors per prompt (the `prompt` dimension or a
 * `prompt_id` filter) instead of the raw mentions. It has day, month and year rows (like
 * `rollup_prompt`'s all-engines rows) and no per-engine rows: each mention of a written answer
 * upserts three rows, and a report that splits or filters prompts by engine still counts from the
 * raw mentions (docs/metrics.md).
 *
 * Kept apart from the other rollups' statement (Rollups.ts): it is its own table, statement and
 * PL/pgSQL function, which Rollups.add/subtract call after theirs in the same transaction.
 */

export const PROMPT_COMPETITOR_KEY = "brand_id, grain, period, prompt_id, competitor_id"
const SUMS = ["mentions", "position_sum", "sentiment_sum"]
const APPLY_FUNCTION = { [1]: "rollup_prompt_competitor_add", [-1]: "rollup_prompt_competitor_subtract" } as const

/** The rows that follow from the mentions `where` (on alias m) selects. */
export const expectedPromptCompetitor = (sql: SqlClient.SqlClient, where: Statement.Fragment) =>
  sql`
    SELECT p.brand_id, g.grain,
      CASE g.grain WHEN 'day' THEN (m.collected_at AT TIME ZONE 'UTC')::date
        ELSE date_trunc(g.grain, m.collected_at AT TIME ZONE 'UTC')::date END AS period,
      m.prompt_id, m.competitor_id,
      count(*)::int AS mentions, sum(m.position)::bigint AS position_sum, sum(m.sentiment) AS sentiment_sum
    FROM response_mentions m JOIN prompts p ON p.id = m.prompt_id
    CROSS JOIN (VALUES ('day'), ('month'), ('year')) g(grain)
    WHERE ${where}
    GROUP BY 1, 2, 3, 4, 5`

/** Adds (sign 1) or subtracts (sign -1) the mentions of the answers `ids` (a bigint[] expression) holds, in key order. */
const applyStatement = (sql: SqlClient.SqlClient, ids: Statement.Fragment, sign: 1 | -1) =>
  sql`INSERT INTO rollup_prompt_competitor AS t (${sql.literal([PROMPT_COMPETITOR_KEY, ...SUMS].join(", "))})
    SELECT ${sql.literal([PROMPT_COMPETITOR_KEY, ...SUMS.map((c) => `${sign} * ${c}`)].join(", "))}
    FROM (${expectedPromptCompetitor(sql, sql`m.response_id = ANY(${ids})`)}) x
    ORDER BY ${sql.literal(PROMPT_COMPETITOR_KEY)}
    ON CONFLICT (${sql.literal(PROMPT_COMPETITOR_KEY)}) DO UPDATE
    SET ${sql.literal(SUMS.map((c) => `${c} = t.${c} + excluded.${c}`).join(", "))}`

const functions = applyFunctionPair(APPLY_FUNCTION, applyStatement)
/** Installs (or replaces) the apply statement as two PL/pgSQL functions, planned once per connection. */
export const installPromptCompetitorFunctions = functions.install
/** The installed functions and the statement that add or subtract the figures of answers (their mentions as stored now). */
export const promptCompetitorFunctions = functions

/**
 * Recomputes the rows of one brand (or all) from the raw mentions, in the caller's transaction:
 * the day, month and year rows from one `GROUPING SETS` aggregation (RebuildGrains.ts).
 */
export const rebuildPromptCompetitor = (brandId: number | undefined) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`DELETE FROM rollup_prompt_competitor t WHERE ${brandWhere(sql, "t", brandId)}`
    const prompts = brandId === undefined
      ? sql`TRUE`
      : sql`m.prompt_id IN (SELECT q.id FROM prompts q WHERE q.brand_id = ${brandId})`
    const grains = { engines: false, years: true }
    yield* sql`INSERT INTO rollup_prompt_competitor (${sql.literal([PROMPT_COMPETITOR_KEY, ...SUMS].join(", "))})
      SELECT m.brand_id, ${grainColumn(sql, "m")}, ${periodColumn(sql, grains, "m")}, m.prompt_id, m.competitor_id,
        count(*)::int, sum(m.position)::bigint, sum(m.sentiment)
      FROM (
        SELECT p.brand_id, m.prompt_id, m.competitor_id, m.position, m.sentiment, ${periodsOf(sql, "m.collected_at")}
        FROM response_mentions m JOIN prompts p ON p.id = m.prompt_id WHERE ${prompts}
      ) m
      GROUP BY m.brand_id, m.prompt_id, m.competitor_id, ${grainSets(sql, grains, "m")}
      ORDER BY 1, 2, 3, 4, 5`
    yield* sql`ANALYZE rollup_prompt_competitor`
  })

/** A count of the stored rows that differ from the raw mentions (zero rows left by a re-analysis count as absent). */
export const promptCompetitorDifferences = (sql: SqlClient.SqlClient, brandId: number | undefined) => {
  const columns = sql.literal([PROMPT_COMPETITOR_KEY, ...SUMS].join(", "))
  const prompts = brandId === undefined
    ? sql`TRUE`
    : sql`m.prompt_id IN (SELECT q.id FROM prompts q WHERE q.brand_id = ${brandId})`
  const stored = sql`SELECT ${columns} FROM rollup_prompt_competitor t
    WHERE ${brandWhere(sql, "t", brandId)} AND (mentions, position_sum, sentiment_sum) <> (0, 0, 0)`
  const fresh = sql`SELECT ${columns} FROM (${expectedPromptCompetitor(sql, prompts)}) x`
  return countDifferences(sql, stored, fresh)
}
