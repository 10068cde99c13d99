import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { rollupPeriodLists } from "../../src/read/Query.js"
import { DAY_MS, isoDate as iso } from "../../test-support/Days.js"

/**
 * `rollupPeriodLists` lists the periods `rollupPeriods` selects (the citations report probes them
 * one by one): every day of the range must fall in exactly one listed period, only whole months
 * and (with year rows) whole years may be listed, and a day row only where its month is not whole.
 */
const parse = (day: string) => Date.parse(`${day}T00:00:00Z`)
const monthEnd = (millis: number) => {
  const d = new Date(millis)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)
}
const yearEnd = (millis: number) => Date.UTC(new Date(millis).getUTCFullYear(), 11, 31)

describe("rollupPeriodLists", () => {
  it("covers each day of a range exactly once, with whole months and years only", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2019, 0, 1) / DAY_MS, max: Date.UTC(2031, 0, 1) / DAY_MS }),
        fc.integer({ min: 0, max: 900 }),
        fc.boolean(),
        (startDay, length, years) => {
          const start = startDay * DAY_MS
          const end = (startDay + length) * DAY_MS
          const lists = rollupPeriodLists({ startDate: iso(start), endDate: iso(end) }, years, 10_000)
          if (lists === undefined) return expect.fail("a closed range is listed")
          const covered = new Map<number, number>()
          const cover = (from: number, to: number) => {
            for (let d = from; d <= to; d += DAY_MS) covered.set(d, (covered.get(d) ?? 0) + 1)
          }
          for (const day of lists.days) cover(parse(day), parse(day))
          for (const month of lists.months) cover(parse(month), monthEnd(parse(month)))
          for (const year of lists.years) cover(parse(year), yearEnd(parse(year)))
          expect(years || lists.years.length === 0).toBe(true)
          expect([...covered.keys()].every((d) => d >= start && d <= end)).toBe(true)
          expect(covered.size).toBe(length + 1)
          expect([...covered.values()].every((n) => n === 1)).toBe(true)
          // A whole month inside the range is never read as days.
          for (const day of lists.days) {
            const first = Date.UTC(new Date(parse(day)).getUTCFullYear(), new Date(parse(day)).getUTCMonth(), 1)
            expect(first >= start && monthEnd(first) <= end).toBe(false)
          }
        }
      )
    )
  })

  it("gives up (the caller reads ranges) past its limit or with an open end", () => {
    expect(rollupPeriodLists({ startDate: "2020-01-01", endDate: "2020-12-31" }, false, 5)).toBeUndefined()
    expect(rollupPeriodLists({ startDate: "2020-01-01", endDate: "2020-12-31" }, true, 5)).toEqual({ days: [], months: [], years: ["2020-01-01"] })
    expect(rollupPeriodLists({ startDate: "2020-01-01" }, true)).toBeUndefined()
  })
})
