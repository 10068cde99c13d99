import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { baseDelay, defaultRetryPolicy, JITTER, nextDelay } from "../src/RetryPolicy.js"

describe("RetryPolicy", () => {
  it("the default schedule makes 15 attempts, the last when the delivery is 24 h old, then gives up", () => {
    const times = [0]
    let age = 0
    for (let attempts = 1; ; attempts++) {
      // Midpoint jitter (random 0.5) is the exponential schedule itself.
      const delay = nextDelay(defaultRetryPolicy, attempts, age, 0.5)
      if (delay === undefined) break
      age += delay
      times.push(age)
    }
    expect(times.length).toBe(15)
    expect(times.slice(0, 5)).toEqual([0, 30_000, 90_000, 210_000, 450_000])
    expect(times.at(-1)).toBe(24 * 3_600_000)
    expect(times.at(-2)).toBe(1215.5 * 60_000)
  })

  it("delays grow exponentially to the cap, stay within the jitter band, and never pass the window's end", () => {
    fc.assert(fc.property(
      fc.record({
        baseMs: fc.integer({ min: 1, max: 60_000 }),
        maxDelayMs: fc.integer({ min: 1, max: 10 * 3_600_000 }),
        windowMs: fc.integer({ min: 1, max: 48 * 3_600_000 })
      }),
      fc.integer({ min: 1, max: 200 }),
      fc.integer({ min: 0, max: 50 * 3_600_000 }),
      fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      (policy, attempts, ageMs, random) => {
        const delay = nextDelay(policy, attempts, ageMs, random)
        if (ageMs >= policy.windowMs) {
          expect(delay).toBeUndefined()
          return
        }
        expect(delay).toBeDefined()
        const base = baseDelay(policy, attempts)
        expect(base).toBeLessThanOrEqual(policy.maxDelayMs)
        expect(baseDelay(policy, attempts + 1)).toBeGreaterThanOrEqual(base)
        expect(delay).toBeLessThanOrEqual(policy.windowMs - ageMs)
        expect(delay).toBeLessThanOrEqual(Math.round(base * (1 + JITTER)))
        expect(delay).toBeGreaterThanOrEqual(Math.min(policy.windowMs - ageMs, Math.round(base * (1 - JITTER)) - 1))
      }
    ))
  })
})
