import * as Migrator from "@effect/sql/Migrator"
import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import core from "./migrations/0001_core.js"
import referenceData from "./migrations/0002_reference_data.js"
import workerRuns from "./migrations/0003_worker_runs.js"
import promptRunRetry from "./migrations/0004_prompt_run_retry.js"
import rateLimitBuckets from "./migrations/0012_rate_limit_buckets.js"

/** Every migration, in order. Add new ones here as `NNNN_name`. */
export const migrations = Migrator.fromRecord({
  "0001_core": core,
  "0002_reference_data": referenceData,
  "0003_worker_runs": workerRuns,
  "0004_prompt_run_retry": promptRunRetry,
  "0012_rate_limit_buckets": rateLimitBuckets
})

// The generic migrator: PgMigrator.run would also need FileSystem, Path and a shell to dump schemas.
const runMigrations = Migrator.make({})

// Any constant works; it only has to be the same in every Sightline process.
const MIGRATION_LOCK = 7_263_415_001

/**
 * Runs pending migrations, idempotently. The Migrator itself skips (rather than waits) when another
 * process holds its table lock, which would let a second process start on a half-migrated schema:
 * a session advisory lock makes concurrent starters wait for each other instead.
 */
export const migrate = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return yield* Effect.scoped(Effect.gen(function*() {
    const connection = yield* sql.reserve
    yield* Effect.acquireRelease(
      connection.executeUnprepared(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`, [], undefined),
      () => Effect.orDie(connection.executeUnprepared(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`, [], undefined))
    )
    return yield* runMigrations({ loader: migrations })
  }))
}).pipe(Effect.withSpan("Database.migrate"))
