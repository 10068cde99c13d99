import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { compareProportions, wilsonInterval } from "../src/Confidence.js"

/** successes <= trials, trials >= 1. */
const sample = fc.integer({ min: 1, max: 5_000 }).chain((trials) =>
  fc.record({ successes: fc.integer({ min: 0, max: trials }), trials: fc.constant(trials) })
)

describe("wilsonInterval", () => {
  it("matches published values", () => {
    const small = wilsonInterval(4, 10)
    expect(small.low).toBeCloseTo(0.1682, 3)
    expect(small.high).toBeCloseTo(0.6873, 3)
    const large = wilsonInterval(40, 100)
    expect(large.low).toBeCloseTo(0.3094, 3)
    expect(large.high).toBeCloseTo(0.4980, 3)
    expect(wilsonInterval(0, 10).low).toBe(0)
    expect(wilsonInterval(10, 10).high).toBe(1)
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 })
  })

  it("contains the point estimate and stays within [0, 1]", () => {
    fc.assert(fc.property(sample, ({ successes, trials }) => {
      const { high, low } = wilsonInterval(successes, trials)
      const p = successes / trials
      expect(low).toBeGreaterThanOrEqual(0)
      expect(high).toBeLessThanOrEqual(1)
      expect(low).toBeLessThanOrEqual(p + 1e-12)
      expect(high).toBeGreaterThanOrEqual(p - 1e-12)
    }))
  })

  it("narrows as n grows at the same rate", () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 200 }),
      fc.integer({ min: 0, max: 200 }),
      fc.integer({ min: 2, max: 20 }),
      (trials, rawSuccesses, factor) => {
        const successes = rawSuccesses % (trials + 1)
        const narrow = wilsonInterval(successes * factor, trials * factor)
        const wide = wilsonInterval(successes, trials)
        expect(narrow.high - narrow.low).toBeLessThan(wide.high - wide.low)
      }
    ))
  })
})

describe("compareProportions", () => {
  it("flags a clear change and not a small one", () => {
    const clear = compareProportions({ successes: 35, trials: 100 }, { successes: 20, trials: 100 })
    expect(clear.delta).toBeCloseTo(0.15, 10)
    expect(clear.z).toBeCloseTo(2.375, 3)
    expect(clear.significant).toBe(true)
    expect(compareProportions({ successes: 3, trials: 5 }, { successes: 1, trials: 5 }).significant).toBe(false)
  })

  it("never flags a period with no change", () => {
    fc.assert(fc.property(sample, fc.integer({ min: 1, max: 50 }), ({ successes, trials }, factor) => {
      const change = compareProportions({ successes, trials }, { successes: successes * factor, trials: trials * factor })
      expect(change.significant).toBe(false)
      expect(change.delta).toBe(0)
    }))
  })

  it("is antisymmetric and never significant without trials", () => {
    fc.assert(fc.property(sample, sample, (a, b) => {
      const forward = compareProportions(a, b)
      const backward = compareProportions(b, a)
      expect(forward.significant).toBe(backward.significant)
      expect(forward.z + backward.z).toBeCloseTo(0, 9)
    }))
    expect(compareProportions({ successes: 0, trials: 0 }, { successes: 5, trials: 10 }).significant).toBe(false)
  })
})
