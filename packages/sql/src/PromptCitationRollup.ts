import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import * as Effect from "effect/Effect"
import { applyFunctionPair, countDifferences } from "./ApplyFunctions.js"
import { grainColumn, grainSets, periodColumn, periodsOf } from "./RebuildGrains.js"

/**
 * `rollup_prompt_citations` (migration 0048): per prompt × cited source × period, the answers
 * citing it, over all engines. A source is a domain (`url_id` 0: an answer citing two of its URLs
 * counts once) or a URL (`url_id`, with its `domain_id`; an answer cites a URL at most once). An
 * answer has one UTC day, so the counts add up over periods: day, month and year rows, like
 * `rollup_prompt_competitor`. The prompt's citations endpoint reads it without an `ai_model`
 * filter (read/Prompts.ts, `listCitationsJson`): a trailing year of the big scale prompt is one
 * row per cited domain and URL (~4,500) instead of its ~6,200 citations read twice, sorted and
 * counted distinct per domain. With an `ai_model` filter the endpoint still counts the raw
 * citations.
 */

export const PROMPT_CITATIONS_KEY = "prompt_id, grain, period, url_id, domain_id"
const COLUMNS = `${PROMPT_CITATIONS_KEY}, responses`
const APPLY_FUNCTION = { [1]: "rollup_prompt_citations_add", [-1]: "rollup_prompt_citations_subtract" } as const

/** The prompts of one brand (as `alias`.prompt_id), or every prompt when `brandId` is undefined. */
export const promptsOfBrand = (sql: SqlClient.SqlClient, alias: string, brandId: number | undefined): Statement.Fragment =>
  brandId === undefined
    ? sql`TRUE`
    : sql`${sql.literal(`${alias}.prompt_id`)} IN (SELECT q.id FROM prompts q WHERE q.brand_id = ${brandId})`

/**
 * The rows of the citations `where` (on alias rc) selects, each count multiplied by `sign`, in key
 * order: one row per answer and source first (a domain cited through two URLs of one answer is one
 * answer), then every grain of each source from one `GROUPING SETS` aggregation (RebuildGrains.ts).
 * What the write path adds or subtracts and the rebuild inserts.
 */
const rows = (sql: SqlClient.SqlClient, where: Statement.Fragment, sign: 1 | -1) => {
  const grains = { engines: false, years: true }
  return sql`
    SELECT c.prompt_id, ${grainColumn(sql, "c")}, ${periodColumn(sql, grains, "c")}, c.url_id, c.domain_id,
      ${sql.literal(String(sign))} * count(*)::int AS responses
    FROM (
      SELECT rc.prompt_id, rc.response_id, rc.domain_id, u.url_id, ${periodsOf(sql, "rc.collected_at")}
      FROM response_citations rc CROSS JOIN LATERAL (VALUES (0::bigint), (rc.url_id)) u(url_id)
      WHERE ${where}
      GROUP BY rc.prompt_id, rc.response_id, rc.domain_id, u.url_id, rc.collected_at
    ) c
    GROUP BY c.prompt_id, c.url_id, c.domain_id, ${grainSets(sql, grains, "c")}
    ORDER BY 1, 2, 3, 4, 5`
}

/**
 * The rows that follow from the citations `where` (on alias rc) selects, computed another way than
 * `rows`: each citation spread to its three grains, and each source's answers counted distinct.
 * What `differences` checks the stored rows against.
 */
const expectedRows = (sql: SqlClient.SqlClient, where: Statement.Fragment) =>
  sql`
    SELECT rc.prompt_id, g.grain,
      CASE g.grain WHEN 'day' THEN (rc.collected_at AT TIME ZONE 'UTC')::date
        ELSE date_trunc(g.grain, rc.collected_at AT TIME ZONE 'UTC')::date END AS period,
      u.url_id, rc.domain_id, count(DISTINCT rc.response_id)::int AS responses
    FROM response_citations rc CROSS JOIN LATERAL (VALUES (0::bigint), (rc.url_id)) u(url_id)
    CROSS JOIN (VALUES ('day'), ('month'), ('year')) g(grain)
    WHERE ${where}
    GROUP BY 1, 2, 3, 4, 5`

/** Adds (sign 1) or subtracts (sign -1) the citations of the answers `ids` (a bigint[] expression) holds, in key order. */
const applyStatement = (sql: SqlClient.SqlClient, ids: Statement.Fragment, sign: 1 | -1) =>
  sql`INSERT INTO rollup_prompt_citations AS t (${sql.literal(COLUMNS)})
    ${rows(sql, sql`rc.response_id = ANY(${ids})`, sign)}
    ON CONFLICT (${sql.literal(PROMPT_CITATIONS_KEY)}) DO UPDATE SET responses = t.responses + excluded.responses`

const functions = applyFunctionPair(APPLY_FUNCTION, applyStatement)
/** Installs (or replaces) the apply statement as two PL/pgSQL functions, planned once per connection. */
export const installPromptCitationFunctions = functions.install
/** The installed functions and the statement that add or subtract the citations of answers (as stored now). */
export const promptCitationFunctions = functions

/** Recomputes the rows of one brand's prompts (or every prompt) from the raw citations, in the caller's transaction. */
export const rebuildPromptCitations = (brandId: number | undefined) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`DELETE FROM rollup_prompt_citations t WHERE ${promptsOfBrand(sql, "t", brandId)}`
    yield* sql`INSERT INTO rollup_prompt_citations (${sql.literal(COLUMNS)}) ${rows(sql, promptsOfBrand(sql, "rc", brandId), 1)}`
    yield* sql`ANALYZE rollup_prompt_citations`
  })

/** A count of the stored rows that differ from the raw citations (rows left at zero by a re-analysis count as absent). */
export const promptCitationDifferences = (sql: SqlClient.SqlClient, brandId: number | undefined) => {
  const columns = sql.literal(COLUMNS)
  const stored = sql`SELECT ${columns} FROM rollup_prompt_citations t WHERE ${promptsOfBrand(sql, "t", brandId)} AND responses <> 0`
  const fresh = sql`SELECT ${columns} FROM (${expectedRows(sql, promptsOfBrand(sql, "rc", brandId))}) x`
  return countDifferences(sql, stored, fresh)
}
