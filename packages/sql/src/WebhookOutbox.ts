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

/**
 * The INSERT every event shares: one delivery per subscription matching the fact's brand, its
 * payload the event's envelope around `data`. `facts` is the FROM list, with the fact's brand row
 * as `b`; `where` picks the facts; `key` is the fact's event_key.
 */
const enqueue = (sql: SqlClient.SqlClient, event: {
  readonly type: WebhookEventType
  readonly key: Statement.Fragment
  readonly data: Statement.Fragment
  readonly facts: Statement.Fragment
  readonly brandId: Statement.Fragment
  readonly where: Statement.Fragment
}) =>
  sql`
    INSERT INTO webhook_deliveries (webhook_id, event_type, event_key, payload)
    SELECT w.id, ${event.type}::text, ${event.key}, ${envelope(sql, event.type, event.data)}
    FROM ${event.facts}
    ${matching(sql, event.type, event.brandId)}
    WHERE ${event.where}
    ON CONFLICT (webhook_id, event_key) DO NOTHING`

/** `response.collected` for the given new responses. */
export const responsesCollected = (sql: SqlClient.SqlClient, responseIds: ReadonlyArray<number>) =>
  enqueue(sql, {
    type: "response.collected",
    key: sql`'response.collected:' || r.id`,
    data: sql`jsonb_build_object(
      'workspace_id', b.workspace_id, 'brand_id', r.brand_id, 'prompt_id', r.prompt_id, 'response_id', r.id,
      'ai_model', r.engine, 'model', r.model, 'collected_at', ${isoTimestamp(sql, sql`r.collected_at`)},
      'brand_mentioned', r.brand_mentioned, 'brand_position', r.brand_position, 'brand_sentiment', r.brand_sentiment,
      'competitors_mentioned', coalesce(
        (SELECT jsonb_agg(m.competitor_id ORDER BY m.competitor_id) FROM response_mentions m WHERE m.response_id = r.id),
        '[]'::jsonb))`,
    facts: sql`responses r JOIN brands b ON b.id = r.brand_id`,
    brandId: sql`r.brand_id`,
    where: sql`r.id = ANY(${responseIds}::bigint[])`
  })

/**
 * `run.failed` for the runs `failed` names: a CTE (or table) of prompt_runs rows that have just
 * been marked failed. Use it as a data-modifying CTE of the statement that fails them.
 */
export const runsFailed = (sql: SqlClient.SqlClient, failed: Statement.Fragment) =>
  enqueue(sql, {
    type: "run.failed",
    key: sql`'run.failed:' || f.id`,
    data: sql`jsonb_build_object(
      'workspace_id', b.workspace_id, 'brand_id', p.brand_id, 'prompt_id', f.prompt_id, 'run_id', f.id,
      'ai_model', f.engine, 'slot', ${isoTimestamp(sql, sql`f.slot`)}, 'attempts', f.attempts,
      'error_code', f.error_code, 'error_message', f.error_message,
      'failed_at', ${isoTimestamp(sql, sql`f.finished_at`)})`,
    facts: sql`${failed} f JOIN prompts p ON p.id = f.prompt_id JOIN brands b ON b.id = p.brand_id`,
    brandId: sql`p.brand_id`,
    where: sql`TRUE`
  })

/** `action_plan.updated` for one plan as it now stands (its actions written). */
export const actionPlanUpdated = (sql: SqlClient.SqlClient, planId: number) =>
  enqueue(sql, {
    type: "action_plan.updated",
    key: sql`'action_plan.updated:' || a.id || ':' || ${isoTimestamp(sql, sql`a.generated_at`)}`,
    data: sql`jsonb_build_object(
      'workspace_id', b.workspace_id, 'brand_id', a.brand_id, 'prompt_id', a.prompt_id, 'action_plan_id', a.id,
      'generated_at', ${isoTimestamp(sql, sql`a.generated_at`)}, 'insights_summary', a.insights_summary,
      'actions', coalesce(
        (SELECT jsonb_agg(jsonb_build_object('title', x.title, 'priority', x.priority, 'category', x.category)
                          ORDER BY x.ordinal)
         FROM actions x WHERE x.action_plan_id = a.id),
        '[]'::jsonb))`,
    facts: sql`action_plans a JOIN brands b ON b.id = a.brand_id`,
    brandId: sql`a.brand_id`,
    where: sql`a.id = ${planId}`
  })

/** One significant visibility change, to every subscription of the brand's workspace. */
export const visibilityChanged = (
  sql: SqlClient.SqlClient,
  change: { readonly brandId: number; readonly eventKey: string; readonly data: unknown }
) =>
  enqueue(sql, {
    type: "visibility.changed",
    key: sql`${change.eventKey}`,
    data: sql`jsonb_set(${JSON.stringify(change.data)}::jsonb, '{workspace_id}', to_jsonb(b.workspace_id))`,
    facts: sql`brands b`,
    brandId: sql`b.id`,
    where: sql`b.id = ${change.brandId}`
  })
