/**
 * Write-path benchmark: ResponseStore.record and recordMany on a fresh embedded PostgreSQL (in a
 * temporary DATA_DIR, stopped and removed at the end). Answers are generated and analysed before
 * the clock starts, so the figures are the store alone: a response, its payload, the own brand's
 * analysis, competitor mentions, citations (domain/URL upserts), search queries and the rollups'
 * journal rows. After each run the journal is folded into the rollup tables (Rollups.ts,
 * `foldJournal`, as the worker does after its runs and a read before it reads), timed on its own.
 *
 * Run with `pnpm bench` (or `pnpm --filter @sightline/sql bench`).
 */
import * as SqlClient from "@effect/sql/SqlClient"
import { AI_MODELS } from "@sightline/domain/AiModel"
import { analyseResponse } from "@sightline/domain/analysis/ResponseAnalysis"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import * as Arr from "effect/Array"
import * as Clock from "effect/Clock"
import * as Console from "effect/Console"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Fs from "node:fs"
import { Brands } from "../src/Brands.js"
import { Competitors } from "../src/Competitors.js"
import { Prompts } from "../src/Prompts.js"
import { type RecordResponse, ResponseStore, type TrackedBrands } from "../src/ResponseStore.js"
import { foldJournal } from "../src/Rollups.js"
import { Workspaces } from "../src/Workspaces.js"
import { runOnTempDatabase } from "./TempDatabase.js"

const PROMPTS = 20
const COMPETITORS = ["Globex", "Initech", "Umbrella", "Hooli", "Stark Industries"] as const
const DOMAINS = 40
const PAGES_PER_DOMAIN = 15
const MINUTE_MS = 60_000

/** The runs, in order; each records fresh answers (new idempotency keys). */
const RUNS = [
  { label: "record, sequential", responses: 500, batch: 1, concurrency: 1 },
  { label: "record, 4 concurrent callers", responses: 1_000, batch: 1, concurrency: 4 },
  { label: "recordMany, batches of 50", responses: 2_000, batch: 50, concurrency: 1 },
  { label: "recordMany, batches of 500", responses: 5_000, batch: 500, concurrency: 1 }
] as const

// --- synthetic answers ----------------------------------------------------------------------------

/** mulberry32 seeded per answer: the same answers on every run. */
const random = (seed: number) => {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) }
}

const PHRASES = [
  "is a solid choice with excellent support and fair pricing.",
  "is popular, although some users report a steep learning curve.",
  "offers a good balance of features for small teams.",
  "has had reliability problems and disappointing customer service."
] as const

/** One plausible answer: the brand and 2-4 competitors listed, 2-6 cited pages, 0-3 search queries. */
const makeAnswer = (n: number, tracked: TrackedBrands, startedAt: number) => {
  const rng = random(n * 7919 + 17)
  const pick = <A>(items: ReadonlyArray<A>): A | undefined => items[Math.floor(rng.next() * items.length)]
  const names = [
    ...(rng.next() < 0.6 ? [tracked.brand.name] : []),
    ...tracked.competitors.filter(() => rng.next() < 0.55).map((c) => c.name)
  ]
  const lines = names.map((name, i) => `${i + 1}. ${name} ${pick(PHRASES) ?? ""}`)
  const text = ["Here are the options people most often recommend:", "", ...lines, "", "Compare trials before deciding."]
    .join("\n")
  // Mostly pages seen before (a shared pool), sometimes a page nobody cited yet.
  const citations = Arr.range(1, rng.int(2, 6)).map((i) =>
    rng.next() < 0.8
      ? `https://www.site${rng.int(1, DOMAINS)}.example/guide/${rng.int(1, PAGES_PER_DOMAIN)}?utm_source=chatgpt.com`
      : `https://news${rng.int(1, DOMAINS)}.example/articles/${n}-${i}`
  )
  const searchQueries = Arr.range(1, rng.int(0, 3)).map((i) => `best option for ${i === 1 ? "teams" : `use case ${rng.int(1, 50)}`}`)
  return {
    text,
    markdown: text.replace(/^(\d+)\. (\S+)/gm, "$1. **$2**"),
    citations,
    searchQueries,
    collectedAt: new Date(startedAt - n * MINUTE_MS)
  }
}

const makeInputs = (
  from: number,
  count: number,
  promptIds: ReadonlyArray<number>,
  tracked: TrackedBrands,
  startedAt: number
) =>
  Effect.forEach(Arr.range(from, from + count - 1), (n) =>
    Effect.gen(function*() {
      const answer = makeAnswer(n, tracked, startedAt)
      const engine = AI_MODELS[n % AI_MODELS.length] ?? "chat_gpt"
      const analysis = yield* analyseResponse({ ...answer, language: tracked.language, brand: tracked.brand, competitors: tracked.competitors })
      const input: RecordResponse = {
        idempotencyKey: `bench:${n}`,
        promptId: promptIds[n % promptIds.length] ?? 0,
        engine,
        model: `${engine}-bench`,
        collectedAt: answer.collectedAt,
        markdown: answer.markdown,
        text: answer.text,
        payload: { id: `resp_${n}`, model: `${engine}-bench`, output: answer.markdown, citations: answer.citations },
        analysis
      }
      return input
    }))

// --- setup ----------------------------------------------------------------------------------------

