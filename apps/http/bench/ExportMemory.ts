/**
 * Export memory benchmark: streams the big brand's answers (ScaleDataset.ts: 1,050,000 answers over
 * 300 days) through GET /v1/exports/responses/ of the real HTTP application, as NDJSON and CSV, for
 * 30 days (~105k rows) and the whole history (~1.05M rows), and prints the process's resident set
 * size (RSS, sampled every 50 ms) as the rows go out: the baseline before the request, the peak,
 * and the RSS at each tenth of the rows. A server that buffered the result would grow with the
 * rows; a streaming one stays flat. Server and client share this process, so the figures include
 * the client's read buffers too (it counts lines and keeps nothing).
 *
 * The dataset is built once (a few minutes) in `.data/bench-scale` and reused by `pnpm bench:scale`.
 * Run with `pnpm bench:export [--rebuild]`.
 */
import * as HttpServer from "@effect/platform/HttpServer"
import * as SqlClient from "@effect/sql/SqlClient"
import { ApiKeys } from "@sightline/sql/ApiKeys"
import { Rollups } from "@sightline/sql/Rollups"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { appOnFreePort, BenchFailure, runBenchmark, type ServedDatabase } from "./Measure.js"
import { dataDir, dataset } from "./ScaleDataset.js"

const SAMPLE_MS = 50
const MIB = 1024 * 1024

interface Run {
  readonly label: string
  readonly rows: number
  readonly bytes: number
  readonly seconds: number
  readonly baselineRss: number
  readonly peakRss: number
  /** RSS when each tenth of the rows had arrived. */
  readonly rssByTenth: ReadonlyArray<number>
}

const mib = (bytes: number) => (bytes / MIB).toFixed(0)

/** One export read to the end, counting record ends (LF) while RSS is sampled. */
const exportRun = (label: string, url: string, key: string, expectedRows: number, csv: boolean) =>
  Effect.tryPromise({
    try: async (): Promise<Run> => {
      globalThis.gc?.()
      const baselineRss = process.memoryUsage().rss
      let peakRss = baselineRss
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss)
      }, SAMPLE_MS)
      const started = performance.now()
      try {
        const response = await fetch(url, { headers: { "api-key": key } })
        if (response.status !== 200 || response.body === null) throw new Error(`${url} answered ${response.status}`)
        let lines = 0
        let bytes = 0
        const rssByTenth: Array<number> = []
        let nextTenth = expectedRows / 10
        for await (const chunk of response.body) {
          bytes += chunk.byteLength
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++
          while (lines >= nextTenth && rssByTenth.length < 10) {
            rssByTenth.push(process.memoryUsage().rss)
            nextTenth += expectedRows / 10
          }
        }
        peakRss = Math.max(peakRss, process.memoryUsage().rss)
        return {
          label,
          rows: csv ? lines - 1 : lines,
          bytes,
          seconds: (performance.now() - started) / 1000,
          baselineRss,
          peakRss,
          rssByTenth
        }
      } finally {
        clearInterval(sampler)
      }
    },
    catch: (e) => new BenchFailure({ message: `${label}: ${String(e)}` })
  })

const Span = Schema.Struct({ first: Schema.String, last: Schema.String, responses: Schema.Number })

const benchmark = (served: ServedDatabase) =>
  Effect.gen(function*() {
    const { bigBrandId, workspaceId } = yield* dataset
    const sql = yield* SqlClient.SqlClient
    const [span] = yield* sql`
      SELECT to_char(min(collected_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS first,
        to_char(max(collected_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS last, count(*)::int AS responses
      FROM responses WHERE brand_id = ${bigBrandId}`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(Span))), Effect.orDie)
    if (span === undefined) return yield* new BenchFailure({ message: "the big brand has no answers" })
    const [month] = yield* sql<{ first: string; responses: number }>`
      SELECT to_char((${span.last}::date - 29), 'YYYY-MM-DD') AS first, count(*)::int AS responses
      FROM responses WHERE brand_id = ${bigBrandId}
        AND collected_at >= ((${span.last}::date - 29)::timestamp AT TIME ZONE 'UTC')`
    if (month === undefined) return yield* new BenchFailure({ message: "no last month" })
    const created = yield* ApiKeys.create({ workspaceId, name: "bench-export" }).pipe(Effect.orDie)

    const serve = Effect.gen(function*() {
      const server = yield* HttpServer.HttpServer
      if (server.address._tag !== "TcpAddress") return yield* new BenchFailure({ message: "expected a TCP server" })
      const base = `http://127.0.0.1:${server.address.port}/v1/exports/responses/?brand_id=${bigBrandId}`
      yield* Console.log(
        `Big brand ${bigBrandId}: ${span.responses} answers from ${span.first} to ${span.last}; last 30 days: ${month.responses}.`
      )
      yield* Console.log(`GC exposed: ${globalThis.gc !== undefined} (baselines are taken after a full GC when it is).\n`)
      const cases = [
        { label: "NDJSON, 30 days", range: `start_date=${month.first}&end_date=${span.last}`, rows: month.responses, csv: false },
        { label: "NDJSON, all", range: `start_date=${span.first}&end_date=${span.last}`, rows: span.responses, csv: false },
        { label: "CSV, 30 days", range: `start_date=${month.first}&end_date=${span.last}&format=csv`, rows: month.responses, csv: true },
        { label: "CSV, all", range: `start_date=${span.first}&end_date=${span.last}&format=csv`, rows: span.responses, csv: true }
      ]
      const runs: Array<Run> = []
      for (const c of cases) {
        const run = yield* exportRun(c.label, `${base}&${c.range}`, created.key, c.rows, c.csv)
        if (run.rows !== c.rows) {
          return yield* new BenchFailure({ message: `${c.label}: ${run.rows} rows exported, ${c.rows} expected` })
        }
        runs.push(run)
        yield* Console.log(
          `${run.label}: ${run.rows} rows, ${mib(run.bytes)} MiB in ${run.seconds.toFixed(1)} s (${
            (run.rows / run.seconds).toFixed(0)
          } rows/s); RSS baseline ${mib(run.baselineRss)} MiB, peak ${mib(run.peakRss)} MiB (+${
            mib(run.peakRss - run.baselineRss)
          }); RSS at each tenth: ${run.rssByTenth.map(mib).join(" ")} MiB`
        )
      }
      yield* Console.log([
        "",
        "| export | rows | MiB out | seconds | rows/s | RSS before | peak RSS | peak - before |",
        "|---|--:|--:|--:|--:|--:|--:|--:|",
        ...runs.map((r) =>
          `| ${r.label} | ${r.rows} | ${mib(r.bytes)} | ${r.seconds.toFixed(1)} | ${(r.rows / r.seconds).toFixed(0)} | ${
            mib(r.baselineRss)
          } MiB | ${mib(r.peakRss)} MiB | ${mib(r.peakRss - r.baselineRss)} MiB |`
        )
      ].join("\n"))
    })
    yield* serve.pipe(Effect.provide(appOnFreePort(served)))
  }).pipe(Effect.provide(Layer.mergeAll(ApiKeys.Default, Rollups.Default)))

runBenchmark(
  "Sightline export memory benchmark",
  dataDir,
  benchmark
)
