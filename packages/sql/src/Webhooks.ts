import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { isWebhookEventType, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@sightline/domain/WebhookEvents"
import * as WebhookSecret from "@sightline/domain/WebhookSecret"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { InvalidValue, WebhookNotFound, WorkspaceNotFound } from "./AdminErrors.js"
import { exists, workspaceScope } from "./AdminValidation.js"

/**
 * Webhook subscriptions of a workspace (docs/webhooks.md), administered from the CLI. The URL's
 * reachability rules (no private targets) are checked by the caller before `add`, which only
 * stores; the secret is generated here and returned once by `add` and `rotateSecret`.
 */

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_HOURS = 24

export const WebhookListing = Schema.Struct({
  id: Schema.Number,
  workspaceId: Schema.Number,
  brandId: Schema.NullOr(Schema.Number),
  url: Schema.String,
  events: Schema.Array(Schema.String),
  secretHint: Schema.String,
  createdAt: Schema.DateFromSelf,
  pending: Schema.Number,
  failed: Schema.Number
})
export type WebhookListing = typeof WebhookListing.Type

/** A subscription as the sender needs it: where, and the secrets that sign. */
export const WebhookTarget = Schema.Struct({
  id: Schema.Number,
  workspaceId: Schema.Number,
  url: Schema.String,
  secrets: Schema.Array(Schema.String)
})
export type WebhookTarget = typeof WebhookTarget.Type

export const DeliveryListing = Schema.Struct({
  id: Schema.Number,
  webhookId: Schema.Number,
  messageId: Schema.String,
  eventType: Schema.String,
  status: Schema.Literal("pending", "delivered", "failed"),
  attempts: Schema.Number,
  lastStatus: Schema.NullOr(Schema.Number),
  lastError: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf,
  nextAttemptAt: Schema.NullOr(Schema.DateFromSelf),
  finishedAt: Schema.NullOr(Schema.DateFromSelf)
})
export type DeliveryListing = typeof DeliveryListing.Type

export interface AddWebhook {
  readonly workspaceId: number
  readonly url: string
  readonly events: ReadonlyArray<string>
  /** Only this brand's events (it must belong to the workspace). */
  readonly brandId?: number
}

/** Event names, deduplicated; each must be one of WEBHOOK_EVENT_TYPES, and at least one given. */
export const eventTypes = (names: ReadonlyArray<string>): Effect.Effect<ReadonlyArray<WebhookEventType>, InvalidValue> =>
  Effect.gen(function*() {
    const out: Array<WebhookEventType> = []
    for (const raw of names) {
      const name = raw.trim()
      if (!isWebhookEventType(name)) {
        return yield* new InvalidValue({
          field: "--events",
          reason: `unknown event ${JSON.stringify(name)}: expected one or more of ${WEBHOOK_EVENT_TYPES.join(", ")}.`
        })
      }
      if (!out.includes(name)) out.push(name)
    }
    if (out.length === 0) {
      return yield* new InvalidValue({ field: "--events", reason: `none given: expected one or more of ${WEBHOOK_EVENT_TYPES.join(", ")}.` })
    }
    return out
  })

const Created = Schema.Struct({ id: Schema.Number })
const Rotated = Schema.Struct({ id: Schema.Number, previousUntil: Schema.DateFromSelf })

export class Webhooks extends Effect.Service<Webhooks>()("@sightline/sql/Webhooks", {
  accessors: true,
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** Stores a subscription with a new secret; returns its id and the secret (shown once). */
    const add = Effect.fn("Webhooks.add")(function*(input: AddWebhook) {
      const events = yield* eventTypes(input.events)
      yield* workspaceScope(sql, input.workspaceId, input.brandId)
      const secret = WebhookSecret.generate()
      const [row] = yield* sql`
        INSERT INTO webhooks (workspace_id, brand_id, url, events, secret)
        VALUES (${input.workspaceId}, ${input.brandId ?? null}, ${input.url.trim()}, ${events}::text[], ${secret})
        RETURNING id`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(Created))), Effect.orDie)
      if (row === undefined) return yield* Effect.dieMessage("Webhooks.add: no row")
      return { id: row.id, secret, events }
    })

    const selectByWorkspace = SqlSchema.findAll({
      Request: Schema.Number,
      Result: WebhookListing,
      execute: (workspaceId) =>
        sql`
          SELECT w.id, w.workspace_id AS "workspaceId", w.brand_id AS "brandId", w.url, w.events,
                 left(w.secret, ${WebhookSecret.PREFIX.length + 4}) || '…' AS "secretHint", w.created_at AS "createdAt",
                 (SELECT count(*) FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.status = 'pending')::int AS pending,
                 (SELECT count(*) FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.status = 'failed')::int AS failed
          FROM webhooks w WHERE w.workspace_id = ${workspaceId} ORDER BY w.id`
    })

    const list = Effect.fn("Webhooks.list")(function*(workspaceId: number) {
      if (!(yield* exists(sql, "workspaces", workspaceId))) return yield* new WorkspaceNotFound({ workspaceId })
      return yield* Effect.orDie(selectByWorkspace(workspaceId))
    })

    /** Deletes a subscription and its deliveries (pending ones are not sent any more). */
    const remove = Effect.fn("Webhooks.remove")(function*(webhookId: number) {
      const rows = yield* Effect.orDie(sql`DELETE FROM webhooks WHERE id = ${webhookId} RETURNING id`)
      if (rows.length === 0) return yield* new WebhookNotFound({ webhookId })
    })

    /**
     * A new secret, returned once; the old one keeps signing beside it for PREVIOUS_SECRET_HOURS so
     * receivers can switch over without rejecting a delivery.
     */
    const rotateSecret = Effect.fn("Webhooks.rotateSecret")(function*(webhookId: number) {
      const secret = WebhookSecret.generate()
      const [row] = yield* sql`
        UPDATE webhooks
        SET previous_secret = secret, previous_secret_until = now() + make_interval(hours => ${PREVIOUS_SECRET_HOURS}),
            secret = ${secret}
        WHERE id = ${webhookId}
        RETURNING id, previous_secret_until AS "previousUntil"`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(Rotated))), Effect.orDie)
      if (row === undefined) return yield* new WebhookNotFound({ webhookId })
      return { id: row.id, secret, previousValidUntil: row.previousUntil }
    })

    const selectTarget = SqlSchema.findOne({
      Request: Schema.Number,
      Result: WebhookTarget,
      execute: (webhookId) =>
        sql`
          SELECT id, workspace_id AS "workspaceId", url,
                 CASE WHEN previous_secret IS NOT NULL AND previous_secret_until > now()
                      THEN ARRAY[secret, previous_secret] ELSE ARRAY[secret] END AS secrets
          FROM webhooks WHERE id = ${webhookId}`
    })

    /** Where a subscription sends, with its signing secrets. */
    const target = Effect.fn("Webhooks.target")(function*(webhookId: number) {
      const row = yield* Effect.orDie(selectTarget(webhookId))
      if (Option.isNone(row)) return yield* new WebhookNotFound({ webhookId })
      return row.value
    })

    /** Deliveries of a workspace's webhooks, newest first (`failedOnly`: the given-up ones). */
    const deliveries = Effect.fn("Webhooks.deliveries")(function*(options: {
      readonly workspaceId: number
      readonly webhookId?: number
      readonly failedOnly?: boolean
      readonly limit?: number
    }) {
      if (!(yield* exists(sql, "workspaces", options.workspaceId))) {
        return yield* new WorkspaceNotFound({ workspaceId: options.workspaceId })
      }
      const conditions = [
        sql`w.workspace_id = ${options.workspaceId}`,
        ...(options.webhookId === undefined ? [] : [sql`d.webhook_id = ${options.webhookId}`]),
        ...(options.failedOnly === true ? [sql`d.status = 'failed'`] : [])
      ]
      return yield* sql`
        SELECT d.id, d.webhook_id AS "webhookId", d.message_id AS "messageId", d.event_type AS "eventType", d.status,
               d.attempts, d.last_status AS "lastStatus", d.last_error AS "lastError", d.created_at AS "createdAt",
               CASE WHEN d.status = 'pending' THEN d.next_attempt_at END AS "nextAttemptAt", d.finished_at AS "finishedAt"
        FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
        WHERE ${sql.and(conditions)}
        ORDER BY d.created_at DESC, d.id DESC
        LIMIT ${options.limit ?? 50}`.pipe(
        Effect.flatMap(Schema.decodeUnknown(Schema.Array(DeliveryListing))),
        Effect.orDie
      )
    })

    return { add, list, remove, rotateSecret, target, deliveries } as const
  })
}) {}