const setup = Effect.gen(function*() {
  const workspace = yield* Workspaces.create("Ingest benchmark")
  const brand = yield* Brands.create({
    workspaceId: workspace.id,
    name: "Acme",
    website: "https://acme.example",
    country: "US",
    language: "en",
    aliases: ["Acme Corp"]
  })
  yield* Effect.forEach(COMPETITORS, (name) =>
    Competitors.add({ brandId: brand.id, name, website: `https://${name.toLowerCase().replace(/ /g, "")}.example` }))
  const prompts = yield* Effect.forEach(Arr.range(1, PROMPTS), (i) =>
    Prompts.add({ brandId: brand.id, text: `Which tool should a team of ${i * 5} people pick?` }))
  const tracked = yield* ResponseStore.trackedBrands(brand.id)
  return { promptIds: prompts.map((p) => p.id), tracked }
}).pipe(Effect.orDie)

const RowCounts = Schema.Struct({
  responses: Schema.Number,
  payloads: Schema.Number,
  mentions: Schema.Number,
  citations: Schema.Number,
  queries: Schema.Number
})

const countRows = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql`
    SELECT (SELECT count(*) FROM responses) AS responses,
           (SELECT count(*) FROM response_payloads) AS payloads,
           (SELECT count(*) FROM response_mentions) AS mentions,
           (SELECT count(*) FROM response_citations) AS citations,
           (SELECT count(*) FROM response_search_queries) AS queries`.pipe(
    Effect.flatMap(Schema.decodeUnknown(Schema.Tuple(RowCounts))),
    Effect.orDie
  )
  const [counts] = rows
  return counts
})

/**
 * CPU seconds used so far by this process and its descendants (the embedded PostgreSQL's server and
 * its backends; children already reaped count through their parent). On a shared machine this moves
 * far less with the load than the wall time does.
 */
const cpuSeconds = Effect.sync(() => {
  const ticks = 100 // USER_HZ on Linux
  const stats = Fs.readdirSync("/proc").flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return []
    try {
      const fields = Fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ") ?? []
      return [{ pid: Number(entry), ppid: Number(fields[1]), cpu: [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0) }]
    } catch {
      return [] // exited meanwhile
    }
  })
  const mine = new Set([process.pid])
  for (let grew = true; grew;) {
    grew = false
    for (const s of stats) {
      if (!mine.has(s.pid) && mine.has(s.ppid)) {
        mine.add(s.pid)
        grew = true
      }
    }
  }
  const children = stats.filter((s) => s.pid !== process.pid && mine.has(s.pid)).reduce((sum, s) => sum + s.cpu, 0) / ticks
  const own = process.cpuUsage()
  return children + (own.user + own.system) / 1e6
})

const total = (c: typeof RowCounts.Type) => c.responses + c.payloads + c.mentions + c.citations + c.queries

// --- the run --------------------------------------------------------------------------------------

const benchmark = Effect.gen(function*() {
  const store = yield* ResponseStore
  const { promptIds, tracked } = yield* setup
  const startedAt = yield* Clock.currentTimeMillis
  const results: Array<string> = []
  let next = 0
  for (const run of RUNS) {
    const inputs = yield* makeInputs(next, run.responses, promptIds, tracked, startedAt)
    next += run.responses
    const before = yield* countRows
    const cpuBefore = yield* cpuSeconds
    const [elapsed, recorded] = yield* Effect.timed(
      run.batch === 1
        ? Effect.forEach(inputs, (input) => store.record(input), { concurrency: run.concurrency })
        : Effect.forEach(Arr.chunksOf(inputs, run.batch), (batch) => store.recordMany(batch), { concurrency: run.concurrency })
          .pipe(Effect.map(Arr.flatten))
    )
    const cpu = (yield* cpuSeconds) - cpuBefore
    const [folded] = yield* Effect.timed(Effect.orDie(foldJournal("all")))
    const after = yield* countRows
    const created = recorded.filter((r) => r.created).length
    if (created !== run.responses) {
      return yield* Effect.dieMessage(`${run.label}: expected ${run.responses} new responses, got ${created}`)
    }
    const seconds = Duration.toMillis(elapsed) / 1000
    const rows = total(after) - total(before)
    results.push(
      `| ${run.label} | ${run.responses} | ${(after.mentions - before.mentions)} / ${(after.citations - before.citations)} / ${
        after.queries - before.queries
      } | ${seconds.toFixed(2)} | ${cpu.toFixed(2)} | ${(run.responses / seconds).toFixed(0)} | ${(rows / seconds).toFixed(0)} | ${
        (Duration.toMillis(folded) / 1000).toFixed(2)
      } |`
    )
  }
  yield* Console.log([
    "| write path | responses | mentions / citations / queries written | seconds | CPU seconds | responses/s | rows/s | fold seconds |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...results
  ].join("\n"))
}).pipe(
  Effect.provide(Layer.mergeAll(
    ResponseStore.Default,
    Workspaces.Default,
    Brands.Default,
    Competitors.Default,
    Prompts.Default,
    SentimentLexiconLive
  ))
)

runOnTempDatabase("Sightline ingest benchmark", "rows/s counts responses, payloads, mentions, citations and search queries; CPU seconds are this process and the embedded PostgreSQL together; fold seconds fold the run's answers into the rollup tables afterwards.\n", "sightline-ingest-", benchmark)
