import { expect, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { step } from "../src/RateLimit.js"
import { Fixture } from "./support/Fixture.js"
import { get, makeHarness } from "./support/Harness.js"

it("token bucket: never more than `limit` requests in a burst, refills at limit per minute", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1000 }), fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 200 }), (limit, gaps) => {
      let bucket = step(undefined, limit, 0)
      let now = 0
      let allowed = bucket.decision.allowed ? 1 : 0
      for (const gap of gaps) {
        now += gap
        bucket = step(bucket.bucket, limit, now)
        if (bucket.decision.allowed) allowed++
        expect(bucket.decision.remaining).toBeGreaterThanOrEqual(0)
        expect(bucket.decision.remaining).toBeLessThanOrEqual(limit)
        expect(bucket.decision.resetSeconds).toBeLessThanOrEqual(60)
        if (!bucket.decision.allowed) expect(bucket.decision.retryAfterSeconds).toBeGreaterThanOrEqual(1)
      }
      // Capacity `limit` plus what a minute-rate refill can add over the elapsed time.
      expect(allowed).toBeLessThanOrEqual(limit + Math.floor((now * limit) / 60_000) + 1)
    })
  )
  const burst = [0, 0, 0, 0].reduce<ReturnType<typeof step>[]>((acc, t) => {
    const previous = acc.at(-1)?.bucket
    return [...acc, step(previous, 3, t)]
  }, [])
  expect(burst.map((b) => b.decision.allowed)).toEqual([true, true, true, false])
  expect(burst[3]?.decision.retryAfterSeconds).toBe(20) // one token every 20 s at 3/min
  const later = step(burst[3]?.bucket, 3, 20_000)
  expect(later.decision.allowed).toBe(true)
})

layer(makeHarness({ defaultRateLimitPerMinute: 2 }), { timeout: 120_000, excludeTestServices: true })("per-IP bucket", (it) => {
  it.effect("requests without a valid key share the client's bucket; a valid key has its own", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      // A key this server has seen valid skips the client's bucket (its first request is charged
      // there up front, and given back once the key is found valid).
      const known = yield* get("/v1/brands/", f.keys.brandA)
      expect(known.status).toBe(200)
      const first = yield* get("/v1/brands/")
      const second = yield* get("/v1/nothing")
      const third = yield* get("/v1/brands/", "sl_invalid")
      expect([first.status, second.status, third.status]).toEqual([401, 404, 429])
      expect(first.headers["ratelimit-limit"]).toBe("2")
      expect(third.body).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", error: { code: "RATE_LIMIT_EXCEEDED" } })
      expect(Number(third.headers["retry-after"])).toBeGreaterThanOrEqual(1)
      const keyed = yield* get("/v1/brands/", f.keys.brandA)
      expect(keyed.status).toBe(200)
      expect(keyed.headers["ratelimit-limit"]).toBe("1000000")
    }))
})
