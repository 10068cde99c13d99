import * as SqlClient from "@effect/sql/SqlClient"
import * as Clock from "effect/Clock"
import * as Config from "effect/Config"
import * as ConfigError from "effect/ConfigError"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import { Redis } from "ioredis"
import * as Os from "node:os"

export interface RateLimitDecision {
  readonly allowed: boolean
  /** Bucket capacity: requests per minute. */
  readonly limit: number
  /** Whole requests left right now. */
  readonly remaining: number
  /** Seconds until the bucket is full again (RateLimit-Reset). */
  readonly resetSeconds: number
  /** Seconds until one request is allowed again (Retry-After); 0 when allowed. */
  readonly retryAfterSeconds: number
}

/**
 * Token buckets by name (`key:<id>` or `ip:<address>`), kept in this process (`memory`) or shared
 * by every process that uses the same store (`postgres`, `redis`): RATE_LIMIT_STORE.
 */
export class RateLimiter extends Context.Tag("@sightline/http/RateLimiter")<RateLimiter, {
  readonly consume: (bucket: string, limitPerMinute: number) => Effect.Effect<RateLimitDecision>
  /** Gives back a token taken by `consume` (a request charged up front that turned out not to count). */
  readonly refund: (bucket: string, limitPerMinute: number) => Effect.Effect<void>
}>() {}

interface Bucket {
  tokens: number
  updatedAt: number
}

/** The headers' figures for a bucket left with `available` tokens after a request that was `allowed` or not. */
export const decide = (available: number, allowed: boolean, limit: number): RateLimitDecision => {
  // A process's leased tokens plus a bucket that refilled meanwhile can add up past the limit for a
  // moment; the headers never say more than the limit.
  const tokens = Math.min(available, limit)
  return {
    allowed,
    limit,
    remaining: Math.max(0, Math.floor(tokens)),
    // Seconds to refill at `limit` per minute, as (missing × 60) / limit: one rounding, so an empty
    // bucket says 60, not 61.
    resetSeconds: Math.ceil(((limit - tokens) * 60) / limit),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(((1 - tokens) * 60) / limit))
  }
}

/**
 * The token-bucket step: capacity `limit`, refilled at `limit` tokens a minute. The postgres and
 * redis stores run the same arithmetic in SQL and Lua.
 */
export const step = (
  bucket: Bucket | undefined,
  limit: number,
  now: number
): { readonly bucket: Bucket; readonly decision: RateLimitDecision } => {
  const refilled = bucket === undefined
    ? limit
    : Math.min(limit, bucket.tokens + Math.max(0, now - bucket.updatedAt) * (limit / 60_000))
  const allowed = refilled >= 1
  const tokens = allowed ? refilled - 1 : refilled
  return { bucket: { tokens, updatedAt: now }, decision: decide(tokens, allowed, limit) }
}

const SWEEP_THRESHOLD = 10_000

/** A bucket idle for a minute is full again: forgetting it changes nothing. */
const IDLE_MILLIS = 60_000

export const makeMemory = Effect.sync(() => {
  const buckets = new Map<string, Bucket>()
  const sweep = (now: number) => {
    for (const [name, bucket] of buckets) {
      if (now - bucket.updatedAt >= IDLE_MILLIS) buckets.delete(name)
    }
  }
  return RateLimiter.of({
    consume: (name, limit) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        if (buckets.size > SWEEP_THRESHOLD) sweep(now)
        const { bucket, decision } = step(buckets.get(name), limit, now)
        buckets.set(name, bucket)
        return decision
      }),
    refund: (name, limit) =>
      Effect.sync(() => {
        const bucket = buckets.get(name)
        if (bucket !== undefined) bucket.tokens = Math.min(limit, bucket.tokens + 1)
      })
  })
})

export const layerMemory = Layer.effect(RateLimiter, makeMemory)

