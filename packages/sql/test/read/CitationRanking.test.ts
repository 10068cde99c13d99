import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { AI_MODELS } from "@sightline/domain/AiModel"
import { classifierOf } from "@sightline/domain/analysis/SourceTypes"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { Prompts } from "../../src/Prompts.js"
import { listUrlsWith } from "../../src/read/CitedSources.js"
import { type CitationQuery, citationReportWith, rankedCitationReport } from "../../src/read/Reports.js"
import { ResponseStore } from "../../src/ResponseStore.js"
import {
  AgreementLive,
  answerRecord,
  arbitraryAnalysis,
  expectedCitationRows,
  rawAnswers,
  rawCitations,
  rawMentions,
  trackedBrand
} from "../../test-support/AgreementFixture.js"
import { dayAfter } from "../../test-support/Days.js"

/**
 * The citations report's ranked read (read/CitationRanking.ts: each period's top rows and a bound
 * for the rest) gives exactly the page the raw citations give, whatever its depth: a settled page
 * at any depth is the raw page, a depth that reads every row always settles, and going deeper from
 * depth 1 gives the raw page. The data is skewed (a few pages cited far more than the rest, many
 * ties at the bottom), over days that cross whole months, with re-analyses leaving rows at zero.
 * The cited-URLs list (read/CitedSources.ts), which reads the same ranking, gives the same page as
 * when it sums every URL.
 */
const FIRST_DAY = Date.UTC(2024, 0, 20)
const SPAN_DAYS = 80
const dayOf = (offset: number) => dayAfter(FIRST_DAY, offset)

const PAGES = Array.from({ length: 24 }, (_, i) => {
  const domain = `site${i % 8}.example`
  return { url: `https://${domain}/p${i}`, domain }
})
/** Page i is picked with weight ~1/(i+1): a Zipf-like citation count. */
const WEIGHTED = PAGES.flatMap((page, i) => Array.from({ length: Math.max(1, Math.round(24 / (i + 1))) }, () => page))


layer(AgreementLive, { timeout: 240_000 })("the citations report's ranked read", (it) => {
  it.effect("settles on the raw rows' page at every depth, with skewed citations and ties", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* ResponseStore
      const { brand, competitors } = yield* trackedBrand("Citation ranking")
      const prompt = yield* Prompts.add({ brandId: brand.id, text: "ranked prompt" })
      const competitorIds = competitors.map((c) => c.id)
      const skewedAnalysis = fc.tuple(
        arbitraryAnalysis(competitorIds, PAGES, 0),
        fc.uniqueArray(fc.constantFrom(...WEIGHTED), { maxLength: 4, selector: (page) => page.url })
      ).map(([analysis, citations]) => ({ ...analysis, citations }))
      const answer = fc.record({
        prompt: fc.constant(prompt.id),
        engine: fc.constantFrom(...AI_MODELS.slice(0, 3)),
        offset: fc.integer({ min: 0, max: SPAN_DAYS - 1 }),
        second: fc.integer({ min: 0, max: 86_399 }),
        analysis: skewedAnalysis
      })
      const batches = fc.sample(fc.array(answer, { minLength: 1, maxLength: 50 }), { numRuns: 8, seed: 17 })
      let key = 0
      for (const batch of batches) yield* store.recordMany(batch.map((a) => answerRecord(FIRST_DAY, `k${key++}`, a)))
      // Re-analyses take citations away (their rows can drop to zero) and add others.
      const written = (yield* sql<{ id: number }>`SELECT id FROM responses WHERE brand_id = ${brand.id} ORDER BY id`).map((r) => r.id)
      for (const [id, analysis] of fc.sample(fc.tuple(fc.constantFrom(...written), skewedAnalysis), { numRuns: 20, seed: 5 })) {
        yield* store.replaceAnalysis(id, analysis)
      }

      const facts = {
        citations: yield* rawCitations(brand.id),
        answers: yield* rawAnswers(brand.id),
        mentions: yield* rawMentions(brand.id),
        competitors,
        classify: classifierOf({
          ownWebsite: "https://own.example",
          competitorWebsites: competitors.map((c) => `https://${c.name}.example`),
          overrides: new Map()
        })
      }

      const cases = fc.sample(
        fc.record({
          start: fc.integer({ min: -5, max: SPAN_DAYS }),
          length: fc.integer({ min: 1, max: 90 }),
          level: fc.constantFrom("domain" as const, "url" as const),
          perPage: fc.integer({ min: 1, max: 6 }),
          page: fc.integer({ min: 1, max: 5 }),
          depth: fc.integer({ min: 1, max: 12 })
        }),
        { numRuns: 60, seed: 23 }
      ).concat(
        // Ranges around all the data (year and month rows), and the first page of each level.
        (["domain", "url"] as const).flatMap((level) =>
          [[-400, 500], [-10, SPAN_DAYS + 20], [10, 50]].map(([start, length]) => ({
            start: start ?? 0,
            length: length ?? 1,
            level,
            perPage: 3,
            page: 1,
            depth: 2
          }))
        )
      )
      let settledEarly = 0
      let doubled = 0
      for (const c of cases) {
        const period = { start_date: dayOf(c.start), end_date: dayOf(c.start + c.length - 1) }
        const query: CitationQuery = {
          brandId: brand.id,
          period,
          level: c.level,
          dimensions: [],
          page: { page: c.page, perPage: c.perPage }
        }
        const label = JSON.stringify(c)
        const all = expectedCitationRows(facts, query)
        const offset = (c.page - 1) * c.perPage
        const expected = {
          pagination: {
            current_page: c.page,
            per_page: c.perPage,
            total_pages: Math.ceil(all.length / c.perPage),
            total_records: all.length
          },
          period,
          data: all.slice(offset, offset + c.perPage)
        }
        // At one depth: the raw page when it settles; always settled once every row of a period is read.
        const atDepth = yield* rankedCitationReport(query, c.depth)
        if (atDepth !== undefined) {
          expect(atDepth, label).toEqual(expected)
          if (c.depth < all.length) settledEarly++
        }
        expect(yield* rankedCitationReport(query, 10_000), label).toEqual(expected)
        // From depth 1, twice as deep until it settles; and with no room for the ranked read, every source summed.
        if (atDepth === undefined) doubled++
        expect(yield* citationReportWith({ first: () => 1, maxEntries: 1_000_000 })(query), label).toEqual(expected)
        expect(yield* citationReportWith({ first: () => 1, maxEntries: 0 })(query), label).toEqual(expected)
        // The cited-URLs list reads the same ranking: at any first depth, the page of every URL summed.
        if (c.level === "url") {
          const urlQuery = {
            brandId: brand.id,
            filters: { startDate: period.start_date, endDate: period.end_date },
            page: { page: c.page, perPage: c.perPage }
          }
          const summed = yield* listUrlsWith({ first: () => 1, maxEntries: 0 })(urlQuery)
          expect(summed.pagination.total_records, label).toBe(all.length)
          expect(yield* listUrlsWith({ first: () => c.depth, maxEntries: 1_000_000 })(urlQuery), label).toEqual(summed)
        }
      }
      // The bound does settle pages before every row is read, and some need a deeper read.
      expect(settledEarly).toBeGreaterThan(5)
      expect(doubled).toBeGreaterThan(5)
    }))
})
