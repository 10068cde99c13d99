import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import type { ResponseAnalysis } from "@sightline/domain/analysis/ResponseAnalysis"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import { Brands } from "../src/Brands.js"
import { Competitors } from "../src/Competitors.js"
import { Prompts } from "../src/Prompts.js"
import { type RecordResponse, ResponseStore } from "../src/ResponseStore.js"
import { NO_DIFFERENCES, Rollups } from "../src/Rollups.js"
import { Workspaces } from "../src/Workspaces.js"
import { TestDatabase } from "../test-support/TestDatabase.js"

const Live = Layer.mergeAll(
  Workspaces.Default,
  Brands.Default,
  Competitors.Default,
  Prompts.Default,
  ResponseStore.Default,
  Rollups.Default
)
  .pipe(Layer.provideMerge(TestDatabase))

const counts = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const [row] = yield* sql<Record<string, number>>`
    SELECT (SELECT count(*) FROM responses)::int AS responses,
           (SELECT count(*) FROM response_payloads)::int AS payloads,
           (SELECT count(*) FROM response_mentions)::int AS mentions,
           (SELECT count(*) FROM response_citations)::int AS citations,
           (SELECT count(*) FROM response_search_queries)::int AS queries,
           (SELECT count(*) FROM domains)::int AS domains,
           (SELECT count(*) FROM urls)::int AS urls`
  return row ?? {}
})

let n = 0
const setup = Effect.gen(function*() {
  const workspace = yield* Workspaces.create(`Store ${++n}`)
  const brand = yield* Brands.create({
    workspaceId: workspace.id,
    name: "Acme CRM",
    displayName: "Acme",
    website: "https://acme.example",
    country: "US",
    language: "en",
    aliases: ["AcmeCRM"]
  })
  const rival = yield* Competitors.add({ brandId: brand.id, name: "Rival", website: "https://rival.example", aliases: ["RivalHQ"] })
  const prompt = yield* Prompts.add({ brandId: brand.id, text: "best crm" })
  return { brandId: brand.id, rivalId: rival.id, promptId: prompt.id }
})

const analysis = (rivalId: number): ResponseAnalysis => ({
  brand: { mentioned: true, position: 2, sentiment: 71.5 },
  competitors: [{ competitorId: rivalId, position: 1, sentiment: 40 }],
  citations: [
    { url: "https://www.g2.com/products/acme/reviews", domain: "g2.com" },
    { url: "https://docs.acme.example/start", domain: "acme.example" }
  ],
  searchQueries: ["best crm 2026", "acme vs rival"],
  analyserVersion: 2,
  judge: { kind: "local", model: null, fallback: null }
})

const input = (promptId: number, rivalId: number, key: string): RecordResponse => ({
  idempotencyKey: key,
  promptId,
  engine: "perplexity",
  model: "sonar",
  collectedAt: new Date("2026-01-02T10:00:00Z"),
  markdown: "**Rival** and Acme",
  text: "Rival and Acme",
  payload: { raw: [1, 2, 3] },
  analysis: analysis(rivalId)
})

