import type * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import type { WebhookEventType } from "@sightline/domain/WebhookEvents"

/**
 * The write side of the webhook outbox (docs/webhooks.md): statements that enqueue one delivery per
 * subscription matching a fact, meant to run inside the transaction (or the very statement) that
 * stores the fact. A subscription matches when it belongs to the fact's workspace, subscribes to the
 * event, and has no brand filter or the fact's brand. No matching subscription: nothing is written.
 * `event_key` names the fact; with the unique (webhook_id, event_key) key a fact is enqueued at most
 * once per subscription, however often its write is retried.
 */

/** An ISO 8601 UTC timestamp with milliseconds, as JavaScript writes them. */
export const isoTimestamp = (sql: SqlClient.SqlClient, expression: Statement.Fragment): Statement.Fragment =>
  sql`to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** Subscriptions of `type` in the workspace of `b` (the fact's brand row) with no brand filter or `brandId`'s. */
const matching = (sql: SqlClient.SqlClient, type: WebhookEventType, brandId: Statement.Fragment) =>
  sql`JOIN webhooks w ON w.workspace_id = b.workspace_id AND (w.brand_id IS NULL OR w.brand_id = ${brandId})
      AND ${type} = ANY(w.events)`

/**
 * Whether any webhook subscribes to `type` for the brand `brandId` (a column of the row being
 * written): returned by the fact's own INSERT, so a write nobody subscribes to costs no outbox
 * statement at all.
 */
export const subscribed = (sql: SqlClient.SqlClient, type: WebhookEventType, brandId: Statement.Fragment) =>
  sql`EXISTS (
    SELECT 1 FROM webhooks w JOIN brands b ON b.workspace_id = w.workspace_id
    WHERE b.id = ${brandId} AND (w.brand_id IS NULL OR w.brand_id = ${brandId}) AND ${type} = ANY(w.events))`

const envelope = (sql: SqlClient.SqlClient, type: WebhookEventType, data: Statement.Fragment) =>
  sql`jsonb_build_object('type', ${type}::text, 'timestamp', ${isoTimestamp(sql, sql`now()`)}, 'data', ${data})`

/** `response.collected` for the given new responses. */
export const responsesCollected = (sql: SqlClient.SqlClient, responseIds: ReadonlyArray<number>) =>
  sql`
    INSERT INTO webhook_deliveries (webhook_id, event_type, event_key, payload)
    SELECT w.id, 'response.collected', 'response.collected:' || r.id, ${
    envelope(
      sql,
      "response.collected",
      sql`jsonb_build_object(
        'workspace_id', b.workspace_id, 'brand_id', r.brand_id, 'prompt_id', r.prompt_id, 'response_id', r.id,
        'ai_model', r.engine, 'model', r.model, 'collected_at', ${isoTimestamp(sql, sql`r.collected_at`)},
        'brand_mentioned', r.brand_mentioned, 'brand_position', r.brand_position, 'brand_sentiment', r.brand_sentiment,
        'competitors_mentioned', coalesce(
          (SELECT jsonb_agg(m.competitor_id ORDER BY m.competitor_id) FROM response_mentions m WHERE m.response_id = r.id),
          '[]'::jsonb))`
    )
  }
    FROM responses r
    JOIN brands b ON b.id = r.brand_id
    ${matching(sql, "response.collected", sql`r.brand_id`)}
    WHERE r.id = ANY(${responseIds}::bigint[])
    ON CONFLICT (webhook_id, event_key) DO NOTHING`

/**
 * `run.failed` for the runs `failed` names: a CTE (or table) of prompt_runs rows that have just
 * been marked failed. Use it as a data-modifying CTE of the statement that fails them.
 */
export const runsFailed = (sql: SqlClient.SqlClient, failed: Statement.Fragment) =>
  sql`
    INSERT INTO webhook_deliveries (webhook_id, event_type, event_key, payload)
    SELECT w.id, 'run.failed', 'run.failed:' || f.id, ${
    envelope(
      sql,
      "run.failed",
      sql`jsonb_build_object(
        'workspace_id', b.workspace_id, 'brand_id', p.brand_id, 'prompt_id', f.prompt_id, 'run_id', f.id,
        'ai_model', f.engine, 'slot', ${isoTimestamp(sql, sql`f.slot`)}, 'attempts', f.attempts,
        'error_code', f.error_code, 'error_message', f.error_message,
        'failed_at', ${isoTimestamp(sql, sql`f.finished_at`)})`
    )
  }
    FROM ${failed} f
    JOIN prompts p ON p.id = f.prompt_id
    JOIN brands b ON b.id = p.brand_id
    ${matching(sql, "run.failed", sql`p.brand_id`)}
    ON CONFLICT (webhook_id, event_key) DO NOTHING`

/** `action_plan.updated` for one plan as it now stands (its actions written). */
export const actionPlanUpdated = (sql: SqlClient.SqlClient, planId: number) =>
  sql`
    INSERT INTO webhook_deliveries (webhook_id, event_type, event_key, payload)
    SELECT w.id, 'action_plan.updated', 'action_plan.updated:' || a.id || ':' || ${
    isoTimestamp(sql, sql`a.generated_at`)
  }, ${
    envelope(
      sql,
      "action_plan.updated",
      sql`jsonb_build_object(
        'workspace_id', b.workspace_id, 'brand_id', a.brand_id, 'prompt_id', a.prompt_id, 'action_plan_id', a.id,
        'generated_at', ${isoTimestamp(sql, sql`a.generated_at`)}, 'insights_summary', a.insights_summary,
        'actions', coalesce(
          (SELECT jsonb_agg(jsonb_build_object('title', x.title, 'priority', x.priority, 'category', x.category)
                            ORDER BY x.ordinal)
           FROM actions x WHERE x.action_plan_id = a.id),
          '[]'::jsonb))`
    )
  }
    FROM action_plans a
    JOIN brands b ON b.id = a.brand_id
    ${matching(sql, "action_plan.updated", sql`a.brand_id`)}
    WHERE a.id = ${planId}
    ON CONFLICT (webhook_id, event_key) DO NOTHING`

/** One significant visibility change, to every subscription of the brand's workspace. */
export const visibilityChanged = (
  sql: SqlClient.SqlClient,
  change: { readonly brandId: number; readonly eventKey: string; readonly data: unknown }
) =>
  sql`
    INSERT INTO webhook_deliveries (webhook_id, event_type, event_key, payload)
    SELECT w.id, 'visibility.changed', ${change.eventKey}, ${
    envelope(sql, "visibility.changed", sql`jsonb_set(${JSON.stringify(change.data)}::jsonb, '{workspace_id}', to_jsonb(b.workspace_id))`)
  }
    FROM brands b
    ${matching(sql, "visibility.changed", sql`b.id`)}
    WHERE b.id = ${change.brandId}
    ON CONFLICT (webhook_id, event_key) DO NOTHING`
