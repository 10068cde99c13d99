import * as SqlClient from "@effect/sql/SqlClient"
import { AI_MODELS } from "@sightline/domain/AiModel"
import type { AiModel } from "@sightline/domain/AiModel"
import { analyseResponse } from "@sightline/domain/analysis/ResponseAnalysis"
import type { Sentiment } from "@sightline/domain/Sentiment"
import { Progress } from "@sightline/runtime"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { ActionPlans } from "./ActionPlans.js"
import type { PromptNotFound } from "./AdminErrors.js"
import { ApiKeys } from "./ApiKeys.js"
import {
  BRANDS,
  DAYS,
  type DemoBrand,
  type DemoPrompt,
  ENGINE_BIAS,
  ENGINE_COVERAGE,
  ENGINE_MODELS,
  SEARCHING_ENGINES,
  type Tone,
  TRACKING
} from "./DemoData.js"
import { type RecordResponse, ResponseStore, type TrackedBrands } from "./ResponseStore.js"
import { foldJournal } from "./Rollups.js"

/**
 * The demo workspace: two brands with competitors, groups and prompts, ~90 days of answers of all
 * seven engines (about 10k), analysed like real ones and stored through ResponseStore, and an
 * action plan per prompt. Deterministic (a PRNG seeded by each answer's key; dates relative to the
 * current UTC day) and idempotent (upserts by name, idempotency keys `demo:<brand>:<prompt>:<engine>:<date>`).
 */

export const WORKSPACE_NAME = "Demo workspace"
export const DEMO_KEY_NAME = "demo"
const BATCH_SIZE = 500
const DAY_MS = 86_400_000
// Any constant works; it only has to be the same in every Sightline process.
const BOOTSTRAP_LOCK = 7_263_415_002

// --- deterministic randomness -------------------------------------------------------------------

/** FNV-1a: a stable 32-bit seed from a string. */
const hashString = (value: string): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** mulberry32: a small, fast PRNG, good enough for demo data. */
const random = (key: string) => {
  let state = hashString(key)
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <A>(items: ReadonlyArray<A>, fallback: A): A => items[Math.floor(next() * items.length)] ?? fallback,
    sample: <A>(items: ReadonlyArray<A>, count: number): ReadonlyArray<A> => {
      const pool = [...items]
      const out: Array<A> = []
      while (out.length < count && pool.length > 0) {
        const [taken] = pool.splice(Math.floor(next() * pool.length), 1)
        if (taken !== undefined) out.push(taken)
      }
      return out
    }
  }
}

// --- answers --------------------------------------------------------------------------------------

