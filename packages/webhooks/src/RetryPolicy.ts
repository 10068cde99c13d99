/**
 * When a failed delivery is tried again: exponential backoff (`baseMs` · 2^(attempt-1), at most
 * `maxDelayMs`) with ±20 % jitter, so that many receivers coming back at once are not hit in step.
 * The last attempt is made when the delivery is `windowMs` old (24 h by default); if it fails too,
 * the delivery is marked failed. The defaults (30 s base, 4 h cap, 24 h window) make 15 attempts:
 * at about 0, 30 s, 1.5 min, 3.5 min, 7.5 min, 15.5 min, 31.5 min, 1 h 4 min, 2 h 8 min, 4 h 16 min,
 * then every 4 h, and at 24 h (docs/webhooks.md).
 */
export interface RetryPolicy {
  readonly baseMs: number
  readonly maxDelayMs: number
  readonly windowMs: number
}

export const defaultRetryPolicy: RetryPolicy = { baseMs: 30_000, maxDelayMs: 4 * 3_600_000, windowMs: 24 * 3_600_000 }

/** The jitter: a delay is scaled by a factor in [1 - JITTER, 1 + JITTER). */
export const JITTER = 0.2

/** The delay before attempt `attempts + 1`, before jitter. */
export const baseDelay = (policy: RetryPolicy, attempts: number): number =>
  Math.min(policy.maxDelayMs, policy.baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 52)))

/**
 * After `attempts` failed attempts of a delivery `ageMs` old: the delay before the next attempt
 * (never past the window's end, where the last attempt is made), or undefined once the window is
 * over (give up). `random` in [0, 1).
 */
export const nextDelay = (policy: RetryPolicy, attempts: number, ageMs: number, random: number): number | undefined => {
  if (ageMs >= policy.windowMs) return undefined
  const delay = Math.round(baseDelay(policy, attempts) * (1 - JITTER + 2 * JITTER * random))
  return Math.min(delay, policy.windowMs - ageMs)
}
