import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * One prompt's day rows of `rollup_prompt_competitor`, in day order: a prompt's detail reads its
 * competitors' daily figures from them (read/Prompts.ts, getPromptJson) instead of counting the
 * prompt's raw mentions (~5,500 in a year of a big brand's prompt, against ~2,100 day rows). The
 * table's key leads with the brand and period (the reports' reads), which cannot find one
 * prompt's rows without walking every prompt's. The index holds no figure, so updates of the
 * figures stay heap-only; only a new day row adds an entry.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE INDEX rollup_prompt_competitor_prompt_days ON rollup_prompt_competitor (prompt_id, period)
    WHERE grain = 'day'`
})
