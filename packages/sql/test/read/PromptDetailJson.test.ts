import * as SqlClient from "@effect/sql/SqlClient"
import { expect, layer } from "@effect/vitest"
import { AI_MODELS } from "@sightline/domain/AiModel"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as fc from "fast-check"
import { Competitors } from "../../src/Competitors.js"
import { Prompts } from "../../src/Prompts.js"
import { getPrompt, getPromptJson } from "../../src/read/Prompts.js"
import { inScope, type ResponseFilters } from "../../src/read/Query.js"
import { ResponseStore } from "../../src/ResponseStore.js"
import { AgreementLive, answerRecord, arbitraryAnalysis, trackedBrand, TRICKY_NAMES as NAMES } from "../../test-support/AgreementFixture.js"
import { dayAfter } from "../../test-support/Days.js"

/**
 * A prompt's time series is written as JSON text from the rollups' sums (read/Prompts.ts,
 * getPromptJson; read/PromptSeries.ts) and sent as it is: that text must be byte for byte what
 * JSON.stringify writes for the decoded series, which is what the endpoint sent when it decoded the
 * series and wrote it again, and it must equal the series computed from the raw answers and
 * mentions with PostgreSQL's own rounding (`referenceSeries`). Competitor names with quotes,
 * backslashes, control characters, line separators and astral characters are where escaping could
 * differ.
 */
const FIRST_DAY = Date.UTC(2024, 1, 20)
const day = (offset: number) => dayAfter(FIRST_DAY, offset)


/**
 * The series from the raw rows, formatted by PostgreSQL (round(numeric, 2), to_json), as the
 * endpoint wrote it before the series was written from the rollups in TypeScript.
 */
const referenceSeries = (promptId: number, filters: ResponseFilters) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ readonly series: string }>`
      WITH days AS (
        SELECT (r.collected_at AT TIME ZONE 'UTC')::date AS day, count(*) AS responses,
          count(*) FILTER (WHERE r.brand_mentioned) AS mentions, avg(r.brand_sentiment) AS sentiment
        FROM responses r WHERE r.prompt_id = ${promptId} AND ${inScope(sql, "r", filters)} GROUP BY 1
      ),
      competitor_days AS (
        SELECT (r.collected_at AT TIME ZONE 'UTC')::date AS day, m.competitor_id, count(*) AS mentions, avg(m.sentiment) AS sentiment
        FROM responses r JOIN response_mentions m ON m.response_id = r.id
        WHERE r.prompt_id = ${promptId} AND ${inScope(sql, "r", filters)} GROUP BY 1, 2
      ),
      series AS (
        SELECT d.day, 0 AS ord, b.id, b.name, round(100.0 * d.mentions / d.responses, 2)::text AS mention_rate,
          round(coalesce(d.sentiment, 0), 2)::text AS average_sentiment, TRUE AS own_brand
        FROM days d CROSS JOIN prompts p JOIN brands b ON b.id = p.brand_id WHERE p.id = ${promptId}
        UNION ALL
        SELECT d.day, 1, c.id, c.name, round(100.0 * coalesce(cd.mentions, 0) / d.responses, 2)::text,
          round(coalesce(cd.sentiment, 0), 2)::text, FALSE
        FROM days d CROSS JOIN prompts p JOIN competitors c ON c.brand_id = p.brand_id
        LEFT JOIN competitor_days cd ON cd.competitor_id = c.id AND cd.day = d.day
        WHERE p.id = ${promptId}
      )
      SELECT coalesce('[' || string_agg('{"date":"' || to_char(s.day, 'YYYY-MM-DD') || '","brands":[' || s.brands || ']}', ','
        ORDER BY s.day) || ']', '[]') AS series
      FROM (
        SELECT x.day, string_agg('{"name":' || to_json(x.name)::text || ',"mention_rate":"' || x.mention_rate
          || '","average_sentiment":"' || x.average_sentiment || '","own_brand":' || x.own_brand::text || '}', ','
          ORDER BY x.ord, x.id) AS brands
        FROM series x GROUP BY x.day
      ) s`
    return rows[0]?.series ?? "[]"
  })

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
        expect(text.time_series_json, label).toBe(yield* referenceSeries(prompt.id, filters))
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
