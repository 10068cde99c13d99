import { positiveInteger } from "@sightline/runtime/ConfigValues"
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
  /** Finished deliveries (delivered or failed) are deleted this many days after they finished. */
  readonly retentionDays: number
}

export const webhookSettings: Config.Config<WebhookSettings> = Config.all({
  allowPrivate: Config.boolean("WEBHOOKS_ALLOW_PRIVATE").pipe(Config.withDefault(false)),
  timeoutMs: positiveInteger("WEBHOOKS_TIMEOUT_MS", 10_000),
  retry: Config.all({
    baseMs: positiveInteger("WEBHOOKS_RETRY_BASE_MS", defaultRetryPolicy.baseMs),
    maxDelayMs: positiveInteger("WEBHOOKS_RETRY_MAX_DELAY_MS", defaultRetryPolicy.maxDelayMs),
    windowMs: positiveInteger("WEBHOOKS_RETRY_WINDOW_MS", defaultRetryPolicy.windowMs)
  }),
  concurrency: positiveInteger("WEBHOOKS_CONCURRENCY", 4),
  visibilityCheckIntervalMs: positiveInteger("WEBHOOKS_VISIBILITY_CHECK_INTERVAL_MS", 15 * 60_000),
  retentionDays: positiveInteger("WEBHOOKS_RETENTION_DAYS", 30)
})
