import * as SqlClient from "@effect/sql/SqlClient"
import { AiModel } from "@sightline/domain/AiModel"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { runsFailed } from "./WebhookOutbox.js"

/**
 * The collection queue: one `prompt_runs` row per (prompt, engine, scheduled slot), claimed with a
 * lease under `FOR UPDATE SKIP LOCKED`. The unique (prompt_id, engine, slot) key makes a slot run at
 * most once however many workers schedule it; a run whose lease expired (its worker died) is
 * claimable again; results are stored under the idempotency key `run:<prompt>:<engine>:<slot ISO>`,
 * so a takeover never stores an answer twice. Every state change is guarded by the worker id, so a
 * worker that lost its lease cannot overwrite the new holder's state.
 */

export const RunStatus = Schema.Literal("pending", "running", "succeeded", "failed", "skipped")
export type RunStatus = typeof RunStatus.Type

export const ClaimedRun = Schema.Struct({
  runId: Schema.Number,
  promptId: Schema.Number,
  brandId: Schema.Number,
  engine: AiModel,
  slot: Schema.DateFromSelf,
  attempts: Schema.Number,
  prompt: Schema.String,
  countryCode: Schema.String,
  languageCode: Schema.String
})
export type ClaimedRun = typeof ClaimedRun.Type

export const RunRow = Schema.Struct({
  id: Schema.Number,
  promptId: Schema.Number,
  brandId: Schema.Number,
  engine: AiModel,
  slot: Schema.DateFromSelf,
  status: RunStatus,
  attempts: Schema.Number,
  workerId: Schema.NullOr(Schema.String),
  responseId: Schema.NullOr(Schema.Number),
  errorCode: Schema.NullOr(Schema.String),
  errorMessage: Schema.NullOr(Schema.String),
  createdAt: Schema.DateFromSelf,
  startedAt: Schema.NullOr(Schema.DateFromSelf),
  finishedAt: Schema.NullOr(Schema.DateFromSelf),
  availableAt: Schema.DateFromSelf
})
export type RunRow = typeof RunRow.Type

/** The idempotency key of the response a run stores. */
export const idempotencyKey = (run: { readonly promptId: number; readonly engine: AiModel; readonly slot: Date }): string =>
  `run:${run.promptId}:${run.engine}:${run.slot.toISOString()}`

const Skipped = Schema.Struct({ runId: Schema.Number, promptId: Schema.Number, engine: AiModel })
const Count = Schema.Struct({ count: Schema.Number })
const Scheduled = Schema.Struct({ count: Schema.Number, advanced: Schema.Number })
const decodeRows = <A, I>(schema: Schema.Schema<A, I>) => (rows: ReadonlyArray<unknown>) =>
  Schema.decodeUnknown(Schema.Array(schema))(rows)

export interface Outcome {
  readonly code: string
  readonly message: string
}

