/**
 * API latency benchmark: a fresh embedded PostgreSQL in a temporary DATA_DIR, the demo data, one
 * workspace key, and the real HTTP application on a free port of 127.0.0.1. Every read endpoint
 * gets a warm-up, then a bounded run of sequential requests and one at concurrency 8; the figures
 * are printed as a markdown table. Everything it starts is stopped when it ends.
 *
 * Run with `pnpm bench` (or `pnpm --filter @sightline/http bench`).
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as HttpServer from "@effect/platform/HttpServer"
import * as SqlClient from "@effect/sql/SqlClient"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import { ApiKeys } from "@sightline/sql/ApiKeys"
import { seed } from "@sightline/sql/DemoSeed"
import * as Arr from "effect/Array"
import * as Clock from "effect/Clock"
import * as Console from "effect/Console"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Order from "effect/Order"
import * as Schema from "effect/Schema"
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
  statsOf,
  type Target
} from "./Measure.js"

const WARMUP_REQUESTS = 20
const SEQUENTIAL_REQUESTS = 200
const CONCURRENT_REQUESTS = 200
const CONCURRENCY = 8
/** A slow endpoint gets fewer requests so that each run stays within about this long. */
const RUN_BUDGET_MS = 3_000
const MIN_REQUESTS = 30
const DAY_MS = 86_400_000


/** The warm-up: every endpoint before any is measured (JIT, pool, plans), and its typical latency. */
const warmUp = Effect.fn("ApiLatency.warmUp")(function*(requester: Requester, target: Target) {
  const latencies = yield* Effect.forEach(Arr.range(1, WARMUP_REQUESTS), () => requester.hit(target.path))
  return { target, typical: percentile(Arr.sort(latencies, Order.number), 50) }
})

const measure = Effect.fn("ApiLatency.measure")(function*(requester: Requester, target: Target, typical: number) {
  const affordable = (limit: number, parallel: number) =>
    Math.min(limit, Math.max(MIN_REQUESTS, Math.floor((RUN_BUDGET_MS * parallel) / Math.max(typical, 0.1))))

  const sequentialCount = affordable(SEQUENTIAL_REQUESTS, 1)
  const [sequentialTime, sequential] = yield* Effect.timed(
    Effect.forEach(Arr.range(1, sequentialCount), () => requester.hit(target.path))
  )
  // On 2 cores the server saturates well below 8 in flight; budget for about 2x the sequential rate.
  const concurrentCount = affordable(CONCURRENT_REQUESTS, 2)
  const [concurrentTime, concurrent] = yield* Effect.timed(
    Effect.forEach(Arr.range(1, concurrentCount), () => requester.hit(target.path), { concurrency: CONCURRENCY })
  )
  return { target, sequential: statsOf(sequential, sequentialTime), concurrent: statsOf(concurrent, concurrentTime) }
})

// --- the endpoints, with ids found through the API itself -------------------------------------------

const Listed = Schema.Struct({ data: Schema.Array(Schema.Struct({ id: Schema.Number })) })
const ListedDomains = Schema.Struct({ data: Schema.Array(Schema.Struct({ domain_id: Schema.Number })) })

const firstOf = <A>(items: ReadonlyArray<A>, what: string) =>
  Arr.head(items).pipe(Effect.mapError(() => new BenchFailure({ message: `the demo data has no ${what}` })))

const utcDate = (millis: number) => new Date(millis).toISOString().slice(0, 10)

