import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * Signed webhooks (docs/webhooks.md). `webhooks` are the subscriptions of a workspace, optionally
 * narrowed to one of its brands (the composite key keeps that brand inside the workspace). The
 * secret is kept as is: HMAC signing needs it; after a rotation the previous one signs too until
 * `previous_secret_until`, so receivers can switch without losing events.
 *
 * `webhook_deliveries` is the outbox: a row is written in the transaction that stores the fact it
 * reports, one per matching subscription, unique per (subscription, event key) so a fact is never
 * enqueued twice. `message_id` is the stable `webhook-id` of every attempt. The worker claims due
 * rows with FOR UPDATE SKIP LOCKED and pushes `next_attempt_at` past the request timeout while it
 * delivers, so a worker that dies mid-delivery leaves the row due again (at-least-once).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE webhooks (
      id                    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      workspace_id          bigint NOT NULL REFERENCES workspaces (id),
      brand_id              bigint,
      url                   text NOT NULL CHECK (url ~ '^https?://'),
      events                text[] NOT NULL CHECK (cardinality(events) > 0 AND events <@
        ARRAY['response.collected', 'run.failed', 'visibility.changed', 'action_plan.updated']),
      secret                text NOT NULL CHECK (secret LIKE 'whsec\\_%'),
      previous_secret       text,
      previous_secret_until timestamptz,
      created_at            timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (brand_id, workspace_id) REFERENCES brands (id, workspace_id) ON DELETE CASCADE
    )`
  yield* sql`CREATE INDEX webhooks_workspace ON webhooks (workspace_id)`

  yield* sql`
    CREATE TABLE webhook_deliveries (
      id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      webhook_id      bigint NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
      event_type      text NOT NULL,
      event_key       text NOT NULL,
      message_id      text NOT NULL UNIQUE DEFAULT 'msg_' || replace(gen_random_uuid()::text, '-', ''),
      payload         jsonb NOT NULL,
      status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempts        integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_attempt_at timestamptz,
      last_status     integer,
      last_error      text,
      created_at      timestamptz NOT NULL DEFAULT now(),
      finished_at     timestamptz,
      UNIQUE (webhook_id, event_key)
    )`
  yield* sql`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`
  yield* sql`CREATE INDEX webhook_deliveries_failed ON webhook_deliveries (webhook_id, finished_at DESC) WHERE status = 'failed'`
})