/**
 * A shared store that cannot be reached lets the request through (with a warning): the limiter
 * guards the API, it must not take it down. With `postgres` the request then meets the same
 * database and gets its 503 there.
 */
const failOpen = (limit: number) => (cause: unknown) =>
  Effect.as(Effect.logWarning("rate limit store unavailable, request let through", cause), decide(limit, true, limit))

/**
 * How long tokens leased from the shared bucket may wait in a process to be spent; what is left
 * then is dropped (never given back: the bucket may have been refilled meanwhile).
 */
export const LEASE_MILLIS = 250

/** The most tokens one statement leases. */
const LEASE_MAX = 50

/**
 * Tokens one statement takes from a shared bucket: what the bucket refills in LEASE_MILLIS, at least
 * one and at most LEASE_MAX. Below 480 requests a minute that is one token: a statement per request,
 * every decision exactly the shared bucket's.
 */
export const leaseSize = (limit: number): number =>
  Math.max(1, Math.min(LEASE_MAX, Math.floor((limit * LEASE_MILLIS) / 60_000)))

/** Tokens this process took from a shared bucket and has not spent yet. */
interface Lease {
  tokens: number
  expiresAt: number
  /** The shared bucket's tokens after the last statement: with `tokens`, RateLimit-Remaining. */
  shared: number
}

/**
 * Buckets in the UNLOGGED table `rate_limit_buckets`, on the database clock. A request spends a
 * token this process leased from its bucket when it has one; otherwise one INSERT .. ON CONFLICT
 * DO UPDATE takes a lease of `leaseSize(limit)` tokens (or what the bucket holds, or none: 429),
 * atomic under the row lock. Every token spent was taken from the shared bucket first, so the
 * processes together never allow more than the limit; a lease's unspent tokens are dropped after
 * LEASE_MILLIS (the under-allowance docs/operations.md states).
 */
export const makePostgres = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`DELETE FROM rate_limit_buckets WHERE updated_at < extract(epoch FROM clock_timestamp()) * 1000 - ${IDLE_MILLIS}`.pipe(
    Effect.catchAllCause((cause) => Effect.logWarning("could not sweep idle rate limit buckets", cause)),
    Effect.repeat(Schedule.spaced(IDLE_MILLIS)),
    Effect.forkScoped
  )
  const leases = new Map<string, Lease>()
  const sweepLeases = (now: number) => {
    for (const [name, lease] of leases) {
      if (lease.expiresAt <= now) leases.delete(name)
    }
  }

  /** Takes up to `lease` tokens from the shared bucket: how many it got, and what the bucket keeps. */
  const take = (name: string, limit: number, lease: number) => {
    const refilled =
      sql`least(${limit}::float8, b.tokens + greatest(0, excluded.updated_at - b.updated_at) * ${limit}::float8 / 60000)`
    return sql<{ readonly tokens: number; readonly granted: number }>`
      INSERT INTO rate_limit_buckets AS b (name, tokens, allowed, granted, updated_at)
      VALUES (${name}, ${limit}::float8 - least(${lease}, floor(${limit}::float8)), true,
        least(${lease}, floor(${limit}::float8)), extract(epoch FROM clock_timestamp()) * 1000)
      ON CONFLICT (name) DO UPDATE SET
        tokens = ${refilled} - least(${lease}, floor(${refilled})),
        granted = least(${lease}, floor(${refilled})),
        allowed = ${refilled} >= 1,
        updated_at = excluded.updated_at
      RETURNING tokens, granted`
  }

  /**
   * The lease statement in flight per bucket: requests that find their process's lease spent while
   * another request of the process is taking the next one wait for it and spend from it, instead of
   * each taking a lease of their own (one statement per lease, not one per waiting request, all on
   * the same bucket row).
   */
  const taking = new Map<string, Deferred.Deferred<void>>()

  const consume = (name: string, limit: number): Effect.Effect<RateLimitDecision> =>
    Effect.flatMap(Clock.currentTimeMillis, (now) => {
      const held = leases.get(name)
      if (held !== undefined && held.expiresAt > now && held.tokens >= 1) {
        held.tokens -= 1
        return Effect.succeed(decide(held.tokens + held.shared, true, limit))
      }
      const inFlight = taking.get(name)
      if (inFlight !== undefined) return Effect.zipRight(Deferred.await(inFlight), consume(name, limit))
      return Effect.flatMap(Deferred.make<void>(), (done) => {
        taking.set(name, done)
        return take(name, limit, leaseSize(limit)).pipe(
          Effect.flatMap((rows) =>
            Effect.map(Clock.currentTimeMillis, (now) => {
              const row = rows[0]
              if (row === undefined) return decide(limit, true, limit)
              if (row.granted < 1) return decide(row.tokens, false, limit)
              const current = leases.get(name)
              const kept = current !== undefined && current.expiresAt > now ? current.tokens : 0
              if (leases.size > SWEEP_THRESHOLD) sweepLeases(now)
              leases.set(name, { tokens: kept + row.granted - 1, expiresAt: now + LEASE_MILLIS, shared: row.tokens })
              return decide(kept + row.granted - 1 + row.tokens, true, limit)
            })
          ),
          Effect.catchAllCause(failOpen(limit)),
          Effect.ensuring(Effect.suspend(() => {
            taking.delete(name)
            return Deferred.succeed(done, undefined)
          }))
        )
      })
    })

  return RateLimiter.of({
    consume,
    refund: (name, limit) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const held = leases.get(name)
        if (leaseSize(limit) > 1 && held !== undefined && held.expiresAt > now) {
          held.tokens += 1
          return Effect.void
        }
        return sql`UPDATE rate_limit_buckets SET tokens = least(${limit}::float8, tokens + 1) WHERE name = ${name}`.pipe(
          Effect.asVoid,
          Effect.catchAllCause((cause) => Effect.logWarning("could not refund a rate limit token", cause))
        )
      })
  })
})

