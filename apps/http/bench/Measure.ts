/**
 * What both latency benchmarks share: a failure type, percentiles, a timed GET client, the app on a
 * free port, and the run itself (an embedded PostgreSQL in a given DATA_DIR, timed, logs quiet).
 */
import type * as FileSystem from "@effect/platform/FileSystem"
import * as HttpClient from "@effect/platform/HttpClient"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as Database from "@sightline/sql/Database"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Console from "effect/Console"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"
import type * as Scope from "effect/Scope"
import * as Os from "node:os"
import * as HttpConfig from "../src/Config.js"
import { AppLive } from "../src/Server.js"
import * as Transport from "../src/Transport.js"
import * as Arr from "effect/Array"
import * as Data from "effect/Data"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Order from "effect/Order"
import * as Schema from "effect/Schema"

export class BenchFailure extends Data.TaggedError("BenchFailure")<{ readonly message: string }> {}

// --- statistics -----------------------------------------------------------------------------------

/** Nearest-rank percentile of ascending samples. */
export const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN

export interface RunStats {
  readonly requests: number
  readonly p50: number
  readonly p95: number
  readonly p99: number
  readonly perSecond: number
}

export const statsOf = (latencies: ReadonlyArray<number>, elapsed: Duration.Duration): RunStats => {
  const sorted = Arr.sort(latencies, Order.number)
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    perSecond: sorted.length / (Duration.toMillis(elapsed) / 1000)
  }
}

export const ms = (n: number) => n.toFixed(1)

// --- requests -------------------------------------------------------------------------------------

export interface Target {
  readonly name: string
  readonly path: string
}

export const makeRequester = (baseUrl: string, key: string) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    /** One GET to completion (body read); fails unless the answer is a 200. Returns its latency in ms. */
    const hit = (path: string) =>
      Effect.gen(function*() {
        const [elapsed, status] = yield* Effect.timed(
          client.get(`${baseUrl}${path}`, { headers: { "api-key": key } }).pipe(
            Effect.tap((response) => response.arrayBuffer),
            Effect.map((response) => response.status)
          )
        )
        if (status !== 200) return yield* new BenchFailure({ message: `GET ${path} answered ${status}` })
        return Duration.toMillis(elapsed)
      }).pipe(Effect.catchTag("RequestError", "ResponseError", (e) => new BenchFailure({ message: e.message })))

    const json = <A, I>(path: string, schema: Schema.Schema<A, I>) =>
      client.get(`${baseUrl}${path}`, { headers: { "api-key": key } }).pipe(
        Effect.flatMap((response) => response.json),
        Effect.flatMap(Schema.decodeUnknown(schema)),
        Effect.mapError((e) => new BenchFailure({ message: `GET ${path}: ${e.message}` }))
      )

    return { hit, json } as const
  })

export type Requester = Effect.Effect.Success<ReturnType<typeof makeRequester>>

// --- the application and the run ----------------------------------------------------------------

/** The API's database (`Database.requestLayer`, as main.ts serves) on the benchmark's DATA_DIR. */
export type ServedDatabase = Layer.Layer<Layer.Layer.Success<typeof Database.requestLayer>, unknown>

/**
 * The application as main.ts composes it, on a free port of 127.0.0.1 and a rate limit out of the
 * way, reading through its own pool as the API does (no parallel query).
 */
export const appOnFreePort = (database: ServedDatabase) => AppLive.pipe(
  Layer.provideMerge(Transport.layer({ port: 0, host: "127.0.0.1" })),
  Layer.provideMerge(HttpConfig.layerFrom({
    host: "127.0.0.1",
    port: 0,
    defaultRateLimitPerMinute: 10_000_000,
    keyUsageFlushMillis: 5_000,
    demo: false,
    maxUrlBytes: 8192,
    maxHeaderBytes: 16384,
    shutdownTimeoutMillis: 10_000
  })),
  Layer.provide(database)
)

type Provided = Layer.Layer.Success<typeof Database.layer> | NodeContext.NodeContext | HttpClient.HttpClient

/**
 * Runs a benchmark as the process's main: prints the machine, starts (and later stops) the embedded
 * server of the DATA_DIR that `dataDir` gives (DATABASE_URL is never read), prints the total time.
 */
export const runBenchmark = <E>(
  title: string,
  dataDir: Effect.Effect<string, unknown, FileSystem.FileSystem | Scope.Scope>,
  benchmark: (served: ServedDatabase) => Effect.Effect<void, E, Provided>
) => {
  const main = Effect.gen(function*() {
    yield* Console.log(
      `${title}: ${Os.cpus().length} cores, Node ${process.version}, load average ${
        Os.loadavg().map((l) => l.toFixed(2)).join(" ")
      }`
    )
    const dir = yield* Effect.orDie(dataDir)
    const dataDirOnly = Layer.setConfigProvider(ConfigProvider.fromMap(new Map([["DATA_DIR", dir]])))
    const DatabaseLive = Database.layer.pipe(Layer.provide(dataDirOnly))
    const served: ServedDatabase = Database.requestLayer.pipe(Layer.provide(dataDirOnly))
    const [total] = yield* Effect.timed(benchmark(served).pipe(Effect.provide(DatabaseLive)))
    yield* Console.log(`\nTotal: ${(Duration.toMillis(total) / 1000).toFixed(1)} s`)
  }).pipe(
    Effect.scoped,
    Effect.provide(Layer.mergeAll(NodeContext.layer, NodeHttpClient.layerUndici)),
    Effect.provide(Logger.minimumLogLevel(LogLevel.Warning))
  )
  NodeRuntime.runMain(main, { disablePrettyLogger: true })
}
