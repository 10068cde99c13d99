import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import { Engines } from "@sightline/engines"
import { ActionPlans } from "@sightline/sql/ActionPlans"
import * as Database from "@sightline/sql/Database"
import { ResponseStore } from "@sightline/sql/ResponseStore"
import { Runs } from "@sightline/sql/Runs"
import * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"
import * as Worker from "./Worker.js"
import { fromEnvironment } from "./WorkerSettings.js"

/**
 * `pnpm worker` runs continuously; `pnpm worker --once` processes everything due now and exits 0.
 * SIGTERM/SIGINT interrupt the worker: in-flight runs are released for another worker.
 */
const once = process.argv.slice(2).includes("--once")

const program = Effect.gen(function*() {
  const settings = yield* fromEnvironment
  const services = Layer.mergeAll(
    Engines.layer(settings.engines).pipe(Layer.provide(FetchHttpClient.layer)),
    Layer.mergeAll(Runs.Default, ResponseStore.Default, ActionPlans.Default).pipe(Layer.provideMerge(Database.layer)),
    SentimentLexiconLive
  )
  yield* Worker.run(settings.worker, { once }).pipe(Effect.provide(services))
})

/** JSON lines on stderr, from LOG_LEVEL up (as the other apps log). */
const LoggingLive = Layer.unwrapEffect(
  Config.logLevel("LOG_LEVEL").pipe(
    Config.withDefault(LogLevel.Info),
    Effect.map((level) =>
      Layer.merge(Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.jsonLogger)), Logger.minimumLogLevel(level))
    ),
    Effect.orDie
  )
)

/**
 * A Ctrl-C or a supervisor's SIGTERM to the process group of `pnpm worker` reaches this process
 * twice: directly, and forwarded by pnpm a moment later. runMain stops listening after the first
 * signal, so the duplicate would kill the process before in-flight runs are released (and leave an
 * embedded PostgreSQL it started running). Duplicates within a second are ignored; a later signal
 * still forces the exit.
 */
const DUPLICATE_SIGNAL_MS = 1_000
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

NodeRuntime.runMain(program.pipe(Effect.provide(LoggingLive)), { disablePrettyLogger: true })
