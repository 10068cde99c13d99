/**
 * Scale benchmark: the demo brand (~5k answers) and the big brand of ScaleBrand.ts (1,050,000
 * answers over 300 days) in one embedded PostgreSQL under `.data/bench-scale`, served by the real
 * HTTP application. Every history-dependent endpoint is measured for both brands at 30 and 365 days
 * (the dashboard at 90 days too): sequential p50/p95, then throughput at concurrency 16. It prints
 * the growth factor (big brand p50 / demo brand p50) per endpoint and writes everything as JSON to
 * `.data/bench-scale.json`.
 *
 * The dataset is built once (set-based SQL, then a rollup rebuild: a few minutes) and reused;
 * `--rebuild` deletes it first. A reused dataset is migrated like any database (migrations that add
 * rollups roll up the existing answers).
 * Run with `pnpm bench:scale [--rebuild] [--only=NAME,NAME...]` (`--only`: just the endpoints whose
 * name contains one of the NAMEs, e.g. `--only=dashboard,prompt detail` or `--only report`).
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as HttpServer from "@effect/platform/HttpServer"
import * as SqlClient from "@effect/sql/SqlClient"
import { ApiKeys } from "@sightline/sql/ApiKeys"
import { Rollups } from "@sightline/sql/Rollups"
import { SCALE_BRAND_NAME } from "@sightline/sql/ScaleBrand"
import * as Arr from "effect/Array"
import * as Clock from "effect/Clock"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Order from "effect/Order"
import * as Schema from "effect/Schema"
import * as Os from "node:os"
import { fileURLToPath } from "node:url"
import { dataDir, dataset } from "./ScaleDataset.js"
import {
  appOnFreePort,
  type ServedDatabase,
  BenchFailure,
  makeRequester,
  ms,
  percentile,
  type Requester,
  runBenchmark,
  type RunStats,
  statsOf
} from "./Measure.js"

const RESULTS = fileURLToPath(new URL("../../../.data/bench-scale.json", import.meta.url))
/** A full run (no `--only`) also writes its table between these markers of docs/operations.md. */
const DOCS = fileURLToPath(new URL("../../../docs/operations.md", import.meta.url))
const DOCS_START = "<!-- bench:scale latest full run: written by `pnpm bench:scale`, not by hand -->"
const DOCS_END = "<!-- /bench:scale latest full run -->"
const WARMUP_REQUESTS = 3
const SEQUENTIAL_MAX = 100
const SEQUENTIAL_MIN = 7
const CONCURRENCY = 16
const CONCURRENT_MAX = 160
/** Each run of a slow endpoint is cut to about this long (but never below the minimum counts). */
const RUN_BUDGET_MS = 2_000
const DAY_MS = 86_400_000

/** `--only=a,b` (or `--only a`): the endpoints whose name contains one of these (all when absent). */
const only = process.argv.flatMap((arg, i) =>
  arg.startsWith("--only=") ? arg.slice("--only=".length).split(",") : arg === "--only" ? (process.argv[i + 1] ?? "").split(",") : []
)
const selected = (name: string) => only.length === 0 || only.some((part) => name.includes(part))

// --- measuring ------------------------------------------------------------------------------------

interface Measured {
  readonly sequential: RunStats
  readonly concurrent: RunStats
}

const measure = Effect.fn("ScaleLatency.measure")(function*(requester: Requester, path: string) {
  const warm = yield* Effect.forEach(Arr.range(1, WARMUP_REQUESTS), () => requester.hit(path))
  const typical = Math.max(0.1, percentile(Arr.sort(warm, Order.number), 50))
  const sequentialCount = Math.min(SEQUENTIAL_MAX, Math.max(SEQUENTIAL_MIN, Math.floor(RUN_BUDGET_MS / typical)))
  const [sequentialTime, sequential] = yield* Effect.timed(
    Effect.forEach(Arr.range(1, sequentialCount), () => requester.hit(path))
  )
  const concurrentCount = Math.min(CONCURRENT_MAX, Math.max(CONCURRENCY, Math.floor((RUN_BUDGET_MS * 2) / typical)))
  const [concurrentTime, concurrent] = yield* Effect.timed(
    Effect.forEach(Arr.range(1, concurrentCount), () => requester.hit(path), { concurrency: CONCURRENCY })
  )
  const result: Measured = {
    sequential: statsOf(sequential, sequentialTime),
    concurrent: statsOf(concurrent, concurrentTime)
  }
  return result
})

// --- what is measured -----------------------------------------------------------------------------

const Listed = Schema.Struct({ data: Schema.Array(Schema.Struct({ id: Schema.Number })) })
const ListedDomains = Schema.Struct({ data: Schema.Array(Schema.Struct({ domain_id: Schema.Number })) })
const BrandList = Schema.Struct({ data: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String })) })