export const layerPostgres = Layer.scoped(RateLimiter, makePostgres)

/** The same step in Lua, on the Redis server's clock; a bucket expires once idle for a minute. */
const CONSUME_LUA = `
local limit = tonumber(ARGV[1])
local time = redis.call("TIME")
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local bucket = redis.call("HMGET", KEYS[1], "tokens", "at")
local refilled = limit
if bucket[1] then
  refilled = math.min(limit, tonumber(bucket[1]) + math.max(0, now - tonumber(bucket[2])) * limit / 60000)
end
local allowed = 0
local tokens = refilled
if refilled >= 1 then
  allowed = 1
  tokens = refilled - 1
end
redis.call("HSET", KEYS[1], "tokens", tostring(tokens), "at", tostring(now))
redis.call("PEXPIRE", KEYS[1], ${IDLE_MILLIS})
return { tostring(tokens), allowed }
`

const REFUND_LUA = `
local tokens = tonumber(redis.call("HGET", KEYS[1], "tokens"))
if tokens then redis.call("HSET", KEYS[1], "tokens", tostring(math.min(tonumber(ARGV[1]), tokens + 1))) end
return 0
`

const REDIS_PREFIX = "sightline:ratelimit:"

/** RATE_LIMIT_STORE=redis could not start: REDIS_URL unreachable or refusing the scripts. */
export class RateLimitStoreError extends Schema.TaggedError<RateLimitStoreError>()("RateLimitStoreError", {
  message: Schema.String
}) {}

