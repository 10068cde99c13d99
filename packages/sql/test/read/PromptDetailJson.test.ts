import { expect, layer } from "@effect/vitest"
import { AI_MODELS } from "@sightline/domain/AiModel"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as fc from "fast-check"
import { Competitors } from "../../src/Competitors.js"
import { Prompts } from "../../src/Prompts.js"
import { getPrompt, getPromptJson } from "../../src/read/Prompts.js"
import { ResponseStore } from "../../src/ResponseStore.js"
import { AgreementLive, answerRecord, arbitraryAnalysis, trackedBrand } from "../../test-support/AgreementFixture.js"

/**
 * A prompt's time series is written by PostgreSQL as JSON text and sent as it is (read/Prompts.ts,
 * getPromptJson): that text must be byte for byte what JSON.stringify writes for the decoded series,
 * which is what the endpoint sent when it decoded the series and wrote it again. Competitor names
 * with quotes, backslashes, control characters, line separators and astral characters are where
 * PostgreSQL's escaping and JSON.stringify's could differ.
 */
const DAY_MS = 86_400_000
const FIRST_DAY = Date.UTC(2024, 1, 20)
const day = (offset: number) => new Date(FIRST_DAY + offset * DAY_MS).toISOString().slice(0, 10)

const NAMES = ["Quote \"Q\"", "Back\\slash /", "Tab\tnew\nline\rend", "Ctl \u0001\u001f\u007f", "Sep \u2028\u2029 end", "Ünïcödé 日本 😀", "</script>"]

layer(AgreementLive, { timeout: 120_000 })("prompt detail time series as JSON text", (it) => {
  it.effect("is what JSON.stringify writes for the decoded series, for random answers and ranges", () =>
    Effect.gen(function*() {
      const store = yield* ResponseStore
      const { brand, competitors } = yield* trackedBrand("Prompt detail JSON")
      const tricky = yield* Effect.forEach(NAMES, (name) =>
        Competitors.add({ brandId: brand.id, name, website: `https://c${name.length}x${name.codePointAt(0)}.example`, aliases: [] }))
      const competitorIds = [...competitors.map((c) => c.id), ...tricky.map((c) => c.id)]
      const prompt = yield* Prompts.add({ brandId: brand.id, text: "prompt \"detail\"" })
      const answers = fc.sample(
        fc.record({
          engine: fc.constantFrom(...AI_MODELS),
          offset: fc.integer({ min: 0, max: 40 }),
          analysis: arbitraryAnalysis(competitorIds, [], 0)
        }),
        { numRuns: 120, seed: 11 }
      )
      yield* store.recordMany(answers.map((a, i) => answerRecord(FIRST_DAY, `detail-${i}`, { ...a, prompt: prompt.id, second: i })))

      const ranges = fc.sample(
        fc.record({
          start: fc.option(fc.integer({ min: -5, max: 45 }), { nil: undefined }),
          end: fc.option(fc.integer({ min: -5, max: 45 }), { nil: undefined }),
          engine: fc.option(fc.constantFrom(...AI_MODELS), { nil: undefined })
        }),
        { numRuns: 25, seed: 12 }
      )
      let points = 0
      for (const r of ranges) {
        const filters = {
          startDate: r.start === undefined ? undefined : day(r.start),
          endDate: r.end === undefined ? undefined : day(r.end),
          aiModel: r.engine
        }
        const label = JSON.stringify(filters)
        const text = Option.getOrThrow(yield* getPromptJson(prompt.id, filters))
        const decoded = Option.getOrThrow(yield* getPrompt(prompt.id, filters))
        expect(text.time_series_json, label).toBe(JSON.stringify(decoded.time_series_data))
        for (const entry of decoded.time_series_data) {
          // The own brand first, then every competitor (in id order), each once per day.
          expect(entry.brands.map((b) => b.name), label).toEqual(["Own", ...competitors.map((c) => c.name), ...NAMES])
          points += entry.brands.length
        }
      }
      // The ranges are not all empty: the comparison saw the escaped names.
      expect(points).toBeGreaterThan(1000)
    }))
})