interface Answer {
  readonly collectedAt: Date
  readonly markdown: string
  readonly text: string
  readonly citations: ReadonlyArray<string>
  readonly searchQueries: ReadonlyArray<string>
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

const toneFor = (rng: ReturnType<typeof random>, favour: number): Tone =>
  rng.chance(favour) ? "positive" : rng.chance(0.6) ? "neutral" : "negative"

/**
 * One engine's answer to one prompt on one day, or none when the engine did not run that day (or
 * would have run later today). `progress` goes from 0 (90 days ago) to 1 (today): the own brand
 * slowly gains visibility and favour over the period, as a brand working on it would.
 */
const answer = (
  brand: DemoBrand,
  prompt: DemoPrompt,
  engine: AiModel,
  key: string,
  dayStart: number,
  progress: number,
  now: number
): Option.Option<Answer> => {
  const rng = random(key)
  if (!rng.chance(ENGINE_COVERAGE[engine])) return Option.none()
  const collectedAt = dayStart + (5 * 3600 + rng.int(0, 15 * 3600)) * 1000
  if (collectedAt > now) return Option.none()

  interface Named {
    readonly spelling: string
    readonly tone: Tone
    readonly weight: number
  }
  const named: Array<Named> = []
  const visibility = clamp(prompt.visibility + ENGINE_BIAS[engine] + 0.2 * progress, 0.02, 0.95)
  if (rng.chance(visibility)) {
    named.push({
      spelling: rng.chance(0.75) ? brand.name : rng.pick(brand.aliases, brand.name),
      tone: toneFor(rng, clamp(brand.favour + 0.15 * progress, 0, 0.9)),
      weight: 0.55 + rng.next() * 0.7
    })
  }
  for (const competitor of brand.competitors) {
    if (rng.chance(competitor.strength) || named.length + 1 < 2) {
      named.push({
        spelling: rng.chance(0.8) ? competitor.name : rng.pick(competitor.aliases, competitor.name),
        tone: toneFor(rng, competitor.favour),
        weight: competitor.strength + rng.next() * 0.7
      })
    }
  }
  named.sort((a, b) => b.weight - a.weight)

  const intro = rng.pick(brand.intros, "").replace("{topic}", prompt.topic)
  const items = named.map((n) => ({ name: n.spelling, phrase: rng.pick(brand.phrases[n.tone], "") }))
  const closing = rng.pick(brand.closings, "")
  const citationCount = engine === "grok" ? rng.int(0, 2) : rng.int(1, 5)
  const tracking = TRACKING[engine] ?? ""
  const citations = rng.sample(brand.sources, citationCount).map((url) =>
    url.replace("{engine}", tracking !== "" && rng.chance(0.7) ? tracking : "")
  )
  const searchQueries = SEARCHING_ENGINES.includes(engine)
    ? rng.sample(prompt.searchQueries, rng.int(1, prompt.searchQueries.length))
    : []

  const markdownItems = items.map((item, i) => `${i + 1}. **${item.name}**: ${item.phrase}`)
  const textItems = items.map((item, i) => `${i + 1}. ${item.name}: ${item.phrase}`)
  const sources = citations.map((url) => `- [${new URL(url).hostname.replace(/^www\./, "")}](${url})`)
  const markdown = [intro, "", ...markdownItems, "", closing, ...(sources.length > 0 ? ["", `**${brand.sourcesHeading}:**`, ...sources] : [])]
    .join("\n")
  const text = [intro, "", ...textItems, "", closing].join("\n")
  return Option.some({ collectedAt: new Date(collectedAt), markdown, text, citations, searchQueries })
}

// --- storage --------------------------------------------------------------------------------------

const IdRow = Schema.Struct({ id: Schema.Number })
const NamedId = Schema.Struct({ id: Schema.Number, name: Schema.String })
const KeyRow = Schema.Struct({ key: Schema.String })
const decode = <A, I>(schema: Schema.Schema<A, I>) => (rows: ReadonlyArray<unknown>) =>
  Schema.decodeUnknown(Schema.Array(schema))(rows)

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Upserts the brand with its competitors, groups and prompts; returns the brand and prompt ids. */
const upsertBrand = (workspaceId: number, brand: DemoBrand, tomorrow: Date) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      INSERT INTO brands ${
      sql.insert({
        workspace_id: workspaceId,
        name: brand.name,
        website: brand.website,
        country_code: brand.country,
        language_code: brand.language,
        display_name: brand.displayName,
        description: brand.description,
        key_features: brand.keyFeatures,
        aliases: brand.aliases
      })
    } ON CONFLICT (workspace_id, name) DO NOTHING`
    const [row] = yield* sql`SELECT id FROM brands WHERE workspace_id = ${workspaceId} AND name = ${brand.name}`.pipe(
      Effect.flatMap(decode(IdRow))
    )
    if (row === undefined) return yield* Effect.dieMessage(`demo brand ${brand.name} was not stored`)
    const brandId = row.id
    yield* sql`
      INSERT INTO competitors ${
      sql.insert(brand.competitors.map((c) => ({ brand_id: brandId, name: c.name, website: c.website, aliases: c.aliases })))
    } ON CONFLICT (brand_id, name) DO NOTHING`
    yield* sql`
      INSERT INTO prompt_groups ${sql.insert(brand.groups.map((name) => ({ brand_id: brandId, name })))}
      ON CONFLICT (brand_id, name) DO NOTHING`
    const groups = yield* sql`SELECT id, name FROM prompt_groups WHERE brand_id = ${brandId}`.pipe(
      Effect.flatMap(decode(NamedId))
    )
    const groupIds = new Map(groups.map((g) => [g.name, g.id]))
    // Demo prompts were answered today already: the worker's first run is tomorrow.
    yield* sql`
      INSERT INTO prompts ${
      sql.insert(brand.prompts.map((p) => ({
        brand_id: brandId,
        group_id: p.group === null ? null : groupIds.get(p.group) ?? null,
        text: p.text,
        engines: AI_MODELS,
        interval_seconds: 86_400,
        next_run_at: tomorrow
      })))
    } ON CONFLICT (brand_id, text) DO NOTHING`
    const prompts = yield* sql`
      SELECT id, text AS name FROM prompts WHERE brand_id = ${brandId} AND text = ANY(${brand.prompts.map((p) => p.text)}::text[])`
      .pipe(Effect.flatMap(decode(NamedId)))
    const promptIds = new Map(prompts.map((p) => [p.name, p.id]))
    return {
      brandId,
      promptIds: brand.prompts.map((p) => promptIds.get(p.text) ?? 0)
    }
  }).pipe(Effect.orDie)

/** Generates, analyses and stores the brand's answers that are not stored yet. */
const storeAnswers = (
  brand: DemoBrand,
  promptIds: ReadonlyArray<number>,
  tracked: TrackedBrands,
  today: number,
  now: number,
  progress: { readonly brandIndex: number; readonly brands: number }
) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const store = yield* ResponseStore
    const prefix = `demo:${brand.slug}:`
    const stored = yield* sql`
      SELECT idempotency_key AS key FROM responses WHERE idempotency_key LIKE ${prefix + "%"}`.pipe(
      Effect.flatMap(decode(KeyRow)),
      Effect.orDie
    )
    const existing = new Set(stored.map((r) => r.key))
    // Analysis is CPU work and storing is database work: one batch is stored while the next is
    // analysed (one write at a time, so the transaction's connection is never shared).
    let batch: Array<RecordResponse> = []
    let writing: Fiber.RuntimeFiber<unknown, PromptNotFound> | undefined
    const awaitWrite = Effect.suspend(() => writing === undefined ? Effect.void : Fiber.join(writing))
    const flush = Effect.gen(function*() {
      const pending = batch
      batch = []
      yield* awaitWrite
      // Folded into the rollups as the worker does after its runs, while the next batch is analysed.
      writing = yield* Effect.fork(Effect.zipLeft(store.recordMany(pending), Effect.orDie(foldJournal({ brandId: tracked.brand.id }))))
    })
    for (let day = DAYS - 1; day >= 0; day--) {
      const dayStart = today - day * DAY_MS
      const date = utcDate(dayStart)
      for (const [index, prompt] of brand.prompts.entries()) {
        const promptId = promptIds[index]
        if (promptId === undefined) continue
        for (const engine of AI_MODELS) {
          const key = `${prefix}${index + 1}:${engine}:${date}`
          if (existing.has(key)) continue
          const generated = answer(brand, prompt, engine, key, dayStart, (DAYS - 1 - day) / (DAYS - 1), now)
          if (Option.isNone(generated)) continue
          const a = generated.value
          const analysis = yield* analyseResponse({
            text: a.text,
            markdown: a.markdown,
            language: tracked.language,
            brand: tracked.brand,
            competitors: tracked.competitors,
            citations: a.citations,
            searchQueries: a.searchQueries
          })
          batch.push({
            idempotencyKey: key,
            promptId,
            engine,
            model: ENGINE_MODELS[engine],
            collectedAt: a.collectedAt,
            markdown: a.markdown,
            text: a.text,
            payload: { source: "sightline-demo", model: ENGINE_MODELS[engine], citations: a.citations, search_queries: a.searchQueries },
            analysis
          })
          if (batch.length >= BATCH_SIZE) yield* flush
        }
      }
      yield* Progress.report("seeding demo data", progress.brandIndex * DAYS + (DAYS - day), progress.brands * DAYS)
    }
    if (batch.length > 0) yield* flush
    yield* awaitWrite
  })

/** Refreshes the action plan of every prompt from its stored answers, as the worker does. */
const refreshPlans = (promptIds: ReadonlyArray<number>) =>
  Effect.gen(function*() {
    const plans = yield* ActionPlans
    for (const promptId of promptIds) yield* plans.refresh(promptId)
  })

const seedAll = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const store = yield* ResponseStore
  const now = yield* Clock.currentTimeMillis
  const today = Math.floor(now / DAY_MS) * DAY_MS

  yield* sql`INSERT INTO workspaces (name) VALUES (${WORKSPACE_NAME}) ON CONFLICT (name) DO NOTHING`.pipe(Effect.orDie)
  const [workspace] = yield* sql`SELECT id FROM workspaces WHERE name = ${WORKSPACE_NAME}`.pipe(
    Effect.flatMap(decode(IdRow)),
    Effect.orDie
  )
  if (workspace === undefined) return yield* Effect.dieMessage("the demo workspace was not stored")

  const brandIds: Array<number> = []
  for (const [brandIndex, brand] of BRANDS.entries()) {
    const { brandId, promptIds } = yield* sql.withTransaction(upsertBrand(workspace.id, brand, new Date(today + DAY_MS))).pipe(Effect.orDie)
    brandIds.push(brandId)
    const tracked = yield* store.trackedBrands(brandId).pipe(Effect.orDie)
    yield* storeAnswers(brand, promptIds, tracked, today, now, { brandIndex, brands: BRANDS.length }).pipe(Effect.orDie)
    yield* refreshPlans(promptIds)
  }
  return { workspaceId: workspace.id, brandIds }
})

const StoresLive = Layer.mergeAll(ResponseStore.Default, ActionPlans.Default, ApiKeys.Default)

/** Seeds (or completes) the demo workspace; running it again duplicates nothing. */
export const seed: Effect.Effect<
  { readonly workspaceId: number; readonly brandIds: ReadonlyArray<number> },
  never,
  SqlClient.SqlClient | Sentiment
> = seedAll.pipe(Effect.provide(StoresLive), Effect.withSpan("DemoSeed.seed"))

/**
 * On a database without any workspace: seeds the demo and creates the API key "demo" for it,
 * returning the plaintext key (shown once). Otherwise none. A transaction-scoped advisory lock
 * makes processes starting together seed once: the second waits, then sees the workspace.
 */
export const bootstrapDemo: Effect.Effect<
  Option.Option<{ readonly key: string; readonly workspaceId: number; readonly brandIds: ReadonlyArray<number> }>,
  never,
  SqlClient.SqlClient | Sentiment
> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const keys = yield* ApiKeys
  const run = Effect.gen(function*() {
    yield* sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`
    const [any] = yield* sql`SELECT id FROM workspaces LIMIT 1`.pipe(Effect.flatMap(decode(IdRow)))
    if (any !== undefined) return Option.none()
    const seeded = yield* seed
    const created = yield* keys.create({ workspaceId: seeded.workspaceId, name: DEMO_KEY_NAME }).pipe(Effect.orDie)
    return Option.some({ key: created.key, workspaceId: seeded.workspaceId, brandIds: seeded.brandIds })
  })
  return yield* sql.withTransaction(run).pipe(Effect.orDie)
}).pipe(Effect.provide(ApiKeys.Default), Effect.withSpan("DemoSeed.bootstrapDemo"))