/** Buckets in Redis (ioredis), one Lua script call per request. */
export const makeRedis = (url: string) =>
  Effect.gen(function*() {
    const unreachable = (cause: unknown) =>
      new RateLimitStoreError({ message: `RATE_LIMIT_STORE=redis: cannot use REDIS_URL (${String(cause)})` })
    const redis = yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: async () => {
          const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false })
          await client.connect()
          return client
        },
        catch: unreachable
      }),
      (client) => Effect.promise(() => client.quit().catch(() => client.disconnect()))
    )
    const load = (script: string) => Effect.tryPromise({ try: () => redis.script("LOAD", script), catch: unreachable })
    const consumeSha = String(yield* load(CONSUME_LUA))
    const refundSha = String(yield* load(REFUND_LUA))
    // A Redis restart empties its script cache: EVALSHA then answers NOSCRIPT and EVAL reloads it.
    const run = (sha: string, script: string, bucket: string, limit: number) =>
      Effect.tryPromise(() =>
        redis.evalsha(sha, 1, REDIS_PREFIX + bucket, limit).catch((error: unknown) =>
          String(error).includes("NOSCRIPT") ? redis.eval(script, 1, REDIS_PREFIX + bucket, limit) : Promise.reject(error)
        )
      )
    return RateLimiter.of({
      consume: (name, limit) =>
        run(consumeSha, CONSUME_LUA, name, limit).pipe(
          Effect.map((reply) => {
            const [tokens, allowed] = Array.isArray(reply) ? reply : []
            return decide(Number(tokens), allowed === 1, limit)
          }),
          Effect.catchAllCause(failOpen(limit))
        ),
      refund: (name, limit) =>
        run(refundSha, REFUND_LUA, name, limit).pipe(
          Effect.asVoid,
          Effect.catchAllCause((cause) => Effect.logWarning("could not refund a rate limit token", cause))
        )
    })
  })

export type Store = "memory" | "postgres" | "redis"

/** WEB_CONCURRENCY: how many server processes share the port (default: the number of cores). */
export const webConcurrency = Config.integer("WEB_CONCURRENCY").pipe(
  Config.validate({ message: "WEB_CONCURRENCY must be a positive integer", validation: (n) => n > 0 }),
  Config.withDefault(Os.availableParallelism())
)

/**
 * RATE_LIMIT_STORE, defaulting to `postgres` when several processes serve and `memory` for one;
 * `memory` with WEB_CONCURRENCY > 1 is refused, since each process would allow the whole limit.
 */
export const storeConfig: Config.Config<{ readonly store: Store; readonly redisUrl: Option.Option<string> }> = Config
  .all({
    processes: webConcurrency,
    store: Config.option(Config.literal("memory", "postgres", "redis")("RATE_LIMIT_STORE")),
    redisUrl: Config.option(Config.string("REDIS_URL"))
  })
  .pipe(
    Config.mapOrFail(({ processes, redisUrl, store }) => {
      const chosen = Option.getOrElse(store, (): Store => processes > 1 ? "postgres" : "memory")
      if (chosen === "memory" && processes > 1) {
        return Either.left(
          ConfigErrorInvalid(
            "RATE_LIMIT_STORE",
            `RATE_LIMIT_STORE=memory keeps each process's buckets apart, so WEB_CONCURRENCY=${processes} processes would allow ${processes} times every limit; use RATE_LIMIT_STORE=postgres (or redis), or WEB_CONCURRENCY=1`
          )
        )
      }
      if (chosen === "redis" && Option.isNone(redisUrl)) {
        return Either.left(ConfigErrorInvalid("REDIS_URL", "RATE_LIMIT_STORE=redis needs REDIS_URL (e.g. redis://localhost:6379)"))
      }
      return Either.right({ store: chosen, redisUrl })
    })
  )

const ConfigErrorInvalid = (path: string, message: string) => ConfigError.InvalidData([path], message)

/** The limiter RATE_LIMIT_STORE names (see storeConfig). */
export const layer = Layer.unwrapEffect(
  Effect.map(storeConfig, ({ redisUrl, store }) => {
    switch (store) {
      case "memory":
        return layerMemory
      case "postgres":
        return layerPostgres
      case "redis":
        return Layer.scoped(RateLimiter, makeRedis(Option.getOrElse(redisUrl, () => "")))
    }
  })
)
