import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { decodeRows } from "./read/Query.js"

/**
 * The worker side of the webhook outbox (written by WebhookOutbox). A due delivery is claimed with
 * FOR UPDATE SKIP LOCKED (concurrent workers never take the same one) by moving `next_attempt_at`
 * past the attempt's time limit: while one worker sends, nobody else sees it due, and if that worker
 * dies the row simply becomes due again, with the same `message_id` (at-least-once). Settling an
 * attempt is guarded by its attempt number, so a worker that was too slow cannot overwrite a later
 * attempt's outcome.
 */

export const ClaimedDelivery = Schema.Struct({
  id: Schema.Number,
  webhookId: Schema.Number,
  messageId: Schema.String,
  eventType: Schema.String,
  body: Schema.String,
  /** This attempt's number (1 for the first). */
  attempt: Schema.Number,
  /** Since the delivery was enqueued, by the database clock. */
  ageMs: Schema.Number,
  url: Schema.String,
  secrets: Schema.Array(Schema.String)
})
export type ClaimedDelivery = typeof ClaimedDelivery.Type

const Updated = Schema.Struct({ id: Schema.Number })

const PRUNE_BATCH = 1000

export class WebhookDeliveries extends Effect.Service<WebhookDeliveries>()("@sightline/sql/WebhookDeliveries", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** Claims the most overdue delivery, holding it for `leaseMs` (at least the attempt's timeout). */
    const claim = Effect.fn("WebhookDeliveries.claim")(function*(leaseMs: number) {
      const rows = yield* sql`
        WITH due AS (
          SELECT id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        UPDATE webhook_deliveries d
        SET attempts = d.attempts + 1, last_attempt_at = now(),
            next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
        FROM due, webhooks w
        WHERE d.id = due.id AND w.id = d.webhook_id
        RETURNING d.id, d.webhook_id AS "webhookId", d.message_id AS "messageId", d.event_type AS "eventType",
                  d.payload::text AS body, d.attempts AS attempt,
                  (extract(epoch FROM now() - d.created_at) * 1000)::float8 AS "ageMs", w.url,
                  CASE WHEN w.previous_secret IS NOT NULL AND w.previous_secret_until > now()
                       THEN ARRAY[w.secret, w.previous_secret] ELSE ARRAY[w.secret] END AS secrets`.pipe(
        Effect.flatMap(decodeRows(ClaimedDelivery)),
        Effect.orDie
      )
      return Option.fromNullable(rows[0])
    })

    const settle = (delivery: ClaimedDelivery, changes: Statement.Fragment) =>
      sql`
        UPDATE webhook_deliveries SET ${changes}
        WHERE id = ${delivery.id} AND attempts = ${delivery.attempt} AND status = 'pending'
        RETURNING id`.pipe(
        Effect.flatMap(decodeRows(Updated)),
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      )

    /** The receiver answered 2xx. False when the attempt was no longer this worker's. */
    const delivered = (delivery: ClaimedDelivery, status: number | null) =>
      settle(delivery, sql`status = 'delivered', last_status = ${status}, last_error = NULL, finished_at = now()`)

    /** A failed attempt; tried again after `delayMs`. */
    const retryLater = (delivery: ClaimedDelivery, outcome: { readonly status: number | null; readonly error: string | null; readonly delayMs: number }) =>
      settle(
        delivery,
        sql`last_status = ${outcome.status}, last_error = ${outcome.error},
            next_attempt_at = now() + make_interval(secs => ${outcome.delayMs / 1000})`
      )

    /** The last attempt failed (the retry window is over, or the target is refused): given up. */
    const failed = (delivery: ClaimedDelivery, outcome: { readonly status: number | null; readonly error: string | null }) =>
      settle(delivery, sql`status = 'failed', last_status = ${outcome.status}, last_error = ${outcome.error}, finished_at = now()`)

    /** Gives an unfinished attempt back (shutdown): due again at once, and it does not count. */
    const release = (delivery: ClaimedDelivery) => settle(delivery, sql`next_attempt_at = now(), attempts = attempts - 1`)

    /**
     * Deletes deliveries that finished (delivered or failed) more than `retentionDays` ago, a
     * thousand rows a statement so a large backlog never holds long locks. Pending ones are never
     * touched. Returns how many went.
     */
    const prune = Effect.fn("WebhookDeliveries.prune")(function*(retentionDays: number) {
      let deleted = 0
      for (;;) {
        const rows = yield* sql`
          DELETE FROM webhook_deliveries WHERE id IN (
            SELECT id FROM webhook_deliveries
            WHERE status <> 'pending' AND finished_at < now() - make_interval(days => ${retentionDays})
            LIMIT ${PRUNE_BATCH})
          RETURNING id`.pipe(Effect.flatMap(decodeRows(Updated)), Effect.orDie)
        deleted += rows.length
        if (rows.length < PRUNE_BATCH) return deleted
      }
    })

    return { claim, delivered, retryLater, failed, release, prune } as const
  })
}) {}
