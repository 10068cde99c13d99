import { expect, it, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Either from "effect/Either"
import * as TestClock from "effect/TestClock"
import { TestDatabase } from "../../../packages/sql/test-support/TestDatabase.js"
import { decide, LEASE_MILLIS, leaseSize, makePostgres, step, storeConfig } from "../src/RateLimit.js"
import { Fixture } from "./support/Fixture.js"
import { get, makeHarness } from "./support/Harness.js"

it("headers never say more than the limit, even when a lease and a refilled bucket add up past it", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0, max: 3, noNaN: true }), (limit, share) => {
      const decision = decide(limit * share, true, limit)
      expect(decision.remaining).toBeLessThanOrEqual(limit)
      expect(decision.resetSeconds).toBeGreaterThanOrEqual(0)
      expect(decision.resetSeconds).toBeLessThanOrEqual(60)
    })
  )
})

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

layer(TestDatabase, { timeout: 120_000 })("postgres store", (it) => {
  it.scoped("concurrent consumes of one bucket: exactly `limit` allowed, figures as the in-memory bucket's", () =>
    Effect.gen(function*() {
      const limiter = yield* makePostgres
      const decisions = yield* Effect.all(
        Array.from({ length: 40 }, () => limiter.consume("key:concurrent", 10)),
        { concurrency: "unbounded" }
      )
      expect(decisions.filter((d) => d.allowed)).toHaveLength(10)
      const refused = decisions.find((d) => !d.allowed)
      expect(refused).toMatchObject({ limit: 10, remaining: 0 })
      expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(1)
      expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(6)

      // A fresh bucket answers like the pure step, and a refund gives one request back.
      const first = yield* limiter.consume("ip:fresh", 3)
      expect(first).toEqual(step(undefined, 3, 0).decision)
      yield* limiter.consume("ip:fresh", 3)
      yield* limiter.consume("ip:fresh", 3)
      expect((yield* limiter.consume("ip:fresh", 3)).allowed).toBe(false)
      yield* limiter.refund("ip:fresh", 3)
      expect((yield* limiter.consume("ip:fresh", 3)).allowed).toBe(true)
    }))

  it.scoped("requests that find the lease spent together wait for one lease statement, not one each", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const limiter = yield* makePostgres
      const limit = 100_000_000
      const decisions = yield* Effect.all(
        Array.from({ length: 40 }, () => limiter.consume("key:single-flight", limit)),
        { concurrency: "unbounded" }
      )
      expect(decisions.every((d) => d.allowed)).toBe(true)
      // 40 requests, one lease of 50 tokens: the shared bucket lost 50 (plus nothing refilled past the limit).
      const [bucket] = yield* sql<{ readonly tokens: number }>`SELECT tokens FROM rate_limit_buckets WHERE name = 'key:single-flight'`
      expect(bucket?.tokens).toBe(limit - leaseSize(limit))
      expect(Math.min(...decisions.map((d) => d.remaining))).toBe(limit - 40)
    }))

  it.scoped("leases: two processes spend tokens taken from one bucket, together never more than the limit", () =>
    Effect.gen(function*() {
      // Two limiters on one database are two server processes.
      const [a, b] = [yield* makePostgres, yield* makePostgres]
      const limit = 1_200
      expect([leaseSize(10), leaseSize(479), leaseSize(limit), leaseSize(100_000_000)]).toEqual([1, 1, 5, 50])
      const started = Date.now()
      const decisions = yield* Effect.all(
        Array.from({ length: 1_500 }, (_, i) => (i % 2 === 0 ? a : b).consume("key:leased", limit)),
        { concurrency: 16 }
      )
      const refill = Math.floor(((Date.now() - started) * limit) / 60_000)
      const allowed = decisions.filter((d) => d.allowed).length
      expect(allowed).toBeLessThanOrEqual(limit + refill)
      // Tokens a process leased and did not spend within LEASE_MILLIS are dropped: some under-allowance.
      expect(allowed).toBeGreaterThanOrEqual(limit - 20 * leaseSize(limit))
      // The bucket runs out: the requests past it are refused with nothing left. (Not "the last one
      // is refused": the bucket refills 20 tokens a second on the database's clock, so a late
      // request may take a refilled token; the bound above counts those.)
      const refused = decisions.filter((d) => !d.allowed)
      expect(refused.length).toBeGreaterThan(0)
      for (const d of refused) expect(d.remaining).toBe(0)
      for (const d of decisions) expect(d.remaining).toBeLessThanOrEqual(limit)

      // A lease left unspent for LEASE_MILLIS is dropped: the next request takes a new one.
      yield* a.consume("key:expiring", limit)
      yield* TestClock.adjust(LEASE_MILLIS + 1)
      const after = yield* a.consume("key:expiring", limit)
      expect(after.allowed).toBe(true)
      // Two leases taken from the bucket, the first's 4 unspent tokens dropped: 1,190 shared + 4 held
      // (+1 for the refill while the test ran); spent from the first lease it would be 1,198.
      expect(after.remaining).toBeLessThanOrEqual(limit - 2 * leaseSize(limit) + leaseSize(limit) - 1 + 1)
    }))
})

it("RATE_LIMIT_STORE: memory is refused with several processes, redis needs REDIS_URL, the default follows WEB_CONCURRENCY", () => {
  const read = (env: Record<string, string>) =>
    Effect.runSync(Effect.either(storeConfig.pipe(Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env)))))))
  const refused = read({ WEB_CONCURRENCY: "2", RATE_LIMIT_STORE: "memory" })
  expect(Either.isLeft(refused) && String(refused.left)).toContain("WEB_CONCURRENCY=2 processes would allow 2 times every limit")
  const noUrl = read({ WEB_CONCURRENCY: "1", RATE_LIMIT_STORE: "redis" })
  expect(Either.isLeft(noUrl) && String(noUrl.left)).toContain("REDIS_URL")
  expect(Either.getOrThrow(read({ WEB_CONCURRENCY: "2" })).store).toBe("postgres")
  expect(Either.getOrThrow(read({ WEB_CONCURRENCY: "1" })).store).toBe("memory")
  expect(Either.isLeft(read({ RATE_LIMIT_STORE: "disk" }))).toBe(true)
})
