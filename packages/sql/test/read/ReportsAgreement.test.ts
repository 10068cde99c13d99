import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { AI_MODELS, isAiModel } from "@sightline/domain/AiModel"
import { REPORT_DIMENSIONS, type ReportDimension } from "@sightline/domain/api/Params"
import type { CitationReportRow, VisibilityReportRow } from "@sightline/domain/api/Resources"
import { classifierOf } from "@sightline/domain/analysis/SourceTypes"
import { formatDecimal } from "@sightline/domain/DecimalString"
import * as Metrics from "@sightline/domain/Metrics"
import { periodChange, previousPeriod, rateFigures } from "@sightline/domain/ReportFigures"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { Prompts } from "../../src/Prompts.js"
import { getDashboard } from "../../src/read/Dashboard.js"
import { citationReport, visibilityReport, type VisibilityQuery } from "../../src/read/Reports.js"
import { ResponseStore } from "../../src/ResponseStore.js"
import {
  AgreementLive,
  answerRecord,
  arbitraryAnalysis as analysisOf,
  expectedCitationRows,
  rawAnswers,
  rawCitations,
  rawMentions,
  trackedBrand
} from "../../test-support/AgreementFixture.js"
import { DAY_MS, dayAfter, isoDate } from "../../test-support/Days.js"

/**
 * The visibility report equals the same figures computed from the raw rows with domain/Metrics and
 * domain/ReportFigures, for random answers, dimensions, filters, ranges and previous periods; its
 * rows add back up to the dashboard's totals, and share of voice over all tracked brands is 100.
 */
const FIRST_DAY = Date.UTC(2024, 0, 20)
const SPAN_DAYS = 80
const dayOf = (offset: number) => dayAfter(FIRST_DAY, offset)
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS
const dateOf = (n: number) => isoDate(n * DAY_MS)
/** Monday of the ISO week of a day number (1970-01-01 was a Thursday). */
const mondayOf = (n: number) => n - ((n + 3) % 7)
const isoWeek = (n: number) => {
  const thursday = mondayOf(n) + 3
  const year = new Date(thursday * DAY_MS).getUTCFullYear()
  const week = Math.floor((thursday - dayNumber(`${year}-01-01`)) / 7) + 1
  return `${year}-W${String(week).padStart(2, "0")}`
}
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1
const monthLabel = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`

// Pages of an own, a competitor's, a listed and an unknown site; two pages on one domain.
const PAGES = ["own.example/p", "alpha.example/x", "www.reddit.com/r/1", "reddit.com/r/2", "c.example/1", "c.example/2"].map((page) => ({
  url: `https://${page}`,
  domain: (page.split("/")[0] ?? "").replace(/^www\./, "")
}))

/** A random analysis citing up to 3 of PAGES. */
const arbitraryAnalysis = (competitorIds: ReadonlyArray<number>) => analysisOf(competitorIds, PAGES, 3)


const arbitraryDimensions: fc.Arbitrary<ReadonlyArray<ReportDimension>> = fc.uniqueArray(
  fc.constantFrom(...REPORT_DIMENSIONS),
  { maxLength: 3 }
).filter((dims) => dims.filter((d) => d === "date" || d === "week" || d === "month").length <= 1)

