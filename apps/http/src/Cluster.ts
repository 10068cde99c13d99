import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import cluster, { type Worker } from "node:cluster"

/** Whether this process is one of the server processes forked by `layer`. */
export const isServerProcess = cluster.isWorker

/** How long a server process that died is left down before it is replaced (no tight crash loop). */
const RESTART_DELAY_MS = 1_000

const exited = (worker: Worker) =>
  Effect.async<void>((resume) => {
    if (worker.isDead()) return resume(Effect.void)
    worker.once("exit", () => resume(Effect.void))
  })

/**
 * `count` server processes forked with `env` (node:cluster: they share the listening port and the
 * primary hands connections out round-robin). One that dies while serving is replaced. On release
 * each gets SIGTERM, drains as a single process does (SHUTDOWN_TIMEOUT_MS), and is waited for.
 */
export const layer = (count: number, env: Readonly<Record<string, string>>) =>
  Layer.scopedDiscard(
    Effect.gen(function*() {
      let stopping = false
      const live = new Set<Worker>()
      const fork = () => {
        const worker = cluster.fork(env)
        live.add(worker)
        worker.once("exit", (code, signal) => {
          live.delete(worker)
          if (stopping) return
          Effect.runFork(Effect.logWarning("server process exited, replacing it").pipe(
            Effect.annotateLogs({ pid: worker.process.pid, code, signal })
          ))
          setTimeout(() => stopping || fork(), RESTART_DELAY_MS)
        })
      }
      yield* Effect.acquireRelease(
        Effect.sync(() => {
          for (let i = 0; i < count; i++) fork()
        }),
        () =>
          Effect.suspend(() => {
            stopping = true
            const workers = [...live]
            for (const worker of workers) worker.process.kill("SIGTERM")
            return Effect.forEach(workers, exited, { concurrency: "unbounded", discard: true })
          })
      )
      yield* Effect.logInfo("server processes started").pipe(Effect.annotateLogs({ processes: count }))
    })
  )
