import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { singlePeriod } from "../../src/read/Query.js"
import { DAY_MS, isoDate as iso } from "../../test-support/Days.js"

/**
 * `singlePeriod` decides when the cited-URL ranking reads one all-engines row per URL in index order
 * instead of summing the rows of several periods: it must name a period exactly when the range is
 * that whole year (with year rows) or that whole month, and never otherwise.
 */

describe("singlePeriod", () => {
  it("names the year or month a range covers exactly, and nothing for any other range", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2019, 0, 1) / DAY_MS, max: Date.UTC(2031, 0, 1) / DAY_MS }),
        fc.integer({ min: 0, max: 800 }),
        fc.boolean(),
        (startDay, length, years) => {
          const start = new Date(startDay * DAY_MS)
          const end = new Date((startDay + length) * DAY_MS)
          const filters = { startDate: iso(start.getTime()), endDate: iso(end.getTime()) }
          const y = start.getUTCFullYear()
          const m = start.getUTCMonth()
          const wholeYear = start.getTime() === Date.UTC(y, 0, 1) && end.getTime() === Date.UTC(y, 11, 31)
          const wholeMonth = start.getTime() === Date.UTC(y, m, 1) && end.getTime() === Date.UTC(y, m + 1, 0)
          const expected = years && wholeYear
            ? { grain: "year", period: filters.startDate }
            : wholeMonth
            ? { grain: "month", period: filters.startDate }
            : undefined
          expect(singlePeriod(filters, years)).toEqual(expected)
          // An engine filter reads per-engine rows, which have no year rows: never one period then.
          expect(singlePeriod({ ...filters, aiModel: "gemini" }, years)).toBeUndefined()
        }
      ),
      { numRuns: 2000 }
    )
  })

  it("takes whole years, whole months (leap February too) and nothing open", () => {
    expect(singlePeriod({ startDate: "2026-01-01", endDate: "2026-12-31" }, true)).toEqual({ grain: "year", period: "2026-01-01" })
    expect(singlePeriod({ startDate: "2026-01-01", endDate: "2026-12-31" }, false)).toBeUndefined()
    expect(singlePeriod({ startDate: "2024-02-01", endDate: "2024-02-29" }, true)).toEqual({ grain: "month", period: "2024-02-01" })
    expect(singlePeriod({ startDate: "2023-02-01", endDate: "2023-02-28" }, true)).toEqual({ grain: "month", period: "2023-02-01" })
    expect(singlePeriod({ startDate: "2024-02-01", endDate: "2024-02-28" }, true)).toBeUndefined()
    expect(singlePeriod({ startDate: "2026-01-01" }, true)).toBeUndefined()
    expect(singlePeriod({ endDate: "2026-12-31" }, true)).toBeUndefined()
  })
})
