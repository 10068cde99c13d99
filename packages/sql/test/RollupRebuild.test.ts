import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { AI_MODELS } from "@sightline/domain/AiModel"
import * as Arr from "effect/Array"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { Competitors } from "../src/Competitors.js"
import { ROLLUP_TABLES } from "../src/migrations/0049_competitor_engines_rollup.js"
import { Prompts } from "../src/Prompts.js"
import { ResponseStore } from "../src/ResponseStore.js"
import { foldJournal, NO_DIFFERENCES, Rollups } from "../src/Rollups.js"
import { AgreementLive, answerRecord, arbitraryAnalysis, trackedBrand } from "../test-support/AgreementFixture.js"

/**
 * The set-based rebuild (`Rollups.rebuild`, every grain from one GROUPING SETS aggregation per
 * table) gives exactly the rows the write path keeps, compared by `differences` with the raw rows:
 * for random answers of two brands over a year boundary (day, month and year rows), after
 * re-analyses, rebuilding one brand (the other is left as it was) or every brand, from rollups
 * that were emptied first (so the rebuild, not the write path, wrote every row).
 */
const FIRST_DAY = Date.UTC(2023, 11, 1)
const SPAN_DAYS = 75
const PAGES = ["a.example/1", "a.example/2", "b.example/1", "c.example/1", "c.example/2"].map((page) => ({
  url: `https://${page}`,
  domain: page.split("/")[0] ?? ""
}))

