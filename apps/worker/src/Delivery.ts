import { VisibilityChanges } from "@sightline/sql/VisibilityChanges"
import { type ClaimedDelivery, WebhookDeliveries } from "@sightline/sql/WebhookDeliveries"
import { RetryPolicy } from "@sightline/webhooks"
import { WebhookSender } from "@sightline/webhooks/Sender"
import type { WebhookSettings } from "@sightline/webhooks/Settings"
import * as Cause from "effect/Cause"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Random from "effect/Random"

/**
 * The webhook delivery lane (docs/webhooks.md, docs/operations.md): claims due deliveries from the
 * outbox, sends each signed, and records the outcome: delivered on a 2xx; otherwise tried again
 * with exponential backoff and jitter until the retry window (about 24 h) is over, then failed.
 * A refused target (a private address) is failed at once. Interrupted mid-attempt, the delivery is
 * given back; killed, it becomes due again when its claim runs out. Either way the receiver may see
 * the same `webhook-id` twice and de-duplicates on it.
 */

/** A claim outlasts an attempt: twice its time limit (the target check and the request), plus 1 s. */
export const leaseMs = (settings: WebhookSettings): number => 2 * settings.timeoutMs + 1_000

export const deliver = (settings: WebhookSettings, delivery: ClaimedDelivery) =>
  Effect.gen(function*() {
    const sender = yield* WebhookSender
    const deliveries = yield* WebhookDeliveries
    const attempt = yield* sender.send({
      url: delivery.url,
      secrets: delivery.secrets,
      messageId: delivery.messageId,
      body: delivery.body
    })
    if (attempt.delivered) {
      yield* deliveries.delivered(delivery, attempt.status)
      yield* Effect.logInfo(`delivered ${delivery.eventType} ${delivery.messageId} (attempt ${delivery.attempt}, HTTP ${attempt.status})`)
      return
    }
    const delayMs = attempt.retryable
      ? RetryPolicy.nextDelay(settings.retry, delivery.attempt, delivery.ageMs, yield* Random.next)
      : undefined
    if (delayMs === undefined) {
      yield* deliveries.failed(delivery, attempt)
      yield* Effect.logWarning(`webhook delivery ${delivery.messageId} failed after ${delivery.attempt} attempt(s): ${attempt.error}`)
      return
    }
    yield* deliveries.retryLater(delivery, { ...attempt, delayMs })
    yield* Effect.logInfo(
      `webhook delivery ${delivery.messageId} attempt ${delivery.attempt} failed (${attempt.error}); next in ${Math.round(delayMs / 1000)} s`
    )
  }).pipe(
    Effect.onInterrupt(() => Effect.flatMap(WebhookDeliveries, (deliveries) => deliveries.release(delivery))),
    Effect.annotateLogs({ webhookId: delivery.webhookId, deliveryId: delivery.id }),
    Effect.withSpan("Delivery.deliver", { attributes: { deliveryId: delivery.id, attempt: delivery.attempt } })
  )

/** A failure that is not an interruption (the database away) is logged; the lane goes on polling. */
const surviving = <A, E, R>(effect: Effect.Effect<A, E, R>, fallback: A) =>
  Effect.catchAllCause(effect, (cause) =>
    Cause.isInterruptedOnly(cause)
      ? Effect.failCause(cause)
      : Effect.as(Effect.logWarning("webhook delivery failed; trying again", cause), fallback))

/**
 * One lane: claims and delivers one delivery after another. `once`: stops when nothing is due;
 * otherwise polls every `pollIntervalMs`.
 */
const lane = (settings: WebhookSettings, pollIntervalMs: number, once: boolean) =>
  Effect.gen(function*() {
    const deliveries = yield* WebhookDeliveries
    for (;;) {
      const next = yield* surviving(deliveries.claim(leaseMs(settings)), Option.none())
      if (Option.isSome(next)) {
        yield* surviving(deliver(settings, next.value), undefined)
      } else if (once) {
        return
      } else {
        yield* Effect.sleep(Duration.millis(pollIntervalMs))
      }
    }
  })

/** Enqueues `visibility.changed` for the last closed day's significant changes (idempotent). */
export const detectVisibilityChanges = Effect.flatMap(VisibilityChanges, (changes) => changes.detect()).pipe(
  Effect.tap((found) => found > 0 ? Effect.logInfo(`${found} significant visibility change(s) of the last closed day`) : Effect.void),
  Effect.withSpan("Delivery.detectVisibilityChanges")
)

/** Deletes deliveries finished more than `WEBHOOKS_RETENTION_DAYS` ago. */
export const pruneFinished = (settings: WebhookSettings) =>
  Effect.flatMap(WebhookDeliveries, (deliveries) => deliveries.prune(settings.retentionDays)).pipe(
    Effect.tap((deleted) =>
      deleted > 0 ? Effect.logInfo(`deleted ${deleted} webhook deliveries finished more than ${settings.retentionDays} days ago`) : Effect.void
    )
  )

/**
 * The delivery lanes (`settings.concurrency` deliveries in flight at once in this process) and,
 * every `visibilityCheckIntervalMs`, the visibility-change detection and the pruning of old
 * finished deliveries. `once`: detects and prunes, then delivers what is due and returns.
 */
export const run = (settings: WebhookSettings, options: { readonly pollIntervalMs: number; readonly once: boolean }) => {
  const lanes = Array.from({ length: settings.concurrency }, () => lane(settings, options.pollIntervalMs, options.once))
  const housekeeping = Effect.zipRight(detectVisibilityChanges, pruneFinished(settings))
  if (options.once) {
    return Effect.zipRight(housekeeping, Effect.all(lanes, { concurrency: "unbounded", discard: true }))
  }
  const detection = surviving(housekeeping, 0).pipe(
    Effect.zipRight(Effect.sleep(Duration.millis(settings.visibilityCheckIntervalMs))),
    Effect.forever
  )
  return Effect.all([detection, ...lanes], { concurrency: "unbounded", discard: true })
}
