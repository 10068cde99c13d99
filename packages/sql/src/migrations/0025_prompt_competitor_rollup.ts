import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import { installPromptCompetitorFunctions, rebuildPromptCompetitor } from "../PromptCompetitorRollup.js"

/**
 * `rollup_prompt_competitor` (what it holds: PromptCompetitorRollup.ts): competitor mentions per
 * prompt, so the visibility report's `prompt` dimension reads rollups instead of raw mentions. One
 * unique key serves both the write path's upserts and the report's read of a brand's rows over a
 * range; the figures are not in it, so their updates stay heap-only. Existing mentions are rolled
 * up here.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE rollup_prompt_competitor (
      brand_id      bigint NOT NULL,
      grain         text NOT NULL CHECK (grain IN ('day', 'month', 'year')),
      period        date NOT NULL,
      prompt_id     bigint NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
      competitor_id bigint NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
      mentions      integer NOT NULL,
      position_sum  bigint NOT NULL,
      sentiment_sum numeric NOT NULL,
      PRIMARY KEY (brand_id, grain, period, prompt_id, competitor_id)
    ) WITH (fillfactor = 80)`
  yield* sql.withTransaction(rebuildPromptCompetitor(undefined)).pipe(Effect.orDie)
  yield* installPromptCompetitorFunctions
})
