import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { AI_MODELS } from "@sightline/domain/AiModel"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { citationSourceDayDifferences } from "../src/CitationSourceDays.js"
import { Prompts } from "../src/Prompts.js"
import { ResponseStore } from "../src/ResponseStore.js"
import { foldJournal, Rollups } from "../src/Rollups.js"
import { AgreementLive, answerRecord, arbitraryAnalysis, rawCitations, trackedBrand } from "../test-support/AgreementFixture.js"
import { dayAfter } from "../test-support/Days.js"

/**
 * CitationSourceDays.ts: each cited source's last day and the per-day rows (citations, and the
 * sources last cited that day) agree with the raw citations after answers written in random
 * batches, by concurrent writers citing the same sources on the same days, after re-analyses that
 * take citations away (a source's last day moves back, or the source goes), and after a rebuild;
 * and the per-day rows give every trailing range's count of sources and citations.
 */
const FIRST_DAY = Date.UTC(2024, 0, 20)
const SPAN_DAYS = 60
const dayOf = (offset: number) => dayAfter(FIRST_DAY, offset)

const PAGES = Array.from({ length: 12 }, (_, i) => {
  const domain = `site${i % 4}.example`
  return { url: `https://${domain}/p${i}`, domain }
})

const DayRow = Schema.Struct({ day: Schema.String, citations: Schema.Number, domains: Schema.Number, urls: Schema.Number })

layer(AgreementLive, { timeout: 240_000 })("the citations' per-day rows", (it) => {
  it.effect("agree with the raw citations through concurrent writes, re-analyses and a rebuild", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* ResponseStore
      const { brand, competitors } = yield* trackedBrand("Citation source days")
      const prompt = yield* Prompts.add({ brandId: brand.id, text: "source days prompt" })
      const analysis = arbitraryAnalysis(competitors.map((c) => c.id), PAGES, 4)
      const answer = fc.record({
        prompt: fc.constant(prompt.id),
        engine: fc.constantFrom(...AI_MODELS.slice(0, 3)),
        offset: fc.integer({ min: 0, max: SPAN_DAYS - 1 }),
        second: fc.integer({ min: 0, max: 86_399 }),
        analysis
      })
      // A read of the rollups folds the journal first.
      const differences = Effect.flatMap(
        Effect.zipRight(foldJournal({ brandId: brand.id }), sql<{ readonly n: number }>`SELECT ${citationSourceDayDifferences(sql, brand.id)} AS n`),
        (rows) => Effect.succeed(rows[0]?.n)
      )

      /** The per-day rows against the raw citations, for every start day of a range ending after the data. */
      const checkTrailingRanges = Effect.gen(function*() {
        const raw = yield* rawCitations(brand.id)
        const days = yield* sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, citations, domains, urls
          FROM rollup_citation_days WHERE brand_id = ${brand.id}`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(DayRow))))
        for (let start = -2; start <= SPAN_DAYS + 1; start++) {
          const from = dayOf(start)
          const cited = raw.filter((c) => c.day >= from)
          const rows = days.filter((d) => d.day >= from)
          const sum = (f: (d: typeof DayRow.Type) => number) => rows.reduce((n, d) => n + f(d), 0)
          expect(sum((d) => d.citations), from).toBe(cited.length)
          expect(sum((d) => d.domains), from).toBe(new Set(cited.map((c) => c.domainId)).size)
          expect(sum((d) => d.urls), from).toBe(new Set(cited.map((c) => c.urlId)).size)
        }
      })

      let key = 0
      for (let round = 0; round < 4; round++) {
        // Four writers at once, each a few batches (own transactions), over the same pages and days,
        // each folding the journal after its batch: folds race each other and the writers.
        const writers = fc.sample(fc.array(fc.array(answer, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 3 }), {
          numRuns: 4,
          seed: 100 + round
        })
        yield* Effect.forEach(
          writers,
          (batches) =>
            Effect.forEach(batches, (batch) =>
              Effect.zipLeft(
                store.recordMany(batch.map((a) => answerRecord(FIRST_DAY, `r${round}k${key++}`, a))),
                foldJournal({ brandId: brand.id })
              )),
          { concurrency: 4 }
        )
        expect(yield* differences).toBe(0)
        // Re-analyses: citations taken away (last days move back, sources go) and others added.
        const written = (yield* sql<{ id: number }>`SELECT id FROM responses WHERE brand_id = ${brand.id} ORDER BY id`).map((r) => r.id)
        for (const [id, replaced] of fc.sample(fc.tuple(fc.constantFrom(...written), analysis), { numRuns: 15, seed: 7 + round })) {
          yield* store.replaceAnalysis(id, replaced)
        }
        expect(yield* differences).toBe(0)
        yield* checkTrailingRanges
      }

      // A rebuild writes the same rows as the write path did.
      const snapshot = sql`SELECT array_agg(x ORDER BY x) AS rows FROM (
        SELECT row(brand_id, domain_id, url_id, last_day)::text AS x FROM cited_source_last_days WHERE brand_id = ${brand.id}
        UNION ALL
        SELECT row(brand_id, day, citations, domains, urls)::text FROM rollup_citation_days
        WHERE brand_id = ${brand.id} AND (citations, domains, urls) <> (0, 0, 0)) s`
      const before = yield* snapshot
      yield* Rollups.rebuild({ brandId: brand.id })
      expect(yield* snapshot).toEqual(before)
      expect(yield* differences).toBe(0)
      // And a source whose citations all go leaves no last day behind.
      const all = (yield* sql<{ id: number }>`SELECT id FROM responses WHERE brand_id = ${brand.id}`).map((r) => r.id)
      const none = fc.sample(analysis, { numRuns: 1, seed: 3 })[0]
      if (none !== undefined) for (const id of all) yield* store.replaceAnalysis(id, { ...none, citations: [] })
      expect(yield* differences).toBe(0)
      const left = yield* sql<{ n: number }>`SELECT
        (SELECT count(*) FROM cited_source_last_days WHERE brand_id = ${brand.id})
        + (SELECT count(*) FROM rollup_citation_days WHERE brand_id = ${brand.id} AND (citations, domains, urls) <> (0, 0, 0)) AS n`
      expect(Number(left[0]?.n)).toBe(0)
    }))
})
