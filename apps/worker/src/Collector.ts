import * as SqlClient from "@effect/sql/SqlClient"
import { analyseResponse } from "@sightline/domain/analysis/ResponseAnalysis"
import { type EngineError, Engines, parseAnswer } from "@sightline/engines"
import { ActionPlans } from "@sightline/sql/ActionPlans"
import { ResponseStore } from "@sightline/sql/ResponseStore"
import { foldJournal } from "@sightline/sql/Rollups"
import { type ClaimedRun, idempotencyKey, Runs } from "@sightline/sql/Runs"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schedule from "effect/Schedule"
import type { WorkerSettings } from "./WorkerSettings.js"

/**
 * Collects one claimed run: ask the engine, parse its payload, analyse the answer, then store the
 * response and mark the run succeeded in ONE transaction (the idempotency key makes a repeat
 * harmless). Transient failures go back to the queue with a delay; terminal ones are recorded.
 * Interrupted (SIGTERM), the run is released for another worker.
 */
export const collect = (settings: WorkerSettings, run: ClaimedRun) =>
  Effect.gen(function*() {
    const runs = yield* Runs
    const engines = yield* Engines.Engines
    const store = yield* ResponseStore
    const sql = yield* SqlClient.SqlClient
    const worker = settings.workerId

    const engine = engines.get(run.engine)
    if (Option.isNone(engine)) {
      yield* Effect.logWarning(`skipping run ${run.runId}: engine ${run.engine} is not configured`)
      yield* runs.skip(run.runId, worker, { code: "engine_disabled", message: "the engine is not configured (its API key is not set)" })
      return
    }

    // Keep the lease while the engine works; a lost lease means another worker took the run over.
    yield* runs.heartbeat(run.runId, worker, settings.leaseSeconds).pipe(
      Effect.repeat(Schedule.spaced(Duration.seconds(Math.max(1, settings.leaseSeconds / 3)))),
      Effect.delay(Duration.seconds(Math.max(1, settings.leaseSeconds / 3))),
      Effect.forkScoped
    )

    const asked = yield* engine.value.ask({ prompt: run.prompt, countryCode: run.countryCode, languageCode: run.languageCode }).pipe(
      Effect.either
    )
    if (asked._tag === "Left") return yield* recordFailure(settings, run, asked.left)
    const result = asked.right

    const parsed = parseAnswer(run.engine, result.payload)
    if (parsed._tag === "NoAnswer") {
      yield* Effect.logInfo(`run ${run.runId}: ${run.engine} gave no answer (${parsed.reason})`)
      yield* runs.skip(run.runId, worker, { code: "no_answer", message: parsed.reason })
      return
    }

    const stored = yield* Effect.gen(function*() {
      const tracked = yield* store.trackedBrands(run.brandId)
      const analysis = yield* analyseResponse({ ...parsed, ...tracked })
      const collectedAt = new Date(yield* Effect.clockWith((clock) => clock.currentTimeMillis))
      return yield* sql.withTransaction(Effect.gen(function*() {
        const recorded = yield* store.record({
          idempotencyKey: idempotencyKey(run),
          promptId: run.promptId,
          engine: run.engine,
          model: result.model,
          collectedAt,
          markdown: parsed.markdown,
          text: parsed.text,
          payload: result.payload,
          analysis
        })
        const held = yield* runs.succeed(run.runId, worker, recorded.responseId)
        return { ...recorded, held }
      }))
    }).pipe(
      Effect.catchTags({
        BrandNotFound: () => Effect.succeed(undefined),
        PromptNotFound: () => Effect.succeed(undefined)
      }),
      Effect.catchTag("SqlError", Effect.die)
    )
    if (stored === undefined) {
      yield* runs.skip(run.runId, worker, { code: "prompt_deleted", message: "the prompt or its brand was deleted during the run" })
      return
    }
    // Fold the answer into the rollups now (Rollups.ts, foldJournal), batched with whatever else is
    // in the brand's journal. A failure loses nothing: the answer stays in the journal, and the next
    // fold or read of the brand takes it.
    yield* foldJournal({ brandId: run.brandId }).pipe(
      Effect.catchAllCause((cause) => Effect.logWarning(`run ${run.runId}: rollups not folded yet`, cause))
    )
    if (!stored.held) yield* Effect.logWarning(`run ${run.runId}: lease lost before completion; the answer is stored once`)
    yield* Effect.logInfo(
      `run ${run.runId}: stored response ${stored.responseId} for prompt ${run.promptId} on ${run.engine}${stored.created ? "" : " (already stored)"}`
    )
  }).pipe(
    Effect.scoped,
    Effect.onInterrupt(() =>
      Effect.flatMap(Runs, (runs) => runs.release(run.runId, settings.workerId)).pipe(
        Effect.tap(() => Effect.logInfo(`run ${run.runId}: released on shutdown`))
      )
    ),
    Effect.annotateLogs({ runId: run.runId, engine: run.engine, promptId: run.promptId }),
    Effect.withSpan("Worker.collect", { attributes: { runId: run.runId, engine: run.engine } })
  )

const recordFailure = (settings: WorkerSettings, run: ClaimedRun, error: EngineError) =>
  Effect.gen(function*() {
    const runs = yield* Runs
    const outcome = { code: error.code, message: error.message }
    if (error.retryable && run.attempts < settings.maxAttempts) {
      const delayMs = error.retryAfterMs ?? settings.retryDelayMs * 2 ** (run.attempts - 1)
      yield* Effect.logWarning(`run ${run.runId} failed (${error.code}), retrying in ${Math.round(delayMs / 1000)} s: ${error.message}`)
      yield* runs.retryLater(run.runId, settings.workerId, { ...outcome, delayMs })
    } else {
      yield* Effect.logError(`run ${run.runId} failed (${error.code}): ${error.message}`)
      yield* runs.fail(run.runId, settings.workerId, outcome)
    }
  })

/**
 * Refreshes the prompt's action plan once every run of its slot has finished (whichever worker
 * finishes last does it; doing it twice is harmless).
 */
export const refreshPlanIfSettled = (run: ClaimedRun) =>
  Effect.gen(function*() {
    const runs = yield* Runs
    if (!(yield* runs.slotSettled(run.promptId, run.slot))) return
    const saved = yield* (yield* ActionPlans).refresh(run.promptId)
    if (Option.isSome(saved)) yield* Effect.logInfo(`action plan ${saved.value} refreshed for prompt ${run.promptId}`)
  }).pipe(Effect.withSpan("Worker.refreshPlan"))