export class Runs extends Effect.Service<Runs>()("@sightline/sql/Runs", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /**
     * Creates the runs of every due prompt (one per engine, slot = its next_run_at) and advances
     * next_run_at by whole intervals past now, in one statement: a slot missed while no worker ran
     * is not back-filled. Prompts another worker is scheduling are skipped, not waited for. Slots
     * keep millisecond precision, as JavaScript dates (and the idempotency key) do.
     * With `enabled` (the engines this worker can call), a prompt none of whose engines is enabled
     * is left due rather than moved on: it runs as soon as one of its engines is configured, instead
     * of its slot being spent on skipped runs.
     */
    const scheduleDue = Effect.fn("Runs.scheduleDue")(function*(
      options: { readonly limit?: number; readonly enabled?: ReadonlyArray<AiModel> } = {}
    ) {
      const runnable = options.enabled === undefined ? sql`true` : sql`engines && ${options.enabled}::text[]`
      const rows = yield* sql`
        WITH due AS (
          SELECT id, engines, next_run_at, interval_seconds FROM prompts
          WHERE active AND next_run_at <= now() AND ${runnable}
          ORDER BY next_run_at
          LIMIT ${options.limit ?? 1000}
          FOR UPDATE SKIP LOCKED
        ), created AS (
          INSERT INTO prompt_runs (prompt_id, engine, slot)
          SELECT due.id, engine, date_trunc('milliseconds', due.next_run_at) FROM due, unnest(due.engines) AS engine
          ON CONFLICT (prompt_id, engine, slot) DO NOTHING
          RETURNING 1
        ), advanced AS (
          UPDATE prompts p
          SET next_run_at = due.next_run_at + make_interval(secs => due.interval_seconds *
            (floor(extract(epoch FROM now() - due.next_run_at) / due.interval_seconds) + 1))
          FROM due WHERE p.id = due.id
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM created)::int AS count, (SELECT count(*) FROM advanced)::int AS advanced`.pipe(
        Effect.flatMap(decodeRows(Scheduled)),
        Effect.orDie
      )
      return { runsCreated: rows[0]?.count ?? 0, promptsAdvanced: rows[0]?.advanced ?? 0 }
    })

    /** Active prompts that are due but wait for one of their engines to be configured. */
    const countWaiting = Effect.fn("Runs.countWaiting")(function*(enabled: ReadonlyArray<AiModel>) {
      const rows = yield* sql`
        SELECT count(*)::int AS count FROM prompts
        WHERE active AND next_run_at <= now() AND NOT (engines && ${enabled}::text[])`.pipe(
        Effect.flatMap(decodeRows(Count)),
        Effect.orDie
      )
      return rows[0]?.count ?? 0
    })

    /**
     * Gives back the runs of the current slot that were skipped because their engine was not
     * configured, for the engines that now are: a key set after a worker skipped them is used at
     * once, not a whole interval later. Only the prompt's latest scheduled slot counts (older ones
     * stay skipped, as missed slots are not back-filled), and only while the prompt is active.
     */
    const reviveSkipped = Effect.fn("Runs.reviveSkipped")(function*(enabled: ReadonlyArray<AiModel>) {
      return yield* sql`
        UPDATE prompt_runs r
        SET status = 'pending', error_code = NULL, error_message = NULL, finished_at = NULL, worker_id = NULL,
            available_at = now()
        FROM prompts p
        WHERE p.id = r.prompt_id AND p.active AND r.status = 'skipped' AND r.error_code = 'engine_disabled'
          AND r.engine = ANY(${enabled}::text[])
          AND NOT EXISTS (SELECT 1 FROM prompt_runs later WHERE later.prompt_id = r.prompt_id AND later.slot > r.slot)
        RETURNING r.id AS "runId", r.prompt_id AS "promptId", r.engine`.pipe(Effect.flatMap(decodeRows(Skipped)), Effect.orDie)
    })

    /** Marks pending runs of engines this worker cannot call as skipped (a log line, not a failure). */
    const skipDisabled = Effect.fn("Runs.skipDisabled")(function*(enabled: ReadonlyArray<AiModel>) {
      return yield* sql`
        UPDATE prompt_runs
        SET status = 'skipped', error_code = 'engine_disabled', finished_at = now(), lease_until = NULL,
            error_message = 'the engine is not configured (its API key is not set)'
        WHERE status = 'pending' AND NOT (engine = ANY(${enabled}::text[]))
        RETURNING id AS "runId", prompt_id AS "promptId", engine`.pipe(Effect.flatMap(decodeRows(Skipped)), Effect.orDie)
    })

    /**
     * Claims the oldest claimable run of an engine: pending and available, or running with an
     * expired lease (its worker died). A run taken over `maxAttempts` times is failed instead, so a
     * run that kills its worker cannot loop forever.
     */
    const claim = Effect.fn("Runs.claim")(function*(options: {
      readonly workerId: string
      readonly engine: AiModel
      readonly leaseSeconds: number
      readonly maxAttempts: number
    }) {
      yield* sql`
        WITH failed AS (
          UPDATE prompt_runs
          SET status = 'failed', error_code = 'abandoned', finished_at = now(), lease_until = NULL,
              error_message = 'the run was abandoned: its worker stopped ' || attempts || ' times while holding it'
          WHERE engine = ${options.engine} AND status = 'running' AND lease_until < now()
            AND attempts >= ${options.maxAttempts}
          RETURNING *
        ), queued AS (${runsFailed(sql, sql`failed`)})
        SELECT count(*) FROM failed`.pipe(Effect.orDie)
      const rows = yield* sql`
        WITH candidate AS (
          SELECT id FROM prompt_runs
          WHERE engine = ${options.engine} AND available_at <= now()
            AND (status = 'pending' OR (status = 'running' AND lease_until < now()))
          ORDER BY slot, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        UPDATE prompt_runs r
        SET status = 'running', worker_id = ${options.workerId}, attempts = r.attempts + 1,
            lease_until = now() + make_interval(secs => ${options.leaseSeconds}), started_at = now(),
            error_code = NULL, error_message = NULL
        FROM candidate, prompts p, brands b
        WHERE r.id = candidate.id AND p.id = r.prompt_id AND b.id = p.brand_id
        RETURNING r.id AS "runId", r.prompt_id AS "promptId", p.brand_id AS "brandId", r.engine, r.slot,
                  r.attempts, p.text AS prompt, b.country_code AS "countryCode", b.language_code AS "languageCode"`.pipe(
        Effect.flatMap(decodeRows(ClaimedRun)),
        Effect.orDie
      )
      return Option.fromNullable(rows[0])
    })

    const Updated = Schema.Struct({ id: Schema.Number })
    const guarded = (update: Effect.Effect<ReadonlyArray<unknown>, unknown>) =>
      update.pipe(
        Effect.flatMap(decodeRows(Updated)),
        Effect.map((rows) => rows.length > 0),
        Effect.orDie
      )

    /** Extends the lease while the run is being worked on; false when the lease was lost. */
    const heartbeat = (runId: number, workerId: string, leaseSeconds: number) =>
      guarded(sql`
        UPDATE prompt_runs SET lease_until = now() + make_interval(secs => ${leaseSeconds})
        WHERE id = ${runId} AND worker_id = ${workerId} AND status = 'running'
        RETURNING id`)

    /** The run stored its answer (call inside the transaction that stored it). */
    const succeed = (runId: number, workerId: string, responseId: number) =>
      guarded(sql`
        UPDATE prompt_runs
        SET status = 'succeeded', response_id = ${responseId}, finished_at = now(), lease_until = NULL,
            error_code = NULL, error_message = NULL
        WHERE id = ${runId} AND worker_id = ${workerId} AND status = 'running'
        RETURNING id`)

    const finishing = (status: "skipped" | "failed", runId: number, workerId: string, outcome: Outcome) =>
      sql`
        UPDATE prompt_runs
        SET status = ${status}, error_code = ${outcome.code}, error_message = ${outcome.message},
            finished_at = now(), lease_until = NULL
        WHERE id = ${runId} AND worker_id = ${workerId} AND status = 'running'
        RETURNING *`

    /** Nothing to store (the engine had no answer, or the prompt went away). */
    const skip = (runId: number, workerId: string, outcome: Outcome) =>
      guarded(finishing("skipped", runId, workerId, outcome))

    /**
     * A terminal failure, kept for admins (`runs list --failed`); `run.failed` is enqueued for the
     * matching webhooks in the same statement.
     */
    const fail = (runId: number, workerId: string, outcome: Outcome) =>
      guarded(sql`
        WITH failed AS (${finishing("failed", runId, workerId, outcome)}),
        queued AS (${runsFailed(sql, sql`failed`)})
        SELECT id FROM failed`)

    /** A transient failure: back to pending, claimable again after `delayMs`. The error stays visible. */
    const retryLater = (runId: number, workerId: string, outcome: Outcome & { readonly delayMs: number }) =>
      guarded(sql`
        UPDATE prompt_runs
        SET status = 'pending', error_code = ${outcome.code}, error_message = ${outcome.message},
            worker_id = NULL, lease_until = NULL,
            available_at = now() + make_interval(secs => ${outcome.delayMs / 1000})
        WHERE id = ${runId} AND worker_id = ${workerId} AND status = 'running'
        RETURNING id`)

    /** Gives an unfinished run back (shutdown): pending at once, and this attempt does not count. */
    const release = (runId: number, workerId: string) =>
      guarded(sql`
        UPDATE prompt_runs
        SET status = 'pending', worker_id = NULL, lease_until = NULL, attempts = greatest(attempts - 1, 0)
        WHERE id = ${runId} AND worker_id = ${workerId} AND status = 'running'
        RETURNING id`)

    /** True when no run of this prompt's slot is still pending or running. */
    const slotSettled = (promptId: number, slot: Date) =>
      sql`
        SELECT count(*)::int AS count FROM prompt_runs
        WHERE prompt_id = ${promptId} AND slot = ${slot} AND status IN ('pending', 'running')`.pipe(
        Effect.flatMap(decodeRows(Count)),
        Effect.map((rows) => (rows[0]?.count ?? 0) === 0),
        Effect.orDie
      )

    /** Runs, newest first, for admins. */
    const list = Effect.fn("Runs.list")(function*(options: {
      readonly failedOnly?: boolean
      readonly brandId?: number
      readonly status?: RunStatus
      readonly limit?: number
    } = {}) {
      const conditions = [
        ...(options.failedOnly === true ? [sql`r.status = 'failed'`] : []),
        ...(options.status === undefined ? [] : [sql`r.status = ${options.status}`]),
        ...(options.brandId === undefined ? [] : [sql`p.brand_id = ${options.brandId}`])
      ]
      return yield* sql`
        SELECT r.id, r.prompt_id AS "promptId", p.brand_id AS "brandId", r.engine, r.slot, r.status, r.attempts,
               r.worker_id AS "workerId", r.response_id AS "responseId", r.error_code AS "errorCode",
               r.error_message AS "errorMessage", r.created_at AS "createdAt", r.started_at AS "startedAt",
               r.finished_at AS "finishedAt", r.available_at AS "availableAt"
        FROM prompt_runs r JOIN prompts p ON p.id = r.prompt_id
        WHERE ${sql.and(conditions)}
        ORDER BY coalesce(r.finished_at, r.created_at) DESC, r.id DESC
        LIMIT ${options.limit ?? 50}`.pipe(Effect.flatMap(decodeRows(RunRow)), Effect.orDie)
    })

    return { scheduleDue, countWaiting, reviveSkipped, skipDisabled, claim, heartbeat, succeed, skip, fail, retryLater, release, slotSettled, list } as const
  })
}) {}
