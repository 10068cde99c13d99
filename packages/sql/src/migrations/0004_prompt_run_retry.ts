import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * A run that failed transiently (rate limit, 5xx, timeout) goes back to `pending` with a time it may
 * be claimed again (`available_at`), so a long server wait hint is honoured without holding a
 * worker. Claims look runs up per engine, since each engine has its own concurrency.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE prompt_runs ADD COLUMN available_at timestamptz NOT NULL DEFAULT now()`
  yield* sql`DROP INDEX prompt_runs_claimable`
  yield* sql`
    CREATE INDEX prompt_runs_claimable ON prompt_runs (engine, available_at)
    WHERE status IN ('pending', 'running')`
  yield* sql`CREATE INDEX prompt_runs_prompt_slot ON prompt_runs (prompt_id, slot)`
})
