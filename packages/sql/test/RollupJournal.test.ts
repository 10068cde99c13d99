import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { AI_MODELS } from "@sightline/domain/AiModel"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { Prompts } from "../src/Prompts.js"
import { getDashboard } from "../src/read/Dashboard.js"
import { ResponseStore } from "../src/ResponseStore.js"
import { foldJournal, NO_DIFFERENCES, Rollups } from "../src/Rollups.js"
import { AgreementLive, answerRecord, arbitraryAnalysis, trackedBrand } from "../test-support/AgreementFixture.js"

/**
 * The rollups' journal (migration 0047): the write transaction appends its answers, folds add them
 * to the tables, and whatever order writes, folds, reads, re-analyses and rebuilds come in, the
 * tables never count an answer twice nor leave one out once folded, and no read sees them behind.
 */
const FIRST_DAY = Date.UTC(2025, 11, 20)
const SPAN_DAYS = 20
const PAGES = ["a.example/1", "a.example/2", "b.example/1"].map((page) => ({
  url: `https://${page}`,
  domain: page.split("/")[0] ?? ""
}))

layer(AgreementLive, { timeout: 240_000 })("the rollups' journal", (it) => {
  const setup = (name: string) =>
    Effect.gen(function*() {
      const tracked = yield* trackedBrand(name)
      const prompts = yield* Effect.forEach([0, 1], (i) =>
        Prompts.add({
          brandId: tracked.brand.id,
          text: `journal prompt ${i}`,
          ...(i === 0 && tracked.groups[0] !== undefined ? { groupId: tracked.groups[0].id } : {})
        }))
      const answer = fc.record({
        prompt: fc.constantFrom(...prompts.map((p) => p.id)),
        engine: fc.constantFrom(...AI_MODELS),
        offset: fc.integer({ min: 0, max: SPAN_DAYS - 1 }),
        second: fc.integer({ min: 0, max: 86_399 }),
        analysis: arbitraryAnalysis(tracked.competitors.map((c) => c.id), PAGES, 3)
      })
      return { brandId: tracked.brand.id, groups: tracked.groups, prompts, answer }
    })

  const journalOf = (brandId: number) =>
    Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM rollup_journal WHERE brand_id = ${brandId}`.pipe(
        Effect.map(([row]) => row?.n ?? 0)
      ))
  const storedResponses = (brandId: number) =>
    Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql<{ n: number }>`SELECT coalesce(sum(responses), 0)::int AS n FROM rollup_brand
        WHERE brand_id = ${brandId} AND engine IS NULL AND grain = 'day'`.pipe(Effect.map(([row]) => row?.n ?? 0)))

  it.effect("a written answer waits in the journal, and the next read folds it before it reads", () =>
    Effect.gen(function*() {
      const store = yield* ResponseStore
      const { answer, brandId } = yield* setup("Journal read")
      const [batch = []] = fc.sample(fc.array(answer, { minLength: 3, maxLength: 12 }), { numRuns: 1, seed: 1 })
      yield* store.recordMany(batch.map((a, i) => answerRecord(FIRST_DAY, `jr${i}`, a)))
      // Written, not folded: the tables do not count the answers yet.
      expect(yield* journalOf(brandId)).toBe(batch.length)
      expect(yield* storedResponses(brandId)).toBe(0)
      // The dashboard folds first: it counts every answer, and the journal is empty.
      const dashboard = yield* getDashboard({ brandId, filters: {} })
      expect(dashboard.total_responses).toBe(batch.length)
      expect(yield* journalOf(brandId)).toBe(0)
      expect(yield* storedResponses(brandId)).toBe(batch.length)
      expect(yield* Rollups.differences({ brandId })).toEqual(NO_DIFFERENCES)
    }))

  it.effect("a database that refuses writes (a replica) is read as last folded, without failing the read", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* ResponseStore
      const { answer, brandId } = yield* setup("Journal replica")
      const [first = [], second = []] = fc.sample(fc.array(answer, { minLength: 2, maxLength: 8 }), { numRuns: 2, seed: 2 })
      yield* store.recordMany(first.map((a, i) => answerRecord(FIRST_DAY, `jro${i}`, a)))
      expect((yield* getDashboard({ brandId, filters: {} })).total_responses).toBe(first.length)
      yield* store.recordMany(second.map((a, i) => answerRecord(FIRST_DAY, `jrs${i}`, a)))
      // In a read-only transaction (what a hot standby allows) the fold's DELETE is refused (25006):
      // the dashboard still answers, from the tables as folded before the second batch.
      const readOnly = yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`SET TRANSACTION READ ONLY`
        return yield* getDashboard({ brandId, filters: {} })
      }))
      expect(readOnly.total_responses).toBe(first.length)
      expect(yield* journalOf(brandId)).toBe(second.length)
      // A read that may write folds them.
      expect((yield* getDashboard({ brandId, filters: {} })).total_responses).toBe(first.length + second.length)
      expect(yield* journalOf(brandId)).toBe(0)
    }))

  it.effect("writes, concurrent folds, re-analyses of unfolded answers, group moves and rebuilds never count an answer twice", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* ResponseStore
      const prompts = yield* Prompts
      const { answer, brandId, groups, prompts: [first] } = yield* setup("Journal mixed")
      if (first === undefined) return yield* Effect.die("fixture")
      let key = 0
      for (let round = 0; round < 6; round++) {
        const writers = fc.sample(fc.array(fc.array(answer, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 3 }), {
          numRuns: 3,
          seed: 40 + round
        })
        // Writers and folders at once: a fold blocks on the answers another fold is taking.
        yield* Effect.all([
          Effect.forEach(
            writers,
            (batches) => Effect.forEach(batches, (batch) => store.recordMany(batch.map((a) => answerRecord(FIRST_DAY, `jm${key++}`, a)))),
            { concurrency: 3 }
          ),
          Effect.forEach([1, 2, 3], () => foldJournal({ brandId }), { concurrency: 3 })
        ], { concurrency: 2 })
        // More answers left in the journal, then what must fold them first (or take them in).
        const [more = []] = fc.sample(fc.array(answer, { minLength: 1, maxLength: 6 }), { numRuns: 1, seed: 70 + round })
        yield* store.recordMany(more.map((a) => answerRecord(FIRST_DAY, `jm${key++}`, a)))
        expect(yield* journalOf(brandId)).toBeGreaterThan(0)
        const unfolded = (yield* sql<{ id: number }>`SELECT response_id AS id FROM rollup_journal WHERE brand_id = ${brandId} ORDER BY 1`)
          .map((r) => r.id)
        if (round % 3 === 0) {
          // A re-analysis of an answer still in the journal: its old figures are folded before they are subtracted.
          const [reanalysis] = fc.sample(arbitraryAnalysis([], PAGES, 2), { numRuns: 1, seed: round })
          const id = unfolded[0]
          if (reanalysis === undefined || id === undefined) return yield* Effect.die("fixture")
          yield* store.replaceAnalysis(id, reanalysis)
        } else if (round % 3 === 1) {
          // A prompt moved to another group rebuilds the figure rollups, after folding the journal.
          yield* prompts.edit(first.id, { groupId: round % 2 === 0 ? (groups[0]?.id ?? null) : (groups[1]?.id ?? null) })
        } else {
          // A rebuild counts the journal's answers from the raw rows and empties the journal.
          yield* Rollups.rebuild({ brandId })
          expect(yield* journalOf(brandId)).toBe(0)
        }
        expect(yield* Rollups.differences({ brandId })).toEqual(NO_DIFFERENCES)
        expect(yield* journalOf(brandId)).toBe(0)
      }
    }))

  it.effect("an answer deleted before it is folded leaves the journal with it", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* ResponseStore
      const { answer, brandId } = yield* setup("Journal delete")
      const [batch = []] = fc.sample(fc.array(answer, { minLength: 2, maxLength: 6 }), { numRuns: 1, seed: 5 })
      yield* store.recordMany(batch.map((a, i) => answerRecord(FIRST_DAY, `jd${i}`, a)))
      expect(yield* journalOf(brandId)).toBe(batch.length)
      yield* sql`DELETE FROM brands WHERE id = ${brandId}`
      expect(yield* journalOf(brandId)).toBe(0)
      // Nothing left to fold, nothing folded into the deleted brand's rows.
      yield* foldJournal("all")
      expect(yield* storedResponses(brandId)).toBe(0)
    }))
})