layer(Live)("ResponseStore", (it) => {
  it.effect("records every part once; the same key again writes nothing", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const { promptId, rivalId } = yield* setup
      const before = yield* counts
      const first = yield* ResponseStore.record(input(promptId, rivalId, `k-${n}`))
      expect(first.created).toBe(true)
      const after = yield* counts
      expect(after.responses).toBe((before.responses ?? 0) + 1)
      expect(after.payloads).toBe((before.payloads ?? 0) + 1)
      expect(after.mentions).toBe((before.mentions ?? 0) + 1)
      expect(after.citations).toBe((before.citations ?? 0) + 2)
      expect(after.queries).toBe((before.queries ?? 0) + 2)

      const again = yield* ResponseStore.record({ ...input(promptId, rivalId, `k-${n}`), text: "different" })
      expect(again).toEqual({ responseId: first.responseId, created: false })
      expect(yield* counts).toEqual(after)

      const [row] = yield* sql<{ brand_sentiment: string; brand_position: number; payload: unknown; engine: string }>`
        SELECT r.brand_sentiment, r.brand_position, r.engine, p.payload
        FROM responses r JOIN response_payloads p ON p.response_id = r.id WHERE r.id = ${first.responseId}`
      expect(row).toEqual({ brand_sentiment: "71.50", brand_position: 2, engine: "perplexity", payload: { raw: [1, 2, 3] } })
      const citations = yield* sql<{ url: string; domain: string; ordinal: number }>`
        SELECT u.url, d.domain, c.ordinal FROM response_citations c
        JOIN urls u ON u.id = c.url_id JOIN domains d ON d.id = c.domain_id
        WHERE c.response_id = ${first.responseId} ORDER BY c.ordinal`
      expect(citations.map((c) => [c.ordinal, c.domain])).toEqual([[1, "g2.com"], [2, "acme.example"]])
    }))

  it.effect("a batch shares domains and URLs, and a repeated key within it is written once", () =>
    Effect.gen(function*() {
      const { promptId, rivalId } = yield* setup
      const before = yield* counts
      const results = yield* ResponseStore.recordMany([
        input(promptId, rivalId, `b1-${n}`),
        input(promptId, rivalId, `b2-${n}`),
        input(promptId, rivalId, `b1-${n}`)
      ])
      expect(results.map((r) => r.created)).toEqual([true, true, false])
      expect(results[2]?.responseId).toBe(results[0]?.responseId)
      const after = yield* counts
      expect(after.responses).toBe((before.responses ?? 0) + 2)
      expect(after.citations).toBe((before.citations ?? 0) + 4)
      // Both URLs were stored by the first test already: no new domain or URL rows.
      expect(after.urls).toBe(before.urls)
      expect(after.domains).toBe(before.domains)
    }))

  it.effect("a failing record leaves nothing behind", () =>
    Effect.gen(function*() {
      const { promptId, rivalId } = yield* setup
      const before = yield* counts
      const broken = { ...input(promptId, rivalId, `bad-${n}`), analysis: analysis(999_999) }
      const exit = yield* Effect.exit(ResponseStore.record(broken))
      expect(Exit.isFailure(exit)).toBe(true)
      expect(yield* counts).toEqual(before)
      const missing = yield* Effect.flip(ResponseStore.record(input(999_999, rivalId, `none-${n}`)))
      expect(missing._tag).toBe("PromptNotFound")
      expect(yield* counts).toEqual(before)
    }))

  it.effect("replaceAnalysis rewrites the analysis of one response", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const { promptId, rivalId } = yield* setup
      const { responseId } = yield* ResponseStore.record(input(promptId, rivalId, `r-${n}`))
      yield* ResponseStore.replaceAnalysis(responseId, {
        brand: { mentioned: false, position: null, sentiment: null },
        competitors: [],
        citations: [{ url: "https://news.example.org/a", domain: "example.org" }],
        searchQueries: [],
        analyserVersion: 3,
        judge: { kind: "openai", model: "gpt-5-nano", fallback: null }
      })
      const [row] = yield* sql<{ mentioned: boolean; version: number; judge: string; model: string; mentions: number; citations: number; queries: number }>`
        SELECT brand_mentioned AS mentioned, analyser_version AS version, analysis_judge AS judge, analysis_judge_model AS model,
               (SELECT count(*) FROM response_mentions WHERE response_id = ${responseId})::int AS mentions,
               (SELECT count(*) FROM response_citations WHERE response_id = ${responseId})::int AS citations,
               (SELECT count(*) FROM response_search_queries WHERE response_id = ${responseId})::int AS queries
        FROM responses WHERE id = ${responseId}`
      expect(row).toEqual({ mentioned: false, version: 3, judge: "openai", model: "gpt-5-nano", mentions: 0, citations: 1, queries: 0 })
      const missing = yield* Effect.flip(ResponseStore.replaceAnalysis(999_999, analysis(rivalId)))
      expect(missing._tag).toBe("ResponseNotFound")
    }))

  it.effect("the key sets keep a day that another answer still cites, re-analysed alongside new answers of that day", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const { brandId, promptId, rivalId } = yield* setup
      const withoutG2: ResponseAnalysis = { ...analysis(rivalId), citations: [{ url: "https://docs.acme.example/start", domain: "acme.example" }] }
      // A batch big enough for the skip (more than the functions' 20 answers) cites g2.com on a day
      // A already put in the key sets, so it skips those keys.
      const batch = (prefix: string) => Array.from({ length: 21 }, (_, i) => input(promptId, rivalId, `${prefix}-${n}-${i}`))
      const { responseId: a } = yield* ResponseStore.record(input(promptId, rivalId, `ks-a-${n}`))
      yield* ResponseStore.recordMany(batch("ks-b"))
      yield* ResponseStore.replaceAnalysis(a, withoutG2)
      const [g2] = yield* sql<{ days: string }>`
        SELECT k.days::text AS days FROM cited_domain_days k JOIN domains d ON d.id = k.domain_id
        WHERE k.brand_id = ${brandId} AND d.domain = 'g2.com' AND k.engine IS NULL`
      expect(g2?.days).toBe("{[2026-01-02,2026-01-03)}")
      // Re-analyses and new answers of the same brand and day, concurrently.
      const ids = yield* Effect.forEach([1, 2, 3, 4], (i) => ResponseStore.record(input(promptId, rivalId, `ks-c-${n}-${i}`)))
      yield* Effect.all([
        Effect.forEach(ids, ({ responseId }) => ResponseStore.replaceAnalysis(responseId, withoutG2), { concurrency: 2 }),
        Effect.forEach(["ks-d", "ks-e", "ks-f"], (prefix) => ResponseStore.recordMany(batch(prefix)), { concurrency: 3 })
      ], { concurrency: "unbounded" })
      const differences = yield* Rollups.differences({ brandId })
      expect(differences).toEqual(NO_DIFFERENCES)
    }))

  it.effect("trackedBrands gives the brand (display name as alias), its competitors and language", () =>
    Effect.gen(function*() {
      const { brandId, rivalId } = yield* setup
      const tracked = yield* ResponseStore.trackedBrands(brandId)
      expect(tracked).toEqual({
        brand: {
          kind: "brand",
          id: brandId,
          name: "Acme CRM",
          aliases: ["AcmeCRM", "Acme"],
          website: "https://acme.example",
          match: { mode: "auto", pattern: null, exclusions: [] }
        },
        competitors: [{
          kind: "competitor",
          id: rivalId,
          name: "Rival",
          aliases: ["RivalHQ"],
          website: "https://rival.example",
          match: { mode: "auto", pattern: null, exclusions: [] }
        }],
        language: "en"
      })
      expect((yield* Effect.flip(ResponseStore.trackedBrands(999_999)))._tag).toBe("BrandNotFound")
    }))
})
