import * as PgClient from "@effect/sql-pg/PgClient"
import { SqlError } from "@effect/sql/SqlError"
import { Progress } from "@sightline/runtime"
import * as Config from "effect/Config"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { fileURLToPath } from "node:url"
import pg from "pg"
import * as EmbeddedPostgres from "./EmbeddedPostgres.js"
import { PREPARED_CAPACITY, PreparedNames, ReadPool } from "./ReadPool.js"
import { migrate } from "./Migrations.js"

const INT8_OID = 20
const DATE_OID = 1082

/**
 * node-postgres returns int8 (ids, count(*)) as strings and `date` as a local-midnight Date. Ids
 * and counts here stay far below 2^53, so int8 becomes a number; dates stay `YYYY-MM-DD` text.
 * numeric stays text: decimal strings are formatted in SQL, never through floats.
 */
export const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: (oid: number, format?: "text" | "binary") => {
    if (oid === INT8_OID && format !== "binary") return (value: string) => Number(value)
    if (oid === DATE_OID && format !== "binary") return (value: string) => value
    return pg.types.getTypeParser(oid, format)
  }
}

/** `.data` at the root of the checkout, whichever folder a command is started from. */
const defaultDataDir = fileURLToPath(new URL("../../../.data", import.meta.url))

/** The connection URL: DATABASE_URL if set, else the embedded server of DATA_DIR (started or reused). */
export const connectionUrl = Effect.gen(function*() {
  const databaseUrl = yield* Config.option(Config.redacted("DATABASE_URL"))
  if (Option.isSome(databaseUrl)) return databaseUrl.value
  const dataDir = yield* Config.string("DATA_DIR").pipe(Config.withDefault(defaultDataDir))
  const creating = `creating the database in ${dataDir}`
  const fresh = !EmbeddedPostgres.isInitialised(dataDir)
  if (fresh) yield* Progress.report(creating, 0, 1)
  const server = yield* EmbeddedPostgres.acquire(dataDir)
  if (fresh) yield* Progress.report(creating, 1, 1)
  yield* Effect.logDebug(server.owned ? "started embedded PostgreSQL" : "reusing running embedded PostgreSQL")
  return Redacted.make(server.url)
})

/** How long a connection attempt may take (pg's default waits forever). */
const CONNECT_TIMEOUT = Duration.seconds(5)

/**
 * The pg pool on the given URL, with Sightline's type parsers, checked with a first query (a
 * database that cannot be reached fails the start, as PgClient's own pool does); ended on release.
 */
const makePool = (url: Redacted.Redacted, options: PoolOptions) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        const pool = new pg.Pool({
          connectionString: Redacted.value(url),
          connectionTimeoutMillis: Duration.toMillis(CONNECT_TIMEOUT),
          max: options.maxConnections ?? 10,
          application_name: "sightline",
          types: pgTypes,
          // Run on each new connection before the pool hands it out. A SET rather than the startup
          // `options` parameter, which PgBouncer refuses.
          ...(options.parallelWorkers === undefined ? {} : {
            onConnect: (client: pg.ClientBase) => client.query(`SET max_parallel_workers_per_gather = ${options.parallelWorkers}`)
          })
        })
        // An idle connection that breaks is dropped by the pool; the error needs no handler beyond this.
        pool.on("error", () => undefined)
        await pool.query("SELECT 1").catch(async (error: unknown) => {
          await pool.end().catch(() => undefined)
          throw error
        })
        return pool
      },
      catch: (cause) => new SqlError({ cause, message: "PgClient: Failed to connect" })
    }).pipe(
      Effect.timeoutFail({
        duration: CONNECT_TIMEOUT,
        onTimeout: () => new SqlError({ cause: new Error("Connection timed out"), message: "PgClient: Connection timed out" })
      })
    ),
    (pool) => Effect.promise(() => pool.end()).pipe(Effect.interruptible, Effect.timeoutOption(1000))
  )

/** How a process's pool connects. */
export interface PoolOptions {
  /** Connections at most (default 10). */
  readonly maxConnections?: number
  /**
   * `max_parallel_workers_per_gather` for every connection; the server's setting when undefined.
   * The API sets 0 (`requestLayer`): a rollup read that the planner spreads over parallel workers
   * spent ~16 ms starting them to do ~2 ms of work each (docs/operations.md, "Ninth round").
   */
  readonly parallelWorkers?: number | undefined
}

/**
 * A PgClient on the given URL, with Sightline's type parsers, and its pool as the ReadPool (for the
 * API's per-request reads). A connection attempt gives up after 5 s (pg's default waits forever),
 * so a database that stopped answering is an error the HTTP edge reports as 503, not a request
 * that hangs.
 */
export const clientLayer = (url: Redacted.Redacted, options: PoolOptions = {}) =>
  Layer.unwrapScoped(
    Effect.map(makePool(url, options), (pool) =>
      Layer.merge(
        PgClient.layerFromPool({ acquire: Effect.succeed(pool), applicationName: "sightline", types: pgTypes }),
        Layer.succeed(ReadPool, { pool, prepared: new PreparedNames(PREPARED_CAPACITY) })
      ))
  )

/** A client on `url` with the schema brought up to date before anything else touches it. */
export const layerAt = (url: Redacted.Redacted, options: PoolOptions = {}) =>
  Layer.effectDiscard(migrate).pipe(Layer.provideMerge(clientLayer(url, options)))

/**
 * The database of a process: connects (starting the embedded server when DATABASE_URL is unset),
 * then brings the schema up to date before anything else touches it. DATABASE_PARALLEL_WORKERS,
 * when set, overrides `parallelWorkers`.
 */
const layerWith = (parallelWorkers: number | undefined) =>
  Layer.unwrapScoped(
    Effect.gen(function*() {
      const url = yield* connectionUrl
      const maxConnections = yield* Config.integer("DATABASE_POOL_SIZE").pipe(Config.withDefault(10))
      const configured = yield* Config.option(Config.integer("DATABASE_PARALLEL_WORKERS").pipe(
        Config.validate({ message: "DATABASE_PARALLEL_WORKERS must be 0 or more", validation: (n) => n >= 0 })
      ))
      return layerAt(url, { maxConnections, parallelWorkers: Option.getOrElse(configured, () => parallelWorkers) })
    })
  )

/** The worker's and the CLI's database: parallel query as the server is set up (rebuilds and backfills use it). */
export const layer = layerWith(undefined)

/**
 * The database of the processes that serve requests (the API, the MCP server): no parallel workers,
 * so a request's statement runs on one core and concurrent requests share the cores.
 */
export const requestLayer = layerWith(0)
