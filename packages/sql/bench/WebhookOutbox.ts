/**
 * What the webhook outbox adds to the write path (docs/webhooks.md, docs/operations.md): answers
 * recorded through ResponseStore with no webhook at all, with webhooks only in another workspace,
 * and with one webhook subscribed to `response.collected` (one outbox row per answer), in
 * interleaved rounds on one embedded PostgreSQL (a temporary DATA_DIR, removed at the end). With no
 * matching webhook the only cost is the EXISTS the responses INSERT returns; no outbox statement runs.
 *
 * Run with `pnpm --filter @sightline/sql bench:webhooks`.
 */
import * as SqlClient from "@effect/sql/SqlClient"
import type { ResponseAnalysis } from "@sightline/domain/analysis/ResponseAnalysis"
import * as Arr from "effect/Array"
import * as Console from "effect/Console"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Brands } from "../src/Brands.js"
import { Competitors } from "../src/Competitors.js"
import { Prompts } from "../src/Prompts.js"
import { type RecordResponse, ResponseStore } from "../src/ResponseStore.js"
import { Webhooks } from "../src/Webhooks.js"
import { Workspaces } from "../src/Workspaces.js"
import { runOnTempDatabase } from "./TempDatabase.js"

const ROUNDS = 5
const SEQUENTIAL = 200
const BATCHES = 10
const BATCH = 100

type Setup = "no webhook" | "webhooks in another workspace only" | "1 webhook on response.collected"
const SETUPS: ReadonlyArray<Setup> = ["no webhook", "webhooks in another workspace only", "1 webhook on response.collected"]

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const analysis = (rivalId: number, n: number): ResponseAnalysis => ({
  brand: n % 3 === 0 ? { mentioned: false, position: null, sentiment: null } : { mentioned: true, position: 1 + (n % 3), sentiment: 60 },
  competitors: n % 2 === 0 ? [{ competitorId: rivalId, position: 1, sentiment: 55 }] : [],
  citations: [{ url: `https://site${n % 40}.example/guide/${n % 7}`, domain: `site${n % 40}.example` }],
  searchQueries: [`best option ${n % 50}`],
  analyserVersion: 2,
  judge: { kind: "local", model: null, fallback: null }
})

let next = 0
const answers = (promptIds: ReadonlyArray<number>, rivalId: number, count: number): ReadonlyArray<RecordResponse> =>
  Arr.makeBy(count, () => {
    const n = next++
    return {
      idempotencyKey: `outbox-bench:${n}`,
      promptId: promptIds[n % promptIds.length] ?? 0,
      engine: "perplexity",
      model: "sonar",
      collectedAt: new Date(Date.UTC(2026, 10, 1) + n * 60_000),
      markdown: "1. **Acme** is a solid choice.",
      text: "1. Acme is a solid choice.",
      payload: { id: n },
      analysis: analysis(rivalId, n)
    }
  })

const benchmark = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const store = yield* ResponseStore
  const own = yield* Workspaces.create("Outbox benchmark")
  const other = yield* Workspaces.create("Another workspace")
  const brand = yield* Brands.create({ workspaceId: own.id, name: "Acme", website: "https://acme.example", country: "US", language: "en" })
  const rival = yield* Competitors.add({ brandId: brand.id, name: "Globex", website: "https://globex.example" })
  const prompts = yield* Effect.forEach(Arr.range(1, 10), (i) => Prompts.add({ brandId: brand.id, text: `Which tool for ${i}?` }))
  const promptIds = prompts.map((p) => p.id)

  const arrange = (setup: Setup) =>
    Effect.gen(function*() {
      yield* sql`DELETE FROM webhooks`
      if (setup === "webhooks in another workspace only") {
        for (let i = 0; i < 5; i++) {
          yield* Webhooks.add({ workspaceId: other.id, url: `https://hooks${i}.example/in`, events: ["response.collected"] })
        }
      }
      if (setup === "1 webhook on response.collected") {
        yield* Webhooks.add({ workspaceId: own.id, url: "https://hooks.example/in", events: ["response.collected"] })
      }
    })

  const timings = new Map<Setup, { sequential: Array<number>; batched: Array<number> }>(
    SETUPS.map((setup) => [setup, { sequential: [], batched: [] }])
  )
  for (let round = 0; round < ROUNDS; round++) {
    for (const setup of SETUPS) {
      yield* arrange(setup)
      const one = answers(promptIds, rival.id, SEQUENTIAL)
      const [sequential] = yield* Effect.timed(Effect.forEach(one, (input) => store.record(input), { discard: true }))
      const many = Arr.chunksOf(answers(promptIds, rival.id, BATCHES * BATCH), BATCH)
      const [batched] = yield* Effect.timed(Effect.forEach(many, (batch) => store.recordMany(batch), { discard: true }))
      const entry = timings.get(setup)
      entry?.sequential.push(Duration.toMillis(sequential) / SEQUENTIAL)
      entry?.batched.push(Duration.toMillis(batched) / (BATCHES * BATCH))
    }
  }

  const queued = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM webhook_deliveries`
  yield* sql`DELETE FROM webhooks`

  const base = timings.get("no webhook")
  const rows = SETUPS.map((setup) => {
    const t = timings.get(setup)
    const seq = median(t?.sequential ?? [])
    const bat = median(t?.batched ?? [])
    const ratio = (value: number, reference: number) => (reference > 0 ? (value / reference).toFixed(2) : "-")
    return `| ${setup} | ${seq.toFixed(2)} | ${ratio(seq, median(base?.sequential ?? []))} | ${bat.toFixed(3)} | ${
      ratio(bat, median(base?.batched ?? []))
    } |`
  })
  yield* Console.log([
    `medians of ${ROUNDS} interleaved rounds; ${SEQUENTIAL} answers recorded one per transaction, ${BATCHES * BATCH} in batches of ${BATCH}`,
    "",
    "| webhooks | ms per answer, one per transaction | vs no webhook | ms per answer, batches of 100 | vs no webhook |",
    "|---|---:|---:|---:|---:|",
    ...rows,
    "",
    `outbox rows written by the last subscribed round: ${queued[0]?.n ?? 0} (one per answer)`
  ].join("\n"))
}).pipe(
  Effect.provide(Layer.mergeAll(ResponseStore.Default, Workspaces.Default, Brands.Default, Competitors.Default, Prompts.Default, Webhooks.Default))
)

runOnTempDatabase("Sightline webhook outbox benchmark", "", "sightline-outbox-", benchmark)