layer(AgreementLive, { timeout: 240_000 })("rollups rebuild", (it) => {
  it.effect("rebuilds exactly the rows the write path keeps, for one brand or every brand", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* ResponseStore
      // The second brand has 53 competitors, the first 3: the rebuild builds each row's competitor
      // counts from one column per competitor rank, 50 to a jsonb_build_object.
      const brands = yield* Effect.forEach(["Rebuild one", "Rebuild two"], (name, b) =>
        Effect.gen(function*() {
          const tracked = yield* trackedBrand(name)
          const more = yield* Effect.forEach(Arr.range(1, b === 0 ? 0 : 50).filter((i) => i > 0), (i) =>
            Competitors.add({ brandId: tracked.brand.id, name: `Extra ${i}`, website: `https://extra${i}.example`, aliases: [] }))
          const groupOf = [tracked.groups[0]?.id, tracked.groups[1]?.id, undefined]
          const prompts = yield* Effect.forEach(groupOf, (groupId, i) =>
            Prompts.add({ brandId: tracked.brand.id, text: `prompt ${i}`, ...(groupId === undefined ? {} : { groupId }) }))
          const competitorIds = [...tracked.competitors.map((c) => c.id), ...more.map((c) => c.id)]
          return { id: tracked.brand.id, competitorIds, promptIds: prompts.map((p) => p.id) }
        }))
      const empty = (brandId: number) =>
        Effect.forEach(ROLLUP_TABLES, (table) => sql`DELETE FROM ${sql(table)} WHERE brand_id = ${brandId}`)
      let key = 0
      for (const round of [1, 2, 3, 4, 5, 6]) {
        for (const brand of brands) {
          const answer = fc.record({
            prompt: fc.constantFrom(...brand.promptIds),
            engine: fc.constantFrom(...AI_MODELS),
            offset: fc.integer({ min: 0, max: SPAN_DAYS - 1 }),
            second: fc.integer({ min: 0, max: 86_399 }),
            analysis: arbitraryAnalysis(brand.competitorIds, PAGES, 4)
          })
          const [batch = []] = fc.sample(fc.array(answer, { minLength: 1, maxLength: 30 }), { numRuns: 1, seed: round * 31 + brand.id })
          yield* store.recordMany(batch.map((a) => answerRecord(FIRST_DAY, `r${key++}`, a)))
          const ids = (yield* sql<{ id: number }>`SELECT id FROM responses WHERE brand_id = ${brand.id} ORDER BY id`).map((r) => r.id)
          const picks = fc.sample(fc.tuple(fc.constantFrom(...ids), arbitraryAnalysis(brand.competitorIds, PAGES, 4)), { numRuns: 3, seed: round })
          for (const [id, analysis] of picks) yield* store.replaceAnalysis(id, analysis)
        }
        const [one, two] = brands
        if (one === undefined || two === undefined) return yield* Effect.die("fixture")
        // Emptied rollups differ from the raw rows (the comparison can fail), until the rebuild.
        yield* empty(one.id)
        expect((yield* Rollups.differences({ brandId: one.id })).brand).toBeGreaterThan(0)
        if (round % 2 === 1) {
          yield* Rollups.rebuild({ brandId: one.id })
        } else {
          yield* empty(two.id)
          yield* Rollups.rebuild({})
        }
        expect(yield* Rollups.differences({ brandId: one.id })).toEqual(NO_DIFFERENCES)
        expect(yield* Rollups.differences({ brandId: two.id })).toEqual(NO_DIFFERENCES)
        expect(yield* Rollups.differences({})).toEqual(NO_DIFFERENCES)
      }
    }))

  it.effect("a deleted brand, prompt or competitor takes its rollup rows with it (migrations 0040, 0048, 0049)", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* ResponseStore
      const tracked = yield* trackedBrand("Rollup deletes")
      const brandId = tracked.brand.id
      const competitorIds = tracked.competitors.map((c) => c.id)
      const prompts = yield* Effect.forEach([0, 1], (i) => Prompts.add({ brandId, text: `prompt ${i}` }))
      const answer = fc.record({
        prompt: fc.constantFrom(...prompts.map((p) => p.id)),
        engine: fc.constantFrom(...AI_MODELS),
        offset: fc.integer({ min: 0, max: SPAN_DAYS - 1 }),
        second: fc.integer({ min: 0, max: 86_399 }),
        // Every answer names every competitor, so each has rollup rows.
        analysis: arbitraryAnalysis(competitorIds, PAGES, 4).map((a) => ({
          ...a,
          competitors: competitorIds.map((competitorId, i) => ({ competitorId, position: i + 1, sentiment: 50 }))
        }))
      })
      const [batch = []] = fc.sample(fc.array(answer, { minLength: 5, maxLength: 20 }), { numRuns: 1, seed: 9 })
      yield* store.recordMany(batch.map((a, i) => answerRecord(FIRST_DAY, `d${i}`, a)))
      yield* foldJournal({ brandId })
      const rows = (table: string, column: string, id: number) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql(table)} WHERE ${sql(column)} = ${id}`.pipe(
          Effect.map(([row]) => row?.n ?? 0)
        )
      const [competitor] = competitorIds
      if (competitor === undefined) return yield* Effect.die("fixture")
      expect(yield* rows("rollup_competitor", "competitor_id", competitor)).toBeGreaterThan(0)
      expect(yield* rows("rollup_prompt_competitor", "competitor_id", competitor)).toBeGreaterThan(0)
      expect(yield* rows("rollup_competitor_engines", "competitor_id", competitor)).toBeGreaterThan(0)
      yield* sql`DELETE FROM competitors WHERE id = ${competitor}`
      expect(yield* rows("rollup_competitor", "competitor_id", competitor)).toBe(0)
      expect(yield* rows("rollup_prompt_competitor", "competitor_id", competitor)).toBe(0)
      expect(yield* rows("rollup_competitor_engines", "competitor_id", competitor)).toBe(0)
      for (const table of ROLLUP_TABLES) expect(yield* rows(table, "brand_id", brandId)).toBeGreaterThan(0)
      // Keyed by prompt only: the prompts' delete trigger takes its rows when the brand's prompts cascade.
      const promptCitations = Effect.map(
        Effect.forEach(prompts, (p) => rows("rollup_prompt_citations", "prompt_id", p.id)),
        (counts) => counts.reduce((a, b) => a + b, 0)
      )
      expect(yield* promptCitations).toBeGreaterThan(0)
      yield* sql`DELETE FROM brands WHERE id = ${brandId}`
      for (const table of ROLLUP_TABLES) expect(yield* rows(table, "brand_id", brandId)).toBe(0)
      expect(yield* promptCitations).toBe(0)
    }))
})
