import { expect, layer } from "@effect/vitest"
import { AI_MODELS } from "@sightline/domain/AiModel"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { Competitors } from "../../src/Competitors.js"
import { Prompts } from "../../src/Prompts.js"
import { getDashboard, getDashboardJson } from "../../src/read/Dashboard.js"
import { ResponseStore } from "../../src/ResponseStore.js"
import { AgreementLive, answerRecord, arbitraryAnalysis, trackedBrand, TRICKY_NAMES as NAMES } from "../../test-support/AgreementFixture.js"
import { dayAfter } from "../../test-support/Days.js"

/**
 * The dashboard is written by PostgreSQL as JSON text and sent as it is (read/Dashboard.ts,
 * getDashboardJson): that text must be byte for byte what JSON.stringify writes for the decoded
 * dashboard (keys in the contract's order), which is what the endpoint sent when it decoded the
 * statement's rows and wrote them again. Competitor names and prompts with quotes, backslashes,
 * control characters, line separators and astral characters are where PostgreSQL's escaping and
 * JSON.stringify's could differ.
 */
const FIRST_DAY = Date.UTC(2024, 1, 20)
const day = (offset: number) => dayAfter(FIRST_DAY, offset)


layer(AgreementLive, { timeout: 120_000 })("dashboard as JSON text", (it) => {
  it.effect("is what JSON.stringify writes for the decoded dashboard, for random answers, ranges, engines and groups", () =>
    Effect.gen(function*() {
      const store = yield* ResponseStore
      const { brand, competitors, groups } = yield* trackedBrand("Dashboard JSON")
      const tricky = yield* Effect.forEach(NAMES, (name) =>
        Competitors.add({ brandId: brand.id, name, website: `https://c${name.length}x${name.codePointAt(0)}.example`, aliases: [] }))
      const competitorIds = [...competitors.map((c) => c.id), ...tricky.map((c) => c.id)]
      // Prompts in each group and in none.
      const prompts = yield* Effect.forEach(NAMES, (name, i) => {
        const group = groups[i % 3]
        const text = `prompt ${i} ${name}`
        return Effect.map(
          Prompts.add({ brandId: brand.id, text, ...(group === undefined ? {} : { groupId: group.id }) }),
          ({ id }) => ({ id, text })
        )
      })
      const answers = fc.sample(
        fc.record({
          prompt: fc.constantFrom(...prompts.map((p) => p.id)),
          engine: fc.constantFrom(...AI_MODELS),
          offset: fc.integer({ min: 0, max: 40 }),
          analysis: arbitraryAnalysis(competitorIds, [], 0)
        }),
        { numRuns: 150, seed: 21 }
      )
      yield* store.recordMany(answers.map((a, i) => answerRecord(FIRST_DAY, `dashboard-${i}`, { ...a, second: i })))

      const cases = fc.sample(
        fc.record({
          start: fc.option(fc.integer({ min: -5, max: 45 }), { nil: undefined }),
          end: fc.option(fc.integer({ min: -5, max: 45 }), { nil: undefined }),
          engine: fc.option(fc.constantFrom(...AI_MODELS), { nil: undefined }),
          group: fc.option(fc.constantFrom(...groups.map((g) => g.id)), { nil: undefined })
        }),
        { numRuns: 30, seed: 22 }
      )
      const names = ["Own", ...competitors.map((c) => c.name), ...NAMES].sort()
      const textOf = new Map(prompts.map((p) => [p.id, p.text]))
      let ranked = 0
      for (const c of cases) {
        const query = {
          brandId: brand.id,
          groupId: c.group,
          filters: { startDate: c.start === undefined ? undefined : day(c.start), endDate: c.end === undefined ? undefined : day(c.end), aiModel: c.engine }
        }
        const label = JSON.stringify(query)
        const text = yield* getDashboardJson(query)
        const decoded = yield* getDashboard(query)
        expect(text, label).toBe(JSON.stringify(decoded))
        // The escaped strings read back as stored: every tracked brand once, each prompt's own text.
        expect(decoded.brands_ranking.map((b) => b.name).sort(), label).toEqual(names)
        for (const ranked of [...decoded.top_ranked_prompts, ...decoded.lowest_ranked_prompts]) {
          expect(ranked.prompt, label).toBe(textOf.get(ranked.id))
        }
        ranked += decoded.top_ranked_prompts.length + decoded.series.length
      }
      // The ranges are not all empty: the comparison saw the escaped prompts and days.
      expect(ranked).toBeGreaterThan(50)
    }))
})
