import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { formatDecimal } from "@sightline/domain/DecimalString"
import * as Metrics from "@sightline/domain/Metrics"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { decimal, impact, percent } from "../../src/read/Query.js"
import { TestDatabase } from "../../test-support/TestDatabase.js"

/** The SQL spellings of the metrics (src/read/Query.ts) agree with the pure definitions of domain/Metrics. */
layer(TestDatabase)("read SQL agrees with domain/Metrics", (it) => {
  const counts = fc.integer({ min: 0, max: 5000 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n)))

  it.effect("mention rate / visibility as a decimal string", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const samples = fc.sample(counts, 200)
      for (const [m, n] of [...samples, [1, 3], [2, 3], [0, 0], [1, 8], [1, 200]] as const) {
        const [row] = yield* sql<{ value: string }>`
          SELECT ${percent(sql, "m", "n")} AS value FROM (SELECT ${m}::int AS m, ${n}::int AS n) x`
        expect(row?.value, `${m}/${n}`).toBe(formatDecimal(Metrics.mentionRate(m, n)))
      }
    }))

  it.effect("average of two-decimal scores as a decimal string", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const scores = fc.array(fc.integer({ min: 0, max: 10000 }).map((c) => c / 100), { maxLength: 12 })
      for (const values of [...fc.sample(scores, 150), [80, 45.5, 33.33], [0.01, 0.04], []]) {
        const [row] = yield* sql<{ value: string }>`
          SELECT ${decimal(sql, "avg(v)")} AS value FROM unnest(${values.map(String)}::numeric(5,2)[]) AS t(v)`
        expect(row?.value, JSON.stringify(values)).toBe(formatDecimal(Metrics.average(values)))
      }
    }))

  it.effect("impact thresholds", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const edges = [[1, 5], [1, 20], [1, 21], [0, 0], [0, 3], [20, 100], [19, 100], [5, 100], [4, 100]] as const
      for (const [c, n] of [...fc.sample(counts, 200), ...edges]) {
        const [row] = yield* sql<{ value: string }>`
          SELECT ${impact(sql, "c", "n")} AS value FROM (SELECT ${c}::int AS c, ${n}::int AS n) x`
        expect(row?.value, `${c}/${n}`).toBe(Metrics.impact(c, n))
      }
    }))
})
