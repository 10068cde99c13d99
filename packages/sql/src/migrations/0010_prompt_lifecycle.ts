import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * Prompts can be deleted softly: `deleted_at` hides a prompt from the admin listing and stops its
 * schedule for good, while its responses, metrics and action plan stay queryable through the API.
 * A deleted prompt is never active (pausing is `active = false` alone).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE prompts ADD COLUMN deleted_at timestamptz`
  yield* sql`ALTER TABLE prompts ADD CONSTRAINT prompts_deleted_inactive CHECK (deleted_at IS NULL OR NOT active)`
})
