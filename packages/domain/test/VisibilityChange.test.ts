import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { MIN_SAMPLE } from "../src/Confidence.js"
import { significantChanges } from "../src/VisibilityChange.js"

const day = (date: string, responses: number, brandMentions: number, competitorMentions = 0) => ({
  date,
  responses,
  brandMentions,
  competitorMentions
})

describe("significantChanges (visibility.changed)", () => {
  it("20 of 100 answers, then 35 of 100: visibility up 15 points, significant; share of voice unchanged", () => {
    const changes = significantChanges(day("2026-11-21", 100, 35, 35), day("2026-11-20", 100, 20, 20))
    expect(changes).toEqual([{
      metric: "visibility",
      direction: "up",
      current: { date: "2026-11-21", successes: 35, trials: 100, value: 35 },
      previous: { date: "2026-11-20", successes: 20, trials: 100, value: 20 },
      change: 15,
      z: 2.375
    }])
  })

  it("share of voice: the brand's mentions over all tracked brands' mentions", () => {
    const [change] = significantChanges(day("2026-11-21", 100, 40, 60), day("2026-11-20", 100, 40, 10))
    expect(change).toMatchObject({ metric: "share_of_voice", direction: "down", current: { value: 40, trials: 100 }, previous: { value: 80, trials: 50 } })
  })

  it("never fires on small samples, whatever the rates", () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: MIN_SAMPLE - 1 }),
      fc.integer({ min: 0, max: 1_000 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.boolean(),
      (small, large, p, q, smallIsCurrent) => {
        const a = day("2026-11-21", small, Math.round(small * p))
        const b = day("2026-11-20", large, Math.round(large * q))
        expect(significantChanges(smallIsCurrent ? a : b, smallIsCurrent ? b : a).filter((c) => c.metric === "visibility")).toEqual([])
      }
    ))
  })

  it("never fires when the rate did not move, and a fired change always agrees in sign with the rates", () => {
    fc.assert(fc.property(
      fc.integer({ min: MIN_SAMPLE, max: 2_000 }),
      fc.integer({ min: MIN_SAMPLE, max: 2_000 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (n, m, p, q) => {
        const same = significantChanges(day("d1", n * 2, n), day("d0", m * 2, m))
        expect(same.filter((c) => c.metric === "visibility")).toEqual([])
        for (const change of significantChanges(day("d1", n, Math.round(n * p)), day("d0", m, Math.round(m * q)))) {
          expect(Math.abs(change.z)).toBeGreaterThanOrEqual(1.959)
          expect(change.direction === "up").toBe(change.current.value > change.previous.value)
        }
      }
    ))
  })
})
