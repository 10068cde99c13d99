import * as SqlClient from "@effect/sql/SqlClient"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { ratioText } from "../../src/read/PromptSeries.js"
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
