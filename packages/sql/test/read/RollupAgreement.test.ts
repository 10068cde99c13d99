import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { AI_MODELS } from "@sightline/domain/AiModel"
import { classifierOf } from "@sightline/domain/analysis/SourceTypes"
import { formatDecimal } from "@sightline/domain/DecimalString"
import * as Metrics from "@sightline/domain/Metrics"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { Competitors } from "../../src/Competitors.js"
import { Groups } from "../../src/Groups.js"
import { Prompts } from "../../src/Prompts.js"
import { listDomains, listDomainUrls, listRelatedPrompts, listUrls } from "../../src/read/CitedSources.js"
import { getDashboard } from "../../src/read/Dashboard.js"
import { getPrompt, listPrompts } from "../../src/read/Prompts.js"
import type { ResponseFilters } from "../../src/read/Query.js"
import { ResponseStore } from "../../src/ResponseStore.js"
import { NO_DIFFERENCES, Rollups } from "../../src/Rollups.js"
import { AgreementLive, answerRecord, arbitraryAnalysis as analysisOf, rawAnswers, rawMentions, trackedBrand } from "../../test-support/AgreementFixture.js"
import { dayAfter } from "../../test-support/Days.js"

/**
 * Every figure the API reads from the rollups equals the same figure computed from the raw rows
 * with the pure definitions of domain/Metrics: random answers are written through ResponseStore
 * (in random batches), some are re-analysed, and random ranges (open ends, month edges), engines
 * and groups are compared, for the dashboard, the prompts and the cited sources.
 */
// The answers span a new year (Dec 20 2023 to Mar 9 2024): year rows, and ranges fitted to the data
// (dataRange) that take whole years, are compared too.
const FIRST_DAY = Date.UTC(2023, 11, 20)
const SPAN_DAYS = 80
const day = (offset: number) => dayAfter(FIRST_DAY, offset)

// Three domains of three pages each; "b.example" only ever under one path, so counts differ.
const PAGES = ["a.example/1", "a.example/2", "a.example/3", "b.example/1", "c.example/1", "c.example/2"].map((page) => ({
  url: `https://${page}`,
  domain: page.split("/")[0] ?? ""
}))

/** A random analysis citing up to 4 of PAGES. */
const arbitraryAnalysis = (competitorIds: ReadonlyArray<number>) => analysisOf(competitorIds, PAGES, 4)

// Days either side of the month boundaries inside the span (Dec 31, Jan 31, Feb 29) come up often.
const MONTH_EDGES = [10, 11, 12, 13, 41, 42, 43, 44, 70, 71, 72, 73]
const arbitraryDay = fc.option(
  fc.oneof(fc.integer({ min: -15, max: SPAN_DAYS + 15 }), fc.constantFrom(...MONTH_EDGES)),
  { nil: undefined }
)
const arbitraryFilters: fc.Arbitrary<ResponseFilters> = fc.record({
  start: arbitraryDay,
  end: arbitraryDay,
  engine: fc.option(fc.constantFrom(...AI_MODELS), { nil: undefined })
}).map(({ end, engine, start }) => ({
  startDate: start === undefined ? undefined : day(start),
  endDate: end === undefined ? undefined : day(end),
  aiModel: engine
}))

// Ranges that dataRange fits to one all-engines year or month row (read/Query.ts, singlePeriod),
// which the URL ranking reads in index order: always compared, not only when drawn.
const SINGLE_PERIODS: ReadonlyArray<ResponseFilters> = [
  { endDate: day(11) }, // 2023 (the data starts Dec 20)
  { startDate: day(12) }, // 2024
  { startDate: day(-30), endDate: day(100) }, // 2023 and 2024: two year rows
  { startDate: day(12), endDate: day(42) }, // January 2024
  { startDate: day(43), endDate: day(71) } // February 2024
]

const RawCitation = Schema.Struct({
  responseId: Schema.Number,
  promptId: Schema.Number,
  engine: Schema.String,
  day: Schema.String,
  at: Schema.String,
  urlId: Schema.Number,
  url: Schema.String,
  domainId: Schema.Number,
  domain: Schema.String
})

