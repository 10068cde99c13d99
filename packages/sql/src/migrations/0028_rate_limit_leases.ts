import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * `rate_limit_buckets.granted`: how many tokens the last statement on a bucket handed out. With
 * RATE_LIMIT_STORE=postgres a process takes a small batch of tokens at once (a lease) and spends
 * them without a statement; the statement returns how many it got.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE rate_limit_buckets ADD COLUMN IF NOT EXISTS granted integer NOT NULL DEFAULT 0`
})