const targets = Effect.fn("ApiLatency.targets")(function*(requester: Requester) {
  const now = yield* Clock.currentTimeMillis
  const today = Math.floor(now / DAY_MS) * DAY_MS
  const last30 = `start_date=${utcDate(today - 29 * DAY_MS)}&end_date=${utcDate(today)}`
  const last90 = `start_date=${utcDate(today - 89 * DAY_MS)}&end_date=${utcDate(today)}`

  const brands = yield* requester.json("/v1/brands/", Listed)
  const brand = (yield* firstOf(brands.data, "brand")).id
  const scope = `brand_id=${brand}`
  const competitor = (yield* firstOf((yield* requester.json(`/v1/monitored-competitors/?${scope}`, Listed)).data, "competitor")).id
  const group = (yield* firstOf((yield* requester.json(`/v1/groups/?${scope}`, Listed)).data, "group")).id
  const prompt = (yield* firstOf((yield* requester.json(`/v1/monitored-prompts/?${scope}&${last30}`, Listed)).data, "prompt")).id
  const domain =
    (yield* firstOf((yield* requester.json(`/v1/cited-sources/?${scope}&${last30}`, ListedDomains)).data, "cited domain"))
      .domain_id
  const plan = (yield* firstOf((yield* requester.json(`/v1/action-plans/?${scope}`, Listed)).data, "action plan")).id

  const list: ReadonlyArray<Target> = [
    { name: "brands", path: "/v1/brands/" },
    { name: "competitors", path: `/v1/monitored-competitors/?${scope}` },
    { name: "competitor detail", path: `/v1/monitored-competitors/${competitor}/` },
    { name: "groups", path: `/v1/groups/?${scope}` },
    { name: "group detail", path: `/v1/groups/${group}/` },
    { name: "prompts (30 d)", path: `/v1/monitored-prompts/?${scope}&${last30}` },
    { name: "prompt detail (30 d)", path: `/v1/monitored-prompts/${prompt}/?${last30}` },
    { name: "prompt responses (30 d)", path: `/v1/monitored-prompts/${prompt}/responses/?${last30}` },
    { name: "prompt citations (30 d)", path: `/v1/monitored-prompts/${prompt}/citations/?${last30}` },
    { name: "prompt search-queries (30 d)", path: `/v1/monitored-prompts/${prompt}/search-queries/?${last30}` },
    { name: "cited-sources (30 d)", path: `/v1/cited-sources/?${scope}&${last30}` },
    { name: "cited-sources/urls (30 d)", path: `/v1/cited-sources/urls/?${scope}&${last30}` },
    { name: "cited-sources/{id}/urls (30 d)", path: `/v1/cited-sources/${domain}/urls/?${scope}&${last30}` },
    { name: "related-prompts (30 d)", path: `/v1/cited-sources/${domain}/related-prompts/?${scope}&${last30}` },
    { name: "action-plans", path: `/v1/action-plans/?${scope}` },
    { name: "action-plan detail", path: `/v1/action-plans/${plan}/` },
    { name: "dashboard (90 d)", path: `/v1/dashboard/?${scope}&${last90}` },
    { name: "report visibility (90 d)", path: `/v1/reports/visibility/?${scope}&${last90}&include_previous_period=true` },
    {
      name: "report visibility week×model×competitor (90 d)",
      path: `/v1/reports/visibility/?${scope}&${last90}&dimensions=week,ai_model,competitor&include_previous_period=true`
    },
    { name: "report visibility prompt×competitor (30 d)", path: `/v1/reports/visibility/?${scope}&${last30}&dimensions=prompt,competitor` },
    { name: "report citations (30 d)", path: `/v1/reports/citations/?${scope}&${last30}` },
    { name: "report citations url×model (30 d)", path: `/v1/reports/citations/?${scope}&${last30}&level=url&dimensions=ai_model` }
  ]
  return list
})

// --- the run --------------------------------------------------------------------------------------

const table = (results: ReadonlyArray<{ readonly target: Target; readonly sequential: RunStats; readonly concurrent: RunStats }>) => {
  const header = [
    "| endpoint | seq p50 | seq p95 | seq p99 | seq req/s | c8 p50 | c8 p95 | c8 p99 | c8 req/s | n (seq/c8) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  ]
  const rows = results.map(({ concurrent: c, sequential: s, target }) =>
    `| ${target.name} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${s.perSecond.toFixed(0)} | ${ms(c.p50)} | ${ms(c.p95)} | ${
      ms(c.p99)
    } | ${c.perSecond.toFixed(0)} | ${s.requests}/${c.requests} |`
  )
  return [...header, ...rows].join("\n")
}

const SeedCounts = Schema.Struct({ responses: Schema.Number, mentions: Schema.Number, citations: Schema.Number })

const benchmark = (served: ServedDatabase) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const [seedTime, seeded] = yield* Effect.timed(seed.pipe(Effect.provide(SentimentLexiconLive)))
    const written = yield* sql`
      SELECT (SELECT count(*) FROM responses) AS responses,
             (SELECT count(*) FROM response_mentions) AS mentions,
             (SELECT count(*) FROM response_citations) AS citations`.pipe(
      Effect.flatMap(Schema.decodeUnknown(Schema.Tuple(SeedCounts))),
      Effect.orDie
    )
    const [counts] = written
    yield* Console.log(
      `Demo seed: ${counts.responses} responses (${counts.mentions} competitor mentions, ${counts.citations} citations) in ${
        (Duration.toMillis(seedTime) / 1000).toFixed(1)
      } s`
    )
    const created = yield* ApiKeys.create({ workspaceId: seeded.workspaceId, name: "bench" }).pipe(Effect.orDie)

    const serve = Effect.gen(function*() {
      const server = yield* HttpServer.HttpServer
      if (server.address._tag !== "TcpAddress") return yield* new BenchFailure({ message: "expected a TCP server" })
      const requester = yield* makeRequester(`http://127.0.0.1:${server.address.port}`, created.key)
      const list = yield* targets(requester)
      yield* Console.log(
        `Each endpoint: ${WARMUP_REQUESTS} warm-up requests (all endpoints first), then up to ${SEQUENTIAL_REQUESTS} sequential and ${CONCURRENT_REQUESTS} at concurrency ${CONCURRENCY} (fewer when one request takes over ${RUN_BUDGET_MS} ms / count). Latencies in ms.\n`
      )
      const warmed = yield* Effect.forEach(list, (target) => warmUp(requester, target))
      const results = yield* Effect.forEach(warmed, ({ target, typical }) => measure(requester, target, typical))
      yield* Console.log(table(results))
    })
    yield* serve.pipe(Effect.provide(appOnFreePort(served)))
  }).pipe(Effect.provide(ApiKeys.Default))

runBenchmark(
  "Sightline API latency benchmark",
  Effect.flatMap(FileSystem.FileSystem, (fs) => fs.makeTempDirectoryScoped({ prefix: "sightline-bench-" })),
  benchmark
)