const firstOf = <A>(items: ReadonlyArray<A>, what: string) =>
  Arr.head(items).pipe(Effect.mapError(() => new BenchFailure({ message: `no ${what}` })))

const utcDate = (millis: number) => new Date(millis).toISOString().slice(0, 10)

interface Endpoint {
  readonly name: string
  readonly days: number
  /** The path for a brand; `range` is the start_date/end_date query. */
  readonly path: (range: string) => string
}

/** The endpoints whose work grows with history, for one brand (ids found through the API). */
const endpointsOf = Effect.fn("ScaleLatency.endpoints")(function*(requester: Requester, brandId: number) {
  const scope = `brand_id=${brandId}`
  const prompt = (yield* firstOf((yield* requester.json(`/v1/monitored-prompts/?${scope}`, Listed)).data, "prompt")).id
  const domain =
    (yield* firstOf((yield* requester.json(`/v1/cited-sources/?${scope}`, ListedDomains)).data, "cited domain"))
      .domain_id
  const ranged = (name: string, days: ReadonlyArray<number>, path: (range: string) => string) =>
    days.map((d): Endpoint => ({ name, days: d, path }))
  return [
    ...ranged("dashboard", [30, 90, 365], (range) => `/v1/dashboard/?${scope}&${range}`),
    ...ranged(
      "report visibility (model×competitor, previous)",
      [30, 90, 365],
      (range) => `/v1/reports/visibility/?${scope}&${range}&dimensions=ai_model,competitor&include_previous_period=true`
    ),
    ...ranged("report visibility (date)", [30, 365], (range) => `/v1/reports/visibility/?${scope}&${range}&dimensions=date`),
    // Competitor mentions per prompt come from rollup_prompt_competitor (0025), the page's prompts first.
    ...ranged("report visibility (prompt×competitor)", [30, 365], (range) => `/v1/reports/visibility/?${scope}&${range}&dimensions=prompt,competitor`),
    // Co-mentions of the page's sources come from rollup_citation_mentions (0034).
    ...ranged("report citations (domain)", [30, 365], (range) => `/v1/reports/citations/?${scope}&${range}`),
    ...ranged("report citations (url)", [30, 365], (range) => `/v1/reports/citations/?${scope}&${range}&level=url`),
    ...ranged("monitored-prompts list", [30, 365], (range) => `/v1/monitored-prompts/?${scope}&${range}`),
    ...ranged("prompt detail", [30, 365], (range) => `/v1/monitored-prompts/${prompt}/?${range}`),
    ...ranged("prompt citations", [30, 365], (range) => `/v1/monitored-prompts/${prompt}/citations/?${range}`),
    ...ranged("prompt responses", [30, 365], (range) => `/v1/monitored-prompts/${prompt}/responses/?${range}`),
    ...ranged(
      "prompt search-queries",
      [30, 365],
      (range) => `/v1/monitored-prompts/${prompt}/search-queries/?${range}`
    ),
    ...ranged("cited-sources", [30, 365], (range) => `/v1/cited-sources/?${scope}&${range}`),
    ...ranged("cited-sources/urls", [30, 365], (range) => `/v1/cited-sources/urls/?${scope}&${range}`),
    ...ranged("cited-sources/{id}/urls", [30, 365], (range) => `/v1/cited-sources/${domain}/urls/?${scope}&${range}`),
    ...ranged(
      "related-prompts",
      [30, 365],
      (range) => `/v1/cited-sources/${domain}/related-prompts/?${scope}&${range}`
    ),
    { name: "competitors", days: 0, path: () => `/v1/monitored-competitors/?${scope}` },
    { name: "groups", days: 0, path: () => `/v1/groups/?${scope}` },
    { name: "action-plans", days: 0, path: () => `/v1/action-plans/?${scope}` }
  ]
})

interface Row {
  readonly endpoint: string
  readonly days: number
  readonly demo: Measured
  readonly big: Measured
  readonly growth: number
}

const table = (rows: ReadonlyArray<Row>, brands: Measured) => {
  const header = [
    "| endpoint | range | demo p50 | demo p95 | big p50 | big p95 | growth (p50) | demo c16 req/s | big c16 req/s |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|"
  ]
  const lines = rows.map((r) =>
    `| ${r.endpoint} | ${r.days === 0 ? "-" : `${r.days} d`} | ${ms(r.demo.sequential.p50)} | ${ms(r.demo.sequential.p95)} | ${
      ms(r.big.sequential.p50)
    } | ${ms(r.big.sequential.p95)} | ${r.growth.toFixed(2)}× | ${r.demo.concurrent.perSecond.toFixed(1)} | ${
      r.big.concurrent.perSecond.toFixed(1)
    } |`
  )
  const reference = `| brands (reference) | - | ${ms(brands.sequential.p50)} | ${ms(brands.sequential.p95)} | | | | ${
    brands.concurrent.perSecond.toFixed(1)
  } | |`
  return [...header, ...lines, reference].join("\n")
}

