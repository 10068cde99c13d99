import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * Token buckets shared by every HTTP process on the database (RATE_LIMIT_STORE=postgres).
 * UNLOGGED: a bucket is worth losing on a crash (it refills within a minute anyway), not a WAL write
 * on every request. `updated_at` is the database clock in epoch milliseconds, so processes on
 * machines with drifting clocks share one time line. No index on `updated_at`: every request
 * rewrites it, and without one the update stays a HOT update; the once-a-minute sweep of idle
 * buckets scans the small table instead.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE UNLOGGED TABLE rate_limit_buckets (
      name text PRIMARY KEY,
      tokens double precision NOT NULL,
      allowed boolean NOT NULL,
      updated_at double precision NOT NULL
    )`
})
