/** What both latency benchmarks share: a failure type, percentiles, and a timed GET client. */
import * as HttpClient from "@effect/platform/HttpClient"
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
