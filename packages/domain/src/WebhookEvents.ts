import * as Schema from "effect/Schema"
import { AiModel } from "./AiModel.js"

/**
 * The events Sightline sends to webhooks (docs/webhooks.md). Every delivery body is one envelope
 * `{ type, timestamp, data }` as the Standard Webhooks specification recommends; `data` depends on
 * `type`. The bodies are written in SQL when the fact is stored (the outbox); these schemas are the
 * contract receivers decode them with, and the tests hold the SQL to them.
 */

export const WEBHOOK_EVENT_TYPES = ["response.collected", "run.failed", "visibility.changed", "action_plan.updated"] as const

export const WebhookEventType = Schema.Literal(...WEBHOOK_EVENT_TYPES)
export type WebhookEventType = typeof WebhookEventType.Type

export const isWebhookEventType = Schema.is(WebhookEventType)

/** The event `webhooks test` sends; never enqueued, never subscribed to. */
export const TEST_EVENT_TYPE = "webhook.test"

const Timestamp = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/))
const Day = Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/))
const Id = Schema.Number.pipe(Schema.int(), Schema.positive())

export const ResponseCollected = Schema.Struct({
  workspace_id: Id,
  brand_id: Id,
  prompt_id: Id,
  response_id: Id,
  ai_model: AiModel,
  model: Schema.NullOr(Schema.String),
  collected_at: Timestamp,
  brand_mentioned: Schema.Boolean,
  brand_position: Schema.NullOr(Schema.Number),
  brand_sentiment: Schema.NullOr(Schema.Number),
  /** Competitors named in the answer, by id. */
  competitors_mentioned: Schema.Array(Id)
})

export const RunFailed = Schema.Struct({
  workspace_id: Id,
  brand_id: Id,
  prompt_id: Id,
  run_id: Id,
  ai_model: AiModel,
  /** The scheduled slot the run belonged to. */
  slot: Timestamp,
  attempts: Schema.Number,
  error_code: Schema.String,
  error_message: Schema.String,
  failed_at: Timestamp
})

/** One side of a visibility comparison: `successes` of `trials`, and the rate in percent. */
export const VisibilityPeriod = Schema.Struct({
  date: Day,
  successes: Schema.Number,
  trials: Schema.Number,
  value: Schema.Number
})

export const VisibilityMetric = Schema.Literal("visibility", "share_of_voice")
export type VisibilityMetric = typeof VisibilityMetric.Type

export const VisibilityChanged = Schema.Struct({
  workspace_id: Id,
  brand_id: Id,
  /** Null for the brand as a whole; the prompt's id for one prompt's figure. */
  prompt_id: Schema.NullOr(Id),
  metric: VisibilityMetric,
  direction: Schema.Literal("up", "down"),
  /** The closed UTC day. */
  current: VisibilityPeriod,
  /** The UTC day before it. */
  previous: VisibilityPeriod,
  /** current.value - previous.value, in percentage points. */
  change: Schema.Number,
  /** The pooled two-proportion z statistic (|z| >= 1.96). */
  z: Schema.Number
})

export const ActionPlanUpdated = Schema.Struct({
  workspace_id: Id,
  brand_id: Id,
  prompt_id: Id,
  action_plan_id: Id,
  generated_at: Timestamp,
  insights_summary: Schema.String,
  actions: Schema.Array(Schema.Struct({
    title: Schema.String,
    priority: Schema.Literal("high", "medium", "low"),
    category: Schema.String
  }))
})

const envelope = <T extends string, D extends Schema.Schema.Any>(type: T, data: D) =>
  Schema.Struct({ type: Schema.Literal(type), timestamp: Timestamp, data })

/** A delivery body, decoded by `type`. */
export const WebhookEvent = Schema.Union(
  envelope("response.collected", ResponseCollected),
  envelope("run.failed", RunFailed),
  envelope("visibility.changed", VisibilityChanged),
  envelope("action_plan.updated", ActionPlanUpdated),
  envelope(TEST_EVENT_TYPE, Schema.Struct({ webhook_id: Id, message: Schema.String }))
)
export type WebhookEvent = typeof WebhookEvent.Type