// --- the dataset ----------------------------------------------------------------------------------

const Counts = Schema.Struct({
  responses: Schema.Number,
  mentions: Schema.Number,
  citations: Schema.Number,
  queries: Schema.Number,
  domains: Schema.Number,
  urls: Schema.Number
})

const describe = Effect.fn("ScaleLatency.describe")(function*(brandId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql`
    SELECT (SELECT count(*) FROM responses WHERE brand_id = ${brandId}) AS responses,
      (SELECT count(*) FROM response_mentions m JOIN competitors c ON c.id = m.competitor_id
        WHERE c.brand_id = ${brandId}) AS mentions,
      (SELECT count(*) FROM response_citations WHERE brand_id = ${brandId}) AS citations,
      (SELECT count(*) FROM response_search_queries q JOIN prompts p ON p.id = q.prompt_id
        WHERE p.brand_id = ${brandId}) AS queries,
      (SELECT count(DISTINCT domain_id) FROM response_citations WHERE brand_id = ${brandId}) AS domains,
      (SELECT count(DISTINCT url_id) FROM response_citations WHERE brand_id = ${brandId}) AS urls`.pipe(
    Effect.flatMap(Schema.decodeUnknown(Schema.Tuple(Counts))),
    Effect.orDie
  )
  return rows[0]
})

const TableSize = Schema.Struct({ table: Schema.String, rows: Schema.Number, bytes: Schema.Number })

/** Rows and bytes (heap, TOAST and indexes) of the tables an answer writes to, for the capacity plan. */
const tableSizes = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return yield* sql`
    SELECT c.relname AS table, greatest(c.reltuples, 0)::bigint AS rows, pg_total_relation_size(c.oid) AS bytes
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND (c.relname LIKE 'response%' OR c.relname LIKE 'rollup%' OR c.relname LIKE 'cited%'
        OR c.relname IN ('domains', 'urls'))
    ORDER BY pg_total_relation_size(c.oid) DESC`.pipe(
    Effect.flatMap(Schema.decodeUnknown(Schema.Array(TableSize))),
    Effect.orDie
  )
})

// --- the run --------------------------------------------------------------------------------------

