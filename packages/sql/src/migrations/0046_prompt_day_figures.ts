import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * A prompt's day rows with the figures its detail's time series reads (read/Prompts.ts,
 * `getPromptJson`), index-only: the own brand's days from `rollup_prompt` (per engine key) and the
 * competitors' days from `rollup_prompt_competitor` (replacing 0032's index of the same rows
 * without their figures). The big scale prompt's 365-day detail read its 300 own-brand day rows
 * from 300 heap pages and its 2,132 competitor day rows from 317. The figures are included columns,
 * so an update of either table's rows is no longer heap-only (the write cost: docs/operations.md,
 * "Seventh round").
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE INDEX rollup_prompt_days ON rollup_prompt (prompt_id, engine, period)
    INCLUDE (responses, mentions, sentiment_sum) WHERE grain = 'day'`
  yield* sql`DROP INDEX rollup_prompt_competitor_prompt_days`
  yield* sql`
    CREATE INDEX rollup_prompt_competitor_prompt_days ON rollup_prompt_competitor (prompt_id, period)
    INCLUDE (competitor_id, mentions, sentiment_sum) WHERE grain = 'day'`
})
