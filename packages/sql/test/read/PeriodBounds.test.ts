import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { periodBounds } from "../../src/read/Query.js"
import { DAY_MS, isoDate } from "../../test-support/Days.js"
import { TestDatabase } from "../../test-support/TestDatabase.js"

/**
 * `periodBounds` computes in TypeScript the bounds `rollupPeriods` once computed in the statement
 * with `date_trunc`: for random ranges (and open ends, leap days, the ends of time) they must be the
 * dates PostgreSQL's own calendar arithmetic gives.
 */
const iso = (day: number) => isoDate(day * DAY_MS)

layer(TestDatabase)("periodBounds", (it) => {
  it.effect("are the bounds date_trunc gives, for random ranges and the ends of time", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const day = fc.integer({ min: Date.UTC(1999, 0, 1) / DAY_MS, max: Date.UTC(2101, 0, 1) / DAY_MS }).map(iso)
      const ranges = fc.sample(fc.record({ startDate: fc.option(day, { nil: undefined }), endDate: fc.option(day, { nil: undefined }) }), 300)
      const edges = [
        {},
        { startDate: "2024-02-01", endDate: "2024-02-29" },
        { startDate: "2024-03-01", endDate: "2023-02-28" },
        { startDate: "2000-01-01", endDate: "2000-12-31" },
        { startDate: "1900-02-28", endDate: "2100-02-28" },
        { startDate: "0001-01-01", endDate: "9999-12-31" },
        { startDate: "0001-01-02", endDate: "9999-12-30" }
      ]
      for (const filters of [...ranges, ...edges]) {
        const start = filters.startDate ?? "0001-01-01"
        const end = filters.endDate ?? "9999-12-30"
        const [row] = yield* sql<Record<string, string>>`
          SELECT to_char(${start}::date, 'YYYY-MM-DD') AS "start", to_char(${end}::date, 'YYYY-MM-DD') AS "end",
            to_char((date_trunc('month', ${start}::date - 1) + interval '1 month')::date, 'YYYY-MM-DD') AS "monthsFrom",
            to_char(date_trunc('month', ${end}::date + 1)::date, 'YYYY-MM-DD') AS "monthsUntil",
            to_char((date_trunc('year', ${start}::date - 1) + interval '1 year')::date, 'YYYY-MM-DD') AS "yearsFrom",
            to_char(date_trunc('year', ${end}::date + 1)::date, 'YYYY-MM-DD') AS "yearsUntil"`
        expect(periodBounds(filters), JSON.stringify(filters)).toEqual(row)
      }
    }))
})
