import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * One row per (prompt, engine, scheduled slot): the unit of collection work. The unique key makes
 * each slot run at most once; `lease_until` lets another worker take over a run whose worker died.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE prompt_runs (
      id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      prompt_id     bigint NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
      engine        text NOT NULL CHECK (engine IN
        ('chat_gpt','perplexity','bing_copilot','google_ai','gemini','grok','google_ai_mode')),
      slot          timestamptz NOT NULL,
      status        text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'running', 'succeeded', 'failed', 'skipped')),
      attempts      integer NOT NULL DEFAULT 0,
      worker_id     text,
      lease_until   timestamptz,
      response_id   bigint REFERENCES responses (id) ON DELETE SET NULL,
      error_code    text,
      error_message text,
      created_at    timestamptz NOT NULL DEFAULT now(),
      started_at    timestamptz,
      finished_at   timestamptz,
      UNIQUE (prompt_id, engine, slot)
    )`
  yield* sql`CREATE INDEX prompt_runs_claimable ON prompt_runs (slot) WHERE status IN ('pending', 'running')`
  yield* sql`CREATE INDEX prompt_runs_failed ON prompt_runs (finished_at DESC) WHERE status = 'failed'`
})
