import type { AiModel } from "@sightline/domain/AiModel"
import { Engines } from "@sightline/engines"
import { type ClaimedRun, Runs } from "@sightline/sql/Runs"
import * as Cause from "effect/Cause"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { collect, refreshPlanIfSettled } from "./Collector.js"
import type { WorkerSettings } from "./WorkerSettings.js"

const SCHEDULE_BATCH = 1000

/** Creates runs for every due prompt (in batches) and skips queued runs of unconfigured engines. */
export const scheduleDue = Effect.gen(function*() {
  const runs = yield* Runs
  const engines = yield* Engines.Engines
  let created = 0
  for (;;) {
    const batch = yield* runs.scheduleDue({ limit: SCHEDULE_BATCH, enabled: engines.enabled })
    created += batch.runsCreated
    if (batch.promptsAdvanced < SCHEDULE_BATCH) break
  }
  const skipped = yield* runs.skipDisabled(engines.enabled)
  for (const run of skipped) {
    yield* Effect.logWarning(`skipped run ${run.runId} (prompt ${run.promptId}): engine ${run.engine} is not configured`)
  }
  if (created > 0) yield* Effect.logInfo(`scheduled ${created} runs`)
  return created
}).pipe(Effect.withSpan("Worker.scheduleDue"))

/**
 * A failure that is not an interruption (typically the database being away: a restart, a dropped
 * connection) is logged and survived; the loop tries again after its poll interval.
 */
const surviving = <A, E, R>(what: string, fallback: A) => (effect: Effect.Effect<A, E, R>) =>
  Effect.catchAllCause(effect, (cause) =>
    Cause.isInterruptedOnly(cause)
      ? Effect.failCause(cause)
      : Effect.as(Effect.logWarning(`${what} failed; trying again`, cause), fallback))

const claimNext = (settings: WorkerSettings, engine: AiModel) =>
  Effect.flatMap(Runs, (runs) =>
    runs.claim({ workerId: settings.workerId, engine, leaseSeconds: settings.leaseSeconds, maxAttempts: settings.maxAttempts })
  ).pipe(surviving("claiming a run", Option.none()))

const processRun = (settings: WorkerSettings, run: ClaimedRun) =>
  collect(settings, run).pipe(
    Effect.zipRight(refreshPlanIfSettled(run)),
    // A defect in one run (a bug, a lost database connection) must not stop the worker: the run's
    // lease expires and it is retried elsewhere or failed as abandoned after maxAttempts.
    Effect.catchAllDefect((defect) => Effect.logError(`run ${run.runId} crashed`, defect))
  )

/**
 * One lane of an engine: claims and collects that engine's runs one after another. `once`: stops
 * when nothing is claimable; otherwise polls.
 */
const lane = (settings: WorkerSettings, engine: AiModel, once: boolean) =>
  Effect.gen(function*() {
    for (;;) {
      const next = yield* claimNext(settings, engine)
      if (Option.isSome(next)) {
        yield* processRun(settings, next.value)
      } else if (once) {
        return
      } else {
        yield* Effect.sleep(Duration.millis(settings.pollIntervalMs))
      }
    }
  })

/**
 * The worker: schedules due prompts and runs `concurrency` lanes per enabled engine, so each
 * engine has its own bounded concurrency and a slow provider never starves the others.
 * `once`: processes everything due now, then returns. Otherwise runs until interrupted; an
 * interrupted run is released (see Collector.collect).
 */
export const run = (settings: WorkerSettings, options: { readonly once: boolean }) =>
  Effect.gen(function*() {
    const engines = yield* Engines.Engines
    yield* Effect.logInfo(
      `worker ${settings.workerId} starting${options.once ? " (once)" : ""}; engines: ${engines.enabled.join(", ") || "none"}`
    )
    const runs = yield* Runs
    const revived = yield* runs.reviveSkipped(engines.enabled)
    if (revived.length > 0) {
      yield* Effect.logInfo(`${revived.length} run(s) skipped earlier for want of an engine key are queued again: their engine is configured now`)
    }
    const waiting = yield* runs.countWaiting(engines.enabled)
    if (waiting > 0) {
      yield* Effect.logWarning(
        `${waiting} due prompt(s) wait for an engine: none of their AI models is configured (set its API key); they run as soon as one is`
      )
    }
    yield* scheduleDue
    const lanes = engines.enabled.flatMap((engine) =>
      Array.from({ length: settings.engineConcurrency?.[engine] ?? settings.concurrency }, () => lane(settings, engine, options.once))
    )
    if (options.once) {
      yield* Effect.all(lanes, { concurrency: "unbounded", discard: true })
      yield* Effect.logInfo("worker: nothing more is due")
      return
    }
    const scheduler = scheduleDue.pipe(
      surviving("scheduling", 0),
      Effect.delay(Duration.millis(settings.pollIntervalMs)),
      Effect.forever
    )
    yield* Effect.all([scheduler, ...lanes], { concurrency: "unbounded", discard: true })
  })