const benchmark = (served: ServedDatabase) =>
  Effect.gen(function*() {
    const { bigBrandId, workspaceId } = yield* dataset
    const created = yield* ApiKeys.create({ workspaceId, name: "bench-scale" }).pipe(Effect.orDie)

    const serve = Effect.gen(function*() {
      const server = yield* HttpServer.HttpServer
      if (server.address._tag !== "TcpAddress") return yield* new BenchFailure({ message: "expected a TCP server" })
      const requester = yield* makeRequester(`http://127.0.0.1:${server.address.port}`, created.key)
      const brands = yield* requester.json("/v1/brands/", BrandList)
      const demoBrand = yield* firstOf(brands.data.filter((b) => b.id !== bigBrandId), "demo brand")
      const big = yield* describe(bigBrandId)
      const demo = yield* describe(demoBrand.id)
      yield* Console.log(`Demo brand "${demoBrand.name}": ${JSON.stringify(demo)}`)
      yield* Console.log(`Big brand "${SCALE_BRAND_NAME}": ${JSON.stringify(big)}`)
      const sizes = yield* tableSizes
      const totalBytes = sizes.reduce((sum, t) => sum + t.bytes, 0)
      yield* Console.log(
        `Tables (whole database; the big brand is ${
          ((100 * big.responses) / (big.responses + demo.responses)).toFixed(1)
        } % of its answers): ${
          sizes.map((t) => `${t.table} ${t.rows} rows ${(t.bytes / 1048576).toFixed(0)} MiB`).join(", ")
        }; ${(totalBytes / 1048576).toFixed(0)} MiB in all, ${(totalBytes / big.responses).toFixed(0)} bytes per big-brand answer`
      )

      const now = yield* Clock.currentTimeMillis
      const startLoad = Os.loadavg()
      const today = Math.floor(now / DAY_MS) * DAY_MS
      const range = (days: number) =>
        days === 0 ? "" : `start_date=${utcDate(today - (days - 1) * DAY_MS)}&end_date=${utcDate(today)}`
      const demoEndpoints = yield* endpointsOf(requester, demoBrand.id)
      const bigEndpoints = yield* endpointsOf(requester, bigBrandId)
      yield* Console.log(
        `Each: ${WARMUP_REQUESTS} warm-up, ${SEQUENTIAL_MIN}-${SEQUENTIAL_MAX} sequential, ${CONCURRENCY}-${CONCURRENT_MAX} at concurrency ${CONCURRENCY} (about ${RUN_BUDGET_MS} ms per run). Latencies in ms.\n`
      )
      const brandsReference = yield* measure(requester, "/v1/brands/")
      // An endpoint that fails (e.g. a 503 once the pool is exhausted by a slow query) is reported as
      // such and the run goes on: one slow endpoint must not hide every other figure.
      const failures: Array<{ readonly endpoint: string; readonly days: number; readonly message: string }> = []
      const chosen = Arr.zip(demoEndpoints, bigEndpoints).filter(([d]) => selected(d.name))
      const measured = yield* Effect.forEach(chosen, ([d, b]) =>
        Effect.gen(function*() {
          const demoResult = yield* measure(requester, d.path(range(d.days)))
          const bigResult = yield* measure(requester, b.path(range(b.days)))
          const row: Row = {
            endpoint: d.name,
            days: d.days,
            demo: demoResult,
            big: bigResult,
            growth: bigResult.sequential.p50 / demoResult.sequential.p50
          }
          yield* Console.log(
            `${d.name} ${d.days} d: demo ${ms(demoResult.sequential.p50)} ms, big ${ms(bigResult.sequential.p50)} ms (${
              row.growth.toFixed(2)
            }×)`
          )
          return Option.some(row)
        }).pipe(Effect.catchTag("BenchFailure", (failure) =>
          Effect.gen(function*() {
            failures.push({ endpoint: d.name, days: d.days, message: failure.message })
            yield* Console.log(`${d.name} ${d.days} d: FAILED (${failure.message})`)
            // The failed run's requests are interrupted and their statements cancelled; let those
            // cancels land before the next endpoint's requests take the connections.
            yield* Effect.sleep("5 seconds")
            return Option.none<Row>()
          }))))
      const rows = Arr.getSomes(measured)
      const printed = table(rows, brandsReference)
      yield* Console.log(`\n${printed}`)
      const failed = failures.map((failure) => `FAILED: ${failure.endpoint} ${failure.days} d: ${failure.message}`)
      for (const line of failed) yield* Console.log(line)
      const dashboard90 = rows.find((r) => r.endpoint === "dashboard" && r.days === 90)
      const throughput = dashboard90 === undefined ? undefined : `Big brand 90-day dashboard at concurrency ${CONCURRENCY}: ${
        dashboard90.big.concurrent.perSecond.toFixed(1)
      } req/s = ${
        (100 * dashboard90.big.concurrent.perSecond / brandsReference.concurrent.perSecond).toFixed(1)
      } % of /v1/brands/ (${brandsReference.concurrent.perSecond.toFixed(1)} req/s)`
      if (throughput !== undefined) yield* Console.log(`\n${throughput}`)
      const fs = yield* FileSystem.FileSystem
      if (only.length === 0) {
        const docs = yield* fs.readFileString(DOCS).pipe(Effect.orDie)
        const start = docs.indexOf(DOCS_START)
        const end = docs.indexOf(DOCS_END)
        if (start < 0 || end < start) {
          yield* Console.log(`docs/operations.md has no ${DOCS_START} ... ${DOCS_END} block: table not written there`)
        } else {
          const block = [
            DOCS_START,
            `**Latest full run** (${new Date(now).toISOString().slice(0, 16).replace("T", " ")} UTC, ${Os.cpus().length} cores, Node ${process.version}, load average ${
              startLoad.map((l) => l.toFixed(2)).join(" ")
            } at the start; ${big.responses.toLocaleString("en-US")} big-brand answers):`,
            "",
            printed,
            ...failed,
            ...(throughput === undefined ? [] : ["", throughput]),
            DOCS_END
          ].join("\n")
          yield* fs.writeFileString(DOCS, docs.slice(0, start) + block + docs.slice(end + DOCS_END.length)).pipe(Effect.orDie)
          yield* Console.log(`Table written to ${DOCS} ("Latest full run")`)
        }
      }
      yield* fs.writeFileString(
        RESULTS,
        JSON.stringify(
          { at: new Date(now).toISOString(), cores: Os.cpus().length, demo, big, sizes, brands: brandsReference, rows, failures },
          null,
          2
        )
      ).pipe(Effect.orDie)
      yield* Console.log(`Results written to ${RESULTS}`)
    })
    yield* serve.pipe(Effect.provide(appOnFreePort(served)))
  }).pipe(Effect.provide(Layer.mergeAll(ApiKeys.Default, Rollups.Default)))

runBenchmark(
  "Sightline scale benchmark",
  dataDir,
  benchmark
)
