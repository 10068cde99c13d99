import * as SqlClient from "@effect/sql/SqlClient"
import { describe, expect, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import { ratioText, SeriesFigures } from "../../src/read/PromptSeries.js"
import { AgreementLive } from "../../test-support/AgreementFixture.js"

/**
 * The prompt series' figures are divided and rounded in TypeScript (read/PromptSeries.ts): each
 * must be what PostgreSQL's `round(numeric, 2)::text` writes for the same division, which the
 * series used to be written with (and the other endpoints still are).
 */
layer(AgreementLive, { timeout: 60_000 })("prompt series decimals", (it) => {
  it.effect("mention rates and average sentiments round as PostgreSQL rounds them", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const cases = fc.sample(
        fc.oneof(
          fc.record({ part: fc.nat(50), whole: fc.integer({ min: 1, max: 64 }) }),
          fc.record({ part: fc.nat(10_000_000), whole: fc.integer({ min: 1, max: 100_000 }) })
        ).map(({ part, whole }) => ({ part, whole })),
        { numRuns: 2_000, seed: 7 }
      )
      // A mention rate: 100 * mentions / responses (mentions at most the responses).
      const rates = cases.map(({ part, whole }) => ({ part: part % (whole + 1), whole }))
      const [rounded] = yield* sql<{ readonly rates: ReadonlyArray<string>; readonly sentiments: ReadonlyArray<string> }>`
        SELECT
          (SELECT array_agg(round(100.0 * r.part / r.whole, 2)::text ORDER BY r.i)
            FROM unnest(${rates.map((r) => r.part)}::int[], ${rates.map((r) => r.whole)}::int[]) WITH ORDINALITY r(part, whole, i)) AS rates,
          (SELECT array_agg(round((s.cents / 100.0)::numeric(20, 2) / s.whole, 2)::text ORDER BY s.i)
            FROM unnest(${cases.map((c) => c.part)}::int[], ${cases.map((c) => c.whole)}::int[]) WITH ORDINALITY s(cents, whole, i)) AS sentiments`
      expect(rates.map((r) => ratioText(r.part, r.whole, 100))).toEqual(rounded?.rates)
      // An average sentiment: a sum in hundredths over the mentions, as `ratioText(sum, 100 * mentions, 1)`.
      expect(cases.map((c) => ratioText(c.part, 100 * c.whole, 1))).toEqual(rounded?.sentiments)
    }))
})

/** The series' figures are checked with one loop per array (PromptSeries.ts), not element by element: still checked. */
describe("prompt series figures", () => {
  const valid = {
    series_dates: ["2024-01-01"],
    series_days: [8766],
    series_responses: [3],
    series_mentions: [1],
    series_sentiment_cents: [-25],
    series_names: ["Own", "Alpha"],
    series_competitor_ids: [7],
    competitor_days: [8766],
    competitor_ids: [7],
    competitor_mentions: [2],
    competitor_sentiment_cents: [150]
  }
  const decode = Schema.decodeUnknownEither(SeriesFigures)
  it("accepts arrays of integers and of strings", () => {
    expect(decode(valid)).toEqual(Either.right(valid))
    expect(decode({ ...valid, series_days: [], series_dates: [] })).toEqual(Either.right({ ...valid, series_days: [], series_dates: [] }))
  })
  it("refuses a fraction, a numeric string, a null, a non-array or a number among strings", () => {
    for (const bad of [
      { ...valid, series_mentions: [1.5] },
      { ...valid, series_responses: ["3"] },
      { ...valid, competitor_ids: [null] },
      { ...valid, competitor_days: 8766 },
      { ...valid, series_mentions: [Number.NaN] },
      { ...valid, series_days: [2 ** 53] },
      { ...valid, series_names: ["Own", 7] },
      { ...valid, series_dates: "2024-01-01" }
    ]) {
      expect(Either.isLeft(decode(bad)), JSON.stringify(bad)).toBe(true)
    }
  })
})
