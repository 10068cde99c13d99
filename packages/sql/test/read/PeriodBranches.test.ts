import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { inPeriodBranches, inPeriods } from "../../src/read/Query.js"
import { DAY_MS, isoDate as iso } from "../../test-support/Days.js"
import { TestDatabase } from "../../test-support/TestDatabase.js"

/**
 * `inPeriodBranches` (one part per grain, appended) selects exactly the rows `inPeriods` selects
 * (one condition), each once: over a table holding every day, month and year row of 2019-2030 for
 * all engines and one engine, for random ranges (open or closed, inside or across months and years),
 * with and without year rows and an engine filter.
 */
const FIRST = Date.UTC(2019, 0, 1) / DAY_MS
const LAST = Date.UTC(2030, 11, 31) / DAY_MS

layer(TestDatabase, { timeout: 120_000 })("inPeriodBranches", (it) => {
  it.effect("selects the rows inPeriods selects, each once", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE periods (engine text, grain text NOT NULL, period date NOT NULL)`
      yield* sql`
        INSERT INTO periods (engine, grain, period)
        SELECT e.engine, g.grain, p::date
        FROM (VALUES (NULL::text), ('perplexity')) e(engine)
        CROSS JOIN (VALUES ('day', '1 day'::interval), ('month', '1 month'), ('year', '1 year')) g(grain, step)
        CROSS JOIN LATERAL generate_series('2019-01-01'::date, '2030-12-31'::date, g.step) p`
      const day = fc.integer({ min: FIRST, max: LAST }).map((d) => iso(d * DAY_MS))
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(
            fc.option(day, { nil: undefined }),
            fc.option(day, { nil: undefined }),
            fc.boolean(),
            fc.boolean(),
            async (a, b, years, engine) => {
              const [startDate, endDate] = a !== undefined && b !== undefined && a > b ? [b, a] : [a, b]
              const filters = { startDate, endDate, aiModel: engine ? "perplexity" as const : undefined }
              const [one, appended] = await Effect.runPromise(Effect.all([
                sql<{ grain: string; period: string }>`
                  SELECT x.grain, x.period::text FROM periods x WHERE ${inPeriods(sql, "x", filters, years)}
                  ORDER BY 1, 2`,
                sql<{ grain: string; period: string }>`
                  SELECT x.grain, x.period FROM (${
                  inPeriodBranches(sql, "x", filters, years, (condition) =>
                    sql`SELECT x.grain, x.period::text FROM periods x WHERE ${condition}`)
                }) x ORDER BY 1, 2`
              ]))
              expect(appended).toEqual(one)
              expect(one.length).toBeGreaterThan(0)
            }
          ),
          { numRuns: 150 }
        )
      )
    }))
})
