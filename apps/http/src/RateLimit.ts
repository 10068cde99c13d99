import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

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
 * Token buckets by name (`key:<id>` or `ip:<address>`). An interface so a shared store (Redis,
 * PostgreSQL) can replace the in-memory one when several server processes run.
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

/** The pure token-bucket step: capacity `limit`, refilled at `limit` tokens a minute. */
export const step = (
  bucket: Bucket | undefined,
  limit: number,
  now: number
): { readonly bucket: Bucket; readonly decision: RateLimitDecision } => {
  const perMilli = limit / 60_000
  const refilled = bucket === undefined
    ? limit
    : Math.min(limit, bucket.tokens + Math.max(0, now - bucket.updatedAt) * perMilli)
  const allowed = refilled >= 1
  const tokens = allowed ? refilled - 1 : refilled
  return {
    bucket: { tokens, updatedAt: now },
    decision: {
      allowed,
      limit,
      remaining: Math.floor(tokens),
      resetSeconds: Math.ceil((limit - tokens) / perMilli / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / perMilli / 1000))
    }
  }
}

const SWEEP_THRESHOLD = 10_000

export const makeMemory = Effect.sync(() => {
  const buckets = new Map<string, Bucket>()
  const sweep = (now: number) => {
    // A bucket idle for a minute is full again: forgetting it changes nothing.
    for (const [name, bucket] of buckets) {
      if (now - bucket.updatedAt >= 60_000) buckets.delete(name)
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
