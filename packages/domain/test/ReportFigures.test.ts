import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { periodChange, previousPeriod, rateFigures } from "../src/ReportFigures.js"

/** responses >= mentions, trackedMentions >= mentions. */
const counts = fc.integer({ min: 0, max: 5_000 }).chain((responses) =>
  fc.integer({ min: 0, max: responses }).chain((mentions) =>
    fc.integer({ min: mentions, max: mentions * 4 + 1 }).map((trackedMentions) => ({ responses, mentions, trackedMentions }))
  )
)

describe("rateFigures", () => {
  it("a worked example: 12 of 40 answers, 12 of 30 tracked mentions", () => {
    expect(rateFigures({ responses: 40, mentions: 12, trackedMentions: 30 })).toEqual({
      responses: 40,
      mentions: 12,
      tracked_mentions: 30,
      visibility: "30.00",
      visibility_low: "18.07",
      visibility_high: "45.43",
      share_of_voice: "40.00",
      share_of_voice_low: "24.59",
      share_of_voice_high: "57.68",
      low_sample: false
    })
    expect(rateFigures({ responses: 29, mentions: 3, trackedMentions: 3 }).low_sample).toBe(true)
  })

  it("the interval contains the point estimate (as the API shows them)", () => {
    fc.assert(fc.property(counts, (c) => {
      const f = rateFigures(c)
      expect(Number(f.visibility_low)).toBeLessThanOrEqual(Number(f.visibility))
      expect(Number(f.visibility_high)).toBeGreaterThanOrEqual(Number(f.visibility))
      expect(Number(f.share_of_voice_low)).toBeLessThanOrEqual(Number(f.share_of_voice))
      expect(Number(f.share_of_voice_high)).toBeGreaterThanOrEqual(Number(f.share_of_voice))
      expect(f.low_sample).toBe(c.responses < 30)
    }))
  })

  it("the interval narrows as the answers grow at the same rate", () => {
    fc.assert(fc.property(counts.filter((c) => c.responses > 0), fc.integer({ min: 2, max: 20 }), (c, k) => {
      const wide = rateFigures(c)
      const narrow = rateFigures({ responses: c.responses * k, mentions: c.mentions * k, trackedMentions: c.trackedMentions * k })
      expect(Number(narrow.visibility_high) - Number(narrow.visibility_low))
        .toBeLessThanOrEqual(Number(wide.visibility_high) - Number(wide.visibility_low))
    }))
  })
})

describe("periodChange", () => {
  it("a period with no change is never significant", () => {
    fc.assert(fc.property(counts, fc.integer({ min: 1, max: 30 }), (c, k) => {
      const same = periodChange(c, { responses: c.responses * k, mentions: c.mentions * k, trackedMentions: c.trackedMentions * k })
      expect(same.significant).toBe(false)
      expect(same.share_of_voice_significant).toBe(false)
      expect(same.visibility_delta).toBe("0.00")
      expect(same.share_of_voice_delta).toBe("0.00")
    }))
  })

  it("a worked example: 20 of 100 answers before, 35 of 100 now is significant; 1 of 5 to 3 of 5 is not", () => {
    const clear = periodChange({ responses: 100, mentions: 35, trackedMentions: 70 }, { responses: 100, mentions: 20, trackedMentions: 60 })
    expect(clear).toMatchObject({ visibility: "20.00", visibility_delta: "15.00", significant: true, share_of_voice_delta: "16.67" })
    expect(periodChange({ responses: 5, mentions: 3, trackedMentions: 3 }, { responses: 5, mentions: 1, trackedMentions: 3 }).significant).toBe(false)
  })
})

describe("previousPeriod", () => {
  it("is the range of equal length just before", () => {
    expect(previousPeriod({ start_date: "2026-11-01", end_date: "2026-11-30" })).toEqual({ start_date: "2026-10-02", end_date: "2026-10-31" })
    expect(previousPeriod({ start_date: "2024-03-01", end_date: "2024-03-01" })).toEqual({ start_date: "2024-02-29", end_date: "2024-02-29" })
    fc.assert(fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 400 }), (start, span) => {
      const day = (n: number) => new Date(Date.UTC(2000, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)
      const before = previousPeriod({ start_date: day(start), end_date: day(start + span) })
      expect(before).toEqual({ start_date: day(start - span - 1), end_date: day(start - 1) })
    }))
  })
})
