import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import type * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"

/**
 * A Ctrl-C or a supervisor's SIGTERM to the process group of `pnpm start|worker|cli` reaches the app
 * twice: directly, and forwarded by pnpm a moment later. runMain stops listening after the first
 * signal, so the duplicate would kill the process before it drains (in-flight requests, runs to
 * release, an embedded PostgreSQL to stop). Duplicates within a second are ignored; a later signal
 * still forces the exit.
 */
const DUPLICATE_SIGNAL_MS = 1_000

const ignoreDuplicateSignals = () => {
  let firstSignalAt: number | undefined
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstSignalAt === undefined) {
      firstSignalAt = Date.now()
    } else if (Date.now() - firstSignalAt >= DUPLICATE_SIGNAL_MS) {
      process.exit(signal === "SIGINT" ? 130 : 143)
    }
  }
  process.on("SIGINT", onSignal)
  process.on("SIGTERM", onSignal)
}

/**
 * Runs an app's main effect: graceful interruption on SIGINT/SIGTERM, exit code 1 on failure
 * (or what `exitCode` says, e.g. the CLI's 2 for a usage error).
 */
export const runMain = <E, A>(
  program: Effect.Effect<A, E>,
  options: { readonly disableErrorReporting?: boolean; readonly exitCode?: (exit: Exit.Exit<unknown, unknown>) => number } = {}
): void => {
  ignoreDuplicateSignals()
  const exitCode = options.exitCode
  NodeRuntime.runMain(program, {
    disablePrettyLogger: true,
    disableErrorReporting: options.disableErrorReporting ?? false,
    ...(exitCode === undefined ? {} : {
      teardown: <E2, A2>(exit: Exit.Exit<E2, A2>, onExit: (code: number) => void) => onExit(exitCode(exit))
    })
  })
}