layer(AgreementLive, { timeout: 240_000 })("the visibility report agrees with the raw rows", (it) => {
  it.effect("random answers, dimensions, filters, ranges and previous periods", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* ResponseStore
      const { brand, competitors, groups } = yield* trackedBrand("Report agreement")
      const groupOf = [groups[0]?.id, groups[0]?.id, groups[1]?.id, undefined]
      const prompts = yield* Effect.forEach(groupOf, (groupId, i) =>
        Prompts.add({ brandId: brand.id, text: `prompt ${i}`, ...(groupId === undefined ? {} : { groupId }) }))
      const promptIds = prompts.map((p) => p.id)
      const groupName = new Map(groups.map((g, i) => [g.id, `G${i + 1}`]))

      const answer = fc.record({
        prompt: fc.constantFrom(...promptIds),
        engine: fc.constantFrom(...AI_MODELS.slice(0, 3)),
        offset: fc.integer({ min: 0, max: SPAN_DAYS - 1 }),
        second: fc.integer({ min: 0, max: 86_399 }),
        analysis: arbitraryAnalysis(competitors.map((c) => c.id))
      })
      const batches = fc.sample(fc.array(answer, { minLength: 1, maxLength: 40 }), { numRuns: 12, seed: 11 })
      let key = 0
      for (const batch of batches) {
        yield* store.recordMany(batch.map((a) => answerRecord(FIRST_DAY, `r${key++}`, a)))
      }
      // Re-analyses replace some answers' mentions (the batches above already arrive out of day order).
      const written = (yield* sql<{ id: number }>`SELECT id FROM responses WHERE brand_id = ${brand.id} ORDER BY id`).map((r) => r.id)
      const reanalysed = fc.sample(fc.tuple(fc.constantFrom(...written), arbitraryAnalysis(competitors.map((c) => c.id))), { numRuns: 15, seed: 3 })
      for (const [id, analysis] of reanalysed) yield* store.replaceAnalysis(id, analysis)
      const answers = yield* rawAnswers(brand.id)
      const mentions = yield* rawMentions(brand.id)
      const citations = yield* rawCitations(brand.id)
      const mentionsOf = new Map<number, Array<typeof mentions[number]>>()
      for (const m of mentions) mentionsOf.set(m.responseId, [...(mentionsOf.get(m.responseId) ?? []), m])

      const cases = fc.sample(
        fc.record({
          dimensions: arbitraryDimensions,
          start: fc.integer({ min: -5, max: SPAN_DAYS - 5 }),
          length: fc.integer({ min: 1, max: 45 }),
          aiModels: fc.option(fc.subarray([...AI_MODELS.slice(0, 4)], { minLength: 1 }), { nil: undefined }),
          groupIds: fc.option(fc.subarray(groups.map((g) => g.id), { minLength: 1 }), { nil: undefined }),
          promptIds: fc.option(fc.subarray(promptIds, { minLength: 1 }), { nil: undefined }),
          includePrevious: fc.boolean()
        }),
        { numRuns: 80, seed: 7 }
      ).concat(
        // Ranges around all the data (no time dimension): fitted to the data, they read year rows.
        ([[], ["prompt", "competitor"], ["prompt"], ["competitor", "group"], ["competitor"]] as const).flatMap((dimensions) =>
          [[-10, SPAN_DAYS + 20], [0, SPAN_DAYS], [-400, 500]].map(([start, length]) => ({
            dimensions,
            start: start ?? 0,
            length: length ?? 1,
            aiModels: undefined,
            groupIds: undefined,
            promptIds: dimensions.length === 1 ? promptIds.slice(1) : undefined,
            includePrevious: start === 0
          }))
        )
      )
      const covered = { rows: 0, previous: 0, competitors: 0 }
      for (const [index, c] of cases.entries()) {
        // Small pages too: a page boundary inside a key's rows (e.g. prompts paged before their rows are computed).
        const perPage = [37, 5, 3][index % 3] ?? 37
        const period = { start_date: dayOf(c.start), end_date: dayOf(c.start + c.length - 1) }
        const query: Omit<VisibilityQuery, "page"> = {
          brandId: brand.id,
          period,
          dimensions: c.dimensions,
          aiModels: c.aiModels,
          groupIds: c.groupIds,
          promptIds: c.promptIds,
          includePrevious: c.includePrevious
        }
        const label = JSON.stringify(query)
        const rows: Array<VisibilityReportRow> = []
        for (let page = 1;; page++) {
          const found = yield* visibilityReport({ ...query, page: { page, perPage } })
          rows.push(...found.data)
          if (page >= found.pagination.total_pages) {
            expect(found.pagination.total_records, label).toBe(rows.length)
            break
          }
        }
        expect(rows, label).toEqual(expectedRows(query))
        if (rows.length > 0) covered.rows++
        if (rows.some((r) => (r.previous?.responses ?? 0) > 0)) covered.previous++
        if (rows.some((r) => r.competitor_id !== null && r.mentions > 0)) covered.competitors++
      }
      // The random cases reach what they are meant to check.
      expect(covered.rows).toBeGreaterThan(30)
      expect(covered.previous).toBeGreaterThanOrEqual(8)
      expect(covered.competitors).toBeGreaterThan(5)

      // The rows add up to the dashboard's totals, and share of voice over all tracked brands is 100.
      for (const dimensions of [["ai_model"], ["week", "group"], ["date", "competitor"], ["month", "ai_model", "competitor"]] as const) {
        for (const [start, end] of [["2024-01-25", "2024-03-10"], ["2024-02-01", "2024-02-29"]] as const) {
          const label = JSON.stringify({ dimensions, start, end })
          const report = yield* visibilityReport({
            brandId: brand.id,
            period: { start_date: start, end_date: end },
            dimensions,
            includePrevious: false,
            page: { page: 1, perPage: 100 }
          })
          expect(report.pagination.total_pages, label).toBe(1)
          const dashboard = yield* getDashboard({ brandId: brand.id, filters: { startDate: start, endDate: end } })
          const own = report.data.filter((r) => r.own_brand)
          expect(own.reduce((sum, r) => sum + r.responses, 0), label).toBe(dashboard.total_responses)
          expect(own.reduce((sum, r) => sum + r.mentions, 0), label).toBe(dashboard.total_brand_mentions)
          if (!dimensions.some((d) => d === "competitor")) continue
          for (const ranked of dashboard.brands_ranking) {
            const ofBrand = report.data.filter((r) => r.brand === ranked.name)
            expect(ofBrand.reduce((sum, r) => sum + r.mentions, 0), label).toBe(ranked.mentions)
          }
          const byKey = new Map<string, Array<VisibilityReportRow>>()
          for (const row of report.data) {
            const k = JSON.stringify([row.date, row.month, row.ai_model])
            byKey.set(k, [...(byKey.get(k) ?? []), row])
          }
          for (const [k, tracked] of byKey) {
            const total = tracked.reduce((sum, r) => sum + Number(r.share_of_voice), 0)
            if (tracked.every((r) => r.mentions === 0)) expect(total, k).toBe(0)
            else expect(Math.abs(total - 100), k).toBeLessThanOrEqual(0.005 * tracked.length + 1e-9)
          }
        }
      }

      // The dashboard's extra fields: share of voice in the ranking, the daily series, the per-engine breakdown.
      const dashboardCases = fc.sample(fc.record({
        start: fc.integer({ min: -5, max: SPAN_DAYS }),
        length: fc.integer({ min: 1, max: 60 }),
        aiModel: fc.option(fc.constantFrom(...AI_MODELS.slice(0, 4)), { nil: undefined }),
        groupId: fc.option(fc.constantFrom(...groups.map((g) => g.id)), { nil: undefined })
      }), { numRuns: 25, seed: 3 })
      for (const c of dashboardCases) {
        const filters = { startDate: dayOf(c.start), endDate: dayOf(c.start + c.length - 1), aiModel: c.aiModel }
        const label = JSON.stringify({ filters, groupId: c.groupId })
        const dashboard = yield* getDashboard({ brandId: brand.id, groupId: c.groupId, filters })
        const scoped = answers.filter((a) =>
          a.day >= filters.startDate && a.day <= filters.endDate &&
          (c.aiModel === undefined || a.engine === c.aiModel) && (c.groupId === undefined || a.groupId === c.groupId)
        )
        const tracked = (rows: typeof scoped) =>
          rows.reduce((sum, a) => sum + (a.position === null ? 0 : 1) + (mentionsOf.get(a.id) ?? []).length, 0)
        const own = (rows: typeof scoped) => rows.filter((a) => a.position !== null)
        for (const ranked of dashboard.brands_ranking) {
          expect(ranked.share_of_voice, label).toBe(formatDecimal(Metrics.shareOfVoice(ranked.mentions, tracked(scoped))))
        }
        const figures = (rows: typeof scoped) => ({
          responses: rows.length,
          mentions: own(rows).length,
          visibility: formatDecimal(Metrics.mentionRate(own(rows).length, rows.length)),
          share_of_voice: formatDecimal(Metrics.shareOfVoice(own(rows).length, tracked(rows))),
          average_sentiment: formatDecimal(Metrics.averageSentiment(rows.map((a) => a.sentiment)))
        })
        const days = [...new Set(scoped.map((a) => a.day))].sort()
        expect(dashboard.series, label).toEqual(days.map((date) => ({ date, ...figures(scoped.filter((a) => a.day === date)) })))
        const engines = [...new Set(scoped.map((a) => a.engine))].sort(Metrics.compareNames)
        expect(dashboard.by_ai_model, label).toEqual(engines.map((engine) => {
          const rows = scoped.filter((a) => a.engine === engine)
          return {
            ai_model: engine,
            ...figures(rows),
            average_position: formatDecimal(Metrics.averagePosition(rows.map((a) => a.position)))
          }
        }))
      }

      // The citations report against the raw citations, answers and mentions.
      const classify = classifierOf({
        ownWebsite: "https://own.example",
        competitorWebsites: competitors.map((c) => `https://${c.name}.example`),
        overrides: new Map()
      })
      const citationCases = fc.sample(fc.record({
        start: fc.integer({ min: -5, max: SPAN_DAYS }),
        length: fc.integer({ min: 1, max: 60 }),
        level: fc.constantFrom("domain" as const, "url" as const),
        dimensions: fc.subarray(["ai_model" as const, "date" as const]),
        aiModels: fc.option(fc.subarray([...AI_MODELS.slice(0, 4)], { minLength: 1 }), { nil: undefined })
      }), { numRuns: 30, seed: 5 }).concat(
        // Ranges around all the data: year and month rows of the rollups.
        [[-400, 500], [-10, SPAN_DAYS + 20]].flatMap(([start, length]) =>
          (["domain", "url"] as const).map((level) => ({
            start: start ?? 0,
            length: length ?? 1,
            level,
            dimensions: [],
            aiModels: undefined
          }))
        )
      )
      let citedCases = 0
      for (const c of citationCases) {
        const period = { start_date: dayOf(c.start), end_date: dayOf(c.start + c.length - 1) }
        const query = { brandId: brand.id, period, level: c.level, dimensions: c.dimensions, aiModels: c.aiModels }
        const label = JSON.stringify(query)
        const rows: Array<CitationReportRow> = []
        for (let page = 1;; page++) {
          const found = yield* citationReport({ ...query, page: { page, perPage: 7 } })
          rows.push(...found.data)
          if (page >= found.pagination.total_pages) {
            expect(found.pagination.total_records, label).toBe(rows.length)
            break
          }
        }
        const expected = expectedCitationRows({ citations, answers, mentions, competitors, classify }, query)
        expect(rows, label).toEqual(expected)
        if (rows.length > 0) citedCases++
      }
      expect(citedCases).toBeGreaterThan(15)
      const allTypes = (yield* citationReport({
        brandId: brand.id,
        period: { start_date: dayOf(0), end_date: dayOf(SPAN_DAYS) },
        level: "domain",
        dimensions: [],
        page: { page: 1, perPage: 100 }
      })).data.map((r) => [r.domain, r.source_type])
      expect(allTypes.sort()).toEqual([
        ["alpha.example", "competitor"], ["c.example", "other"], ["own.example", "own"], ["reddit.com", "ugc"]
      ])

      /** The report's rows as the raw rows and the pure definitions give them. */
      function expectedRows(query: Omit<VisibilityQuery, "page">): ReadonlyArray<VisibilityReportRow> {
        const dims = new Set(query.dimensions)
        const time = (["date", "week", "month"] as const).find((d) => dims.has(d))
        const previous = query.includePrevious ? previousPeriod(query.period) : undefined
        const inFilters = (a: typeof answers[number]) =>
          (query.aiModels === undefined || query.aiModels.includes(a.engine)) &&
          (query.groupIds === undefined || (a.groupId !== null && query.groupIds.includes(a.groupId))) &&
          (query.promptIds === undefined || query.promptIds.includes(a.promptId))
        const timeKey = (day: string, start: string) =>
          time === "date"
            ? dayNumber(day) - dayNumber(start)
            : time === "week"
            ? (mondayOf(dayNumber(day)) - mondayOf(dayNumber(start))) / 7
            : time === "month"
            ? monthIndex(day) - monthIndex(start)
            : 0
        const keyOf = (a: typeof answers[number], start: string) => ({
          t: timeKey(a.day, start),
          engine: dims.has("ai_model") ? a.engine : "",
          promptId: dims.has("prompt") ? a.promptId : 0,
          groupId: dims.has("group") ? a.groupId ?? 0 : 0
        })
        type Key = ReturnType<typeof keyOf>
        const sideOf = (p: { start_date: string; end_date: string }) => {
          const keyed = new Map<string, { key: Key; scoped: Array<typeof answers[number]> }>()
          for (const a of answers) {
            if (a.day < p.start_date || a.day > p.end_date || !inFilters(a)) continue
            const key = keyOf(a, p.start_date)
            const k = JSON.stringify(key)
            keyed.set(k, { key, scoped: [...(keyed.get(k)?.scoped ?? []), a] })
          }
          return keyed
        }
        const current = sideOf(query.period)
        const before = previous === undefined ? new Map<string, { scoped: Array<typeof answers[number]> }>() : sideOf(previous)
        const subjects = [
          { competitor_id: null, brand: "Own", own_brand: true },
          ...(dims.has("competitor")
            ? competitors.map((c) => ({ competitor_id: c.id, brand: c.name, own_brand: false }))
            : [])
        ]
        const figuresOf = (scoped: ReadonlyArray<typeof answers[number]>, competitorId: number | null) => {
          const named = scoped.flatMap((a) =>
            competitorId === null
              ? a.position === null ? [] : [{ position: a.position, sentiment: a.sentiment ?? 0 }]
              : (mentionsOf.get(a.id) ?? []).filter((m) => m.competitorId === competitorId)
          )
          const tracked = scoped.reduce((sum, a) => sum + (a.position === null ? 0 : 1) + (mentionsOf.get(a.id) ?? []).length, 0)
          return { counts: { responses: scoped.length, mentions: named.length, trackedMentions: tracked }, named }
        }
        const out: Array<{ sort: ReadonlyArray<number | string>; row: VisibilityReportRow }> = []
        for (const [k, { key, scoped }] of current) {
          const { engine, groupId, promptId, t } = key
          for (const s of subjects) {
            const { counts, named } = figuresOf(scoped, s.competitor_id)
            const prior = figuresOf(before.get(k)?.scoped ?? [], s.competitor_id).counts
            const startDay = dayNumber(query.period.start_date)
            const row: VisibilityReportRow = {
              ...(time === "date" ? { date: dateOf(startDay + t) } : {}),
              ...(time === "week" ? { week: isoWeek(mondayOf(startDay) + 7 * t) } : {}),
              ...(time === "month" ? { month: monthLabel(monthIndex(query.period.start_date) + t) } : {}),
              ...(dims.has("ai_model") && isAiModel(engine) ? { ai_model: engine } : {}),
              ...(dims.has("prompt") ? { prompt_id: promptId, prompt: `prompt ${promptIds.indexOf(promptId)}` } : {}),
              ...(dims.has("group") ? { group_id: groupId === 0 ? null : groupId, group: groupName.get(groupId) ?? null } : {}),
              ...s,
              ...rateFigures(counts),
              average_position: formatDecimal(Metrics.averagePosition(named.map((n) => n.position))),
              average_sentiment: formatDecimal(Metrics.averageSentiment(named.map((n) => n.sentiment))),
              ...(previous === undefined ? {} : { previous: periodChange(counts, prior) })
            }
            out.push({ sort: [t, engine, promptId, groupId, s.own_brand ? 0 : 1, s.brand], row })
          }
        }
        const compare = (a: ReadonlyArray<number | string>, b: ReadonlyArray<number | string>): number => {
          for (let i = 0; i < a.length; i++) {
            const x = a[i] ?? 0
            const y = b[i] ?? 0
            if (x !== y) return x < y ? -1 : 1
          }
          return 0
        }
        return out.sort((a, b) => compare(a.sort, b.sort)).map((o) => o.row)
      }
    }), 240_000)
})
