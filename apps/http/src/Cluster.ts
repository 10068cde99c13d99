import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Runtime from "effect/Runtime"
import cluster, { type Worker } from "node:cluster"

/** Whether this process is one of the server processes forked by `layer`. */
export const isServerProcess = cluster.isWorker

/** How long a server process that died is left down before it is replaced (no tight crash loop). */
const RESTART_DELAY_MS = 1_000

/** Waits until every worker listens; fails when one exits first (a port in use, bad settings). */
const listening = (workers: ReadonlyArray<Worker>) =>
  Effect.async<void, string>((resume) => {
    let pending = workers.length
    for (const worker of workers) {
      const onExit = (code: number | null) =>
        resume(Effect.fail(`a server process exited with code ${code} before it listened; its log says why`))
      worker.once("exit", onExit)
      worker.once("listening", () => {
        worker.off("exit", onExit)
        if (--pending === 0) resume(Effect.void)
      })
    }
  })

const exited = (worker: Worker) =>
  Effect.async<void>((resume) => {
    if (worker.isDead()) return resume(Effect.void)
    worker.once("exit", () => resume(Effect.void))
  })

/**
 * `count` server processes forked with `env` (node:cluster: they share the listening port and the
 * primary hands connections out round-robin). Start fails when one exits before it listens (no
 * restart loop over a port in use); one that dies while serving is replaced. On release
 * each gets SIGTERM, drains as a single process does (SHUTDOWN_TIMEOUT_MS), and is waited for.
 */
export const layer = (count: number, env: Readonly<Record<string, string>>) =>
  Layer.scopedDiscard(
    Effect.gen(function*() {
      const runtime = yield* Effect.runtime<never>()
      let stopping = false
      const live = new Set<Worker>()
      const fork = () => {
        const worker = cluster.fork(env)
        live.add(worker)
        worker.once("exit", (code, signal) => {
          live.delete(worker)
          if (stopping) return
          Runtime.runFork(runtime)(Effect.logWarning("server process exited, replacing it").pipe(
            Effect.annotateLogs({ pid: worker.process.pid, code, signal })
          ))
          setTimeout(() => stopping || fork(), RESTART_DELAY_MS)
        })
        return worker
      }
      const started = yield* Effect.acquireRelease(
        Effect.sync(() => Array.from({ length: count }, () => fork())),
        () =>
          Effect.suspend(() => {
            stopping = true
            const workers = [...live]
            for (const worker of workers) worker.process.kill("SIGTERM")
            return Effect.forEach(workers, exited, { concurrency: "unbounded", discard: true })
          })
      )
      yield* listening(started).pipe(
        Effect.tapError((message) => Effect.logError(message)),
        Effect.orDieWith((message) => new Error(message))
      )
      yield* Effect.logInfo("server processes listening").pipe(Effect.annotateLogs({ processes: count }))
    })
  )
