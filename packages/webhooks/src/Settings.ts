import * as Config from "effect/Config"
import { defaultRetryPolicy, type RetryPolicy } from "./RetryPolicy.js"

/** How webhooks are delivered (README, configuration; docs/webhooks.md). */
export interface WebhookSettings {
  /** Allow private, loopback and link-local targets (tests, on-prem receivers). */
  readonly allowPrivate: boolean
  /** One attempt's time limit, connection to the end of the response. */
  readonly timeoutMs: number
  readonly retry: RetryPolicy
  /** Deliveries in flight at once per worker process. */
  readonly concurrency: number
  /** How often a worker looks for significant visibility changes of the last closed day. */
  readonly visibilityCheckIntervalMs: number
}

const positiveInt = (name: string, fallback: number) =>
  Config.integer(name).pipe(
    Config.withDefault(fallback),
    Config.validate({ message: `${name} must be a positive integer`, validation: (n) => n > 0 })
  )

export const webhookSettings: Config.Config<WebhookSettings> = Config.all({
  allowPrivate: Config.boolean("WEBHOOKS_ALLOW_PRIVATE").pipe(Config.withDefault(false)),
  timeoutMs: positiveInt("WEBHOOKS_TIMEOUT_MS", 10_000),
  retry: Config.all({
    baseMs: positiveInt("WEBHOOKS_RETRY_BASE_MS", defaultRetryPolicy.baseMs),
    maxDelayMs: positiveInt("WEBHOOKS_RETRY_MAX_DELAY_MS", defaultRetryPolicy.maxDelayMs),
    windowMs: positiveInt("WEBHOOKS_RETRY_WINDOW_MS", defaultRetryPolicy.windowMs)
  }),
  concurrency: positiveInt("WEBHOOKS_CONCURRENCY", 4),
  visibilityCheckIntervalMs: positiveInt("WEBHOOKS_VISIBILITY_CHECK_INTERVAL_MS", 15 * 60_000)
})