layer(AgreementLive, { timeout: 240_000 })("rollups agree with the raw rows", (it) => {
  it.effect("dashboard, prompts and cited sources for random answers, re-analyses, ranges, engines and groups", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* ResponseStore
      const { brand, competitors, groups } = yield* trackedBrand("Rollup agreement")
      const competitorIds = competitors.map((c) => c.id)
      const groupOf = [groups[0]?.id, groups[0]?.id, groups[1]?.id, undefined, undefined]
      const prompts = yield* Effect.forEach(groupOf, (groupId, i) =>
        Prompts.add({ brandId: brand.id, text: `prompt ${i}`, ...(groupId === undefined ? {} : { groupId }) }))
      const promptIds = prompts.map((p) => p.id)

      const answer = fc.record({
        prompt: fc.constantFrom(...promptIds),
        engine: fc.constantFrom(...AI_MODELS),
        offset: fc.integer({ min: 0, max: SPAN_DAYS - 1 }),
        second: fc.integer({ min: 0, max: 86_399 }),
        analysis: arbitraryAnalysis(competitorIds)
      })
      let key = 0
      for (const round of [1, 2, 3]) {
        // Random batches through the write path; a few keys repeat (idempotency must not double count).
        const batches = fc.sample(fc.array(answer, { minLength: 1, maxLength: 25 }), { numRuns: 6, seed: round })
        for (const batch of batches) {
          yield* store.recordMany(batch.map((a, i) => answerRecord(FIRST_DAY, i === 0 && key > 0 ? `k${key - 1}` : `k${key++}`, a)))
        }
        // Re-analyses replace some answers' figures.
        const ids = (yield* sql<{ id: number }>`SELECT id FROM responses WHERE brand_id = ${brand.id} ORDER BY id`).map((r) => r.id)
        const picks = fc.sample(fc.tuple(fc.constantFrom(...ids), arbitraryAnalysis(competitorIds)), { numRuns: 8, seed: round })
        for (const [id, analysis] of picks) yield* store.replaceAnalysis(id, analysis)

        // A rebuild from the raw rows gives the same rollups as the write path (every other round).
        if (round === 2) yield* Rollups.rebuild({ brandId: brand.id })
        // Moving a prompt to another group, and deleting a group, move their answers' figures too.
        if (round === 3) {
          const [first, second] = groups
          const [firstPrompt] = promptIds
          if (first === undefined || second === undefined || firstPrompt === undefined) return yield* Effect.die("fixture")
          yield* Prompts.edit(firstPrompt, { groupId: second.id })
          yield* Groups.remove(first.id)
          // A competitor that stops being tracked takes its mentions out of the brand's rows too.
          const ephemeral = yield* Competitors.add({ brandId: brand.id, name: "Ephemeral", website: "https://ephemeral.example" })
          const mentioned = fc.sample(fc.tuple(fc.constantFrom(...ids), arbitraryAnalysis([...competitorIds, ephemeral.id])), { numRuns: 12, seed: 7 })
          for (const [id, analysis] of mentioned) yield* store.replaceAnalysis(id, analysis)
          yield* Competitors.remove(ephemeral.id)
        }
        expect(yield* Rollups.differences({ brandId: brand.id })).toEqual(NO_DIFFERENCES)

        const answers = yield* rawAnswers(brand.id)
        const mentions = yield* rawMentions(brand.id)

        const citations = yield* sql`
          SELECT rc.response_id AS "responseId", rc.prompt_id AS "promptId", rc.engine,
            to_char(rc.collected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
            to_char(rc.collected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
            rc.url_id AS "urlId", u.url, rc.domain_id AS "domainId", d.domain
          FROM response_citations rc JOIN urls u ON u.id = rc.url_id JOIN domains d ON d.id = rc.domain_id
          WHERE rc.brand_id = ${brand.id}`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(RawCitation))))

        const classify = classifierOf({
          ownWebsite: "https://own.example",
          competitorWebsites: competitors.map((c) => `https://${c.name}.example`),
          overrides: new Map()
        })
        const cases = [
          ...fc.sample(fc.tuple(arbitraryFilters, fc.constantFrom(undefined, ...groups.map((g) => g.id))), {
            numRuns: 40,
            seed: round
          }),
          ...SINGLE_PERIODS.map((filters) => [filters, undefined] as const)
        ]
        for (const [filters, groupId] of cases) {
          const label = JSON.stringify({ filters, groupId })
          const inScope = (a: typeof answers[number]) =>
            (filters.startDate === undefined || a.day >= filters.startDate) &&
            (filters.endDate === undefined || a.day <= filters.endDate) &&
            (filters.aiModel === undefined || a.engine === filters.aiModel)
          const scoped = answers.filter((a) => inScope(a) && (groupId === undefined || a.groupId === groupId))
          const scopedIds = new Set(scoped.map((a) => a.id))
          const mentioned = scoped.filter((a) => a.position !== null)

          // The dashboard.
          const dashboard = yield* getDashboard({ brandId: brand.id, groupId, filters })
          expect(dashboard.total_responses, label).toBe(scoped.length)
          expect(dashboard.total_brand_mentions, label).toBe(mentioned.length)
          expect(dashboard.brand_mention_rate, label).toBe(formatDecimal(Metrics.mentionRate(mentioned.length, scoped.length)))
          expect(dashboard.average_brand_sentiment, label).toBe(
            formatDecimal(Metrics.averageSentiment(scoped.map((a) => a.sentiment)))
          )
          const contenders = [
            { name: "Own", own_brand: true, rows: mentioned.map((a) => ({ position: a.position ?? 0, sentiment: a.sentiment ?? 0 })) },
            ...competitors.map((c) => ({
              name: c.name,
              own_brand: false,
              rows: mentions.filter((m) => m.competitorId === c.id && scopedIds.has(m.responseId))
            }))
          ].map((c) => ({
            name: c.name,
            own_brand: c.own_brand,
            mentions: c.rows.length,
            visibility: Metrics.mentionRate(c.rows.length, scoped.length),
            average_position: formatDecimal(Metrics.averagePosition(c.rows.map((r) => r.position))),
            average_sentiment: formatDecimal(Metrics.averageSentiment(c.rows.map((r) => r.sentiment)))
          }))
          const tracked = contenders.reduce((sum, c) => sum + c.mentions, 0)
          expect(dashboard.brands_ranking, label).toEqual(
            Metrics.rankBrands(contenders).map((c) => ({
              ...c,
              visibility: formatDecimal(c.visibility),
              share_of_voice: formatDecimal(Metrics.shareOfVoice(c.mentions, tracked))
            }))
          )
          const perPrompt = promptIds.map((id) => {
            const rows = scoped.filter((a) => a.promptId === id)
            return { id, responses: rows.length, brandMentions: rows.filter((a) => a.position !== null).length }
          })
          const ranked = (rows: ReadonlyArray<{ id: number; brandMentions: number; visibility: number }>) =>
            rows.map((r) => ({ id: r.id, brand_mentions: r.brandMentions, visibility: formatDecimal(r.visibility) }))
          expect(dashboard.top_ranked_prompts.map(({ prompt: _, ...rest }) => rest), label).toEqual(
            ranked(Metrics.topRankedPrompts(perPrompt))
          )
          expect(dashboard.lowest_ranked_prompts.map(({ prompt: _, ...rest }) => rest), label).toEqual(
            ranked(Metrics.lowestRankedPrompts(perPrompt))
          )

          // The prompt list (its figures do not depend on the group) and each prompt's detail.
          const list = yield* listPrompts(brand.id, undefined, filters, { page: 1, perPage: 10 })
          for (const id of promptIds) {
            const rows = answers.filter((a) => a.promptId === id && inScope(a))
            const hit = rows.filter((a) => a.position !== null)
            const expected = {
              brand_mentions: hit.length,
              responses: rows.length,
              mention_rate: formatDecimal(Metrics.mentionRate(hit.length, rows.length)),
              brand_average_position: formatDecimal(Metrics.averagePosition(rows.map((a) => a.position))),
              average_sentiment: formatDecimal(Metrics.averageSentiment(rows.map((a) => a.sentiment)))
            }
            expect(list.data.find((p) => p.id === id), label).toMatchObject(expected)

            const detail = yield* getPrompt(id, filters)
            expect(detail._tag, label).toBe("Some")
            if (detail._tag === "None") continue
            expect(detail.value.total_responses, label).toBe(rows.length)
            expect(detail.value.total_brand_mentions, label).toBe(hit.length)
            expect(detail.value.brand_mention_rate, label).toBe(expected.mention_rate)
            expect(detail.value.brand_average_position, label).toBe(expected.brand_average_position)
            const days = [...new Set(rows.map((a) => a.day))].sort()
            expect(detail.value.time_series_data.map((d) => d.date), label).toEqual(days)
            for (const entry of detail.value.time_series_data) {
              const ofDay = rows.filter((a) => a.day === entry.date)
              const own = entry.brands[0]
              expect(own?.mention_rate, label).toBe(
                formatDecimal(Metrics.mentionRate(ofDay.filter((a) => a.position !== null).length, ofDay.length))
              )
              expect(own?.average_sentiment, label).toBe(formatDecimal(Metrics.averageSentiment(ofDay.map((a) => a.sentiment))))
            }
          }

          // Cited sources (they do not depend on the group).
          const inScopeCount = answers.filter(inScope).length
          const cited = citations.filter((c) =>
            (filters.startDate === undefined || c.day >= filters.startDate) &&
            (filters.endDate === undefined || c.day <= filters.endDate) &&
            (filters.aiModel === undefined || c.engine === filters.aiModel)
          )
          const distinct = <A>(values: ReadonlyArray<A>) => new Set(values).size
          const engines = (rows: typeof cited) => [...new Set(rows.map((c) => c.engine))].sort()
          const query = { brandId: brand.id, filters, page: { page: 1, perPage: 100 } }
          const domainNames = [...new Set(cited.map((c) => c.domain))]
          const expectedDomains = domainNames.map((domain) => {
            const rows = cited.filter((c) => c.domain === domain)
            return {
              domain_id: rows[0]?.domainId,
              domain,
              ai_models: engines(rows),
              impact: Metrics.impact(distinct(rows.map((c) => c.responseId)), inScopeCount),
              prompts_count: distinct(rows.map((c) => c.promptId)),
              responses_count: distinct(rows.map((c) => c.responseId)),
              urls_count: distinct(rows.map((c) => c.urlId)),
              source_type: classify(domain)
            }
          }).sort((a, b) => b.responses_count - a.responses_count || Metrics.compareNames(a.domain, b.domain))
          const domains = yield* listDomains(query)
          expect(domains.pagination.total_records, label).toBe(expectedDomains.length)
          expect(domains.data, label).toEqual(expectedDomains)

          const firstSeen = (urlId: number) =>
            citations.filter((c) => c.urlId === urlId).map((c) => c.at).sort()[0]
          const expectedUrls = (rows: typeof cited) =>
            [...new Set(rows.map((c) => c.urlId))].map((urlId) => {
              const ofUrl = rows.filter((c) => c.urlId === urlId)
              return {
                url_id: urlId,
                url: ofUrl[0]?.url ?? "",
                ai_models: engines(ofUrl),
                impact: Metrics.impact(ofUrl.length, inScopeCount),
                count: ofUrl.length,
                prompts_count: distinct(ofUrl.map((c) => c.promptId)),
                first_seen_at: firstSeen(urlId),
                domain_id: ofUrl[0]?.domainId,
                domain: ofUrl[0]?.domain,
                source_type: classify(ofUrl[0]?.url ?? "")
              }
            }).sort((a, b) => b.count - a.count || Metrics.compareNames(a.url, b.url))
          expect((yield* listUrls(query)).data, label).toEqual(expectedUrls(cited))
          // Pages of two: a page is read from the rows counting at least as many as its last row
          // (CitedSources, onPage), so ties across a page edge must still fall as in the whole list.
          const allUrls = expectedUrls(cited)
          for (let page = 1; page <= Math.ceil(allUrls.length / 2) + 1; page++) {
            const pagedUrls = yield* listUrls({ ...query, page: { page, perPage: 2 } })
            expect(pagedUrls.data, `${label} urls page ${page}`).toEqual(allUrls.slice((page - 1) * 2, page * 2))
            expect(pagedUrls.pagination.total_records, label).toBe(allUrls.length)
          }
          for (let page = 1; page <= Math.ceil(expectedDomains.length / 2) + 1; page++) {
            const pagedDomains = yield* listDomains({ ...query, page: { page, perPage: 2 } })
            expect(pagedDomains.data, `${label} domains page ${page}`).toEqual(expectedDomains.slice((page - 1) * 2, page * 2))
            expect(pagedDomains.pagination.total_records, label).toBe(expectedDomains.length)
          }
          for (const d of expectedDomains) {
            const ofDomain = cited.filter((c) => c.domainId === d.domain_id)
            expect((yield* listDomainUrls(d.domain_id ?? 0, query)).data, label).toEqual(
              expectedUrls(ofDomain).map(({ domain: _d, domain_id: _i, ...rest }) => rest)
            )
            expect((yield* listRelatedPrompts(d.domain_id ?? 0, query)).data.map((p) => p.prompt_id), label).toEqual(
              [...new Set(ofDomain.map((c) => c.promptId))].sort((a, b) => a - b)
            )
          }
        }
      }
    }), 240_000)
})
