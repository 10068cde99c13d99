import * as NodeContext from "@effect/platform-node/NodeContext"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"
import { run } from "./Cli.js"

/** Logs are JSON lines on stderr, warnings and worse unless LOG_LEVEL says otherwise: stdout stays data. */
const LoggingLive = Layer.unwrapEffect(
  Effect.gen(function*() {
    const level = yield* Config.logLevel("LOG_LEVEL").pipe(Config.withDefault(LogLevel.Warning))
    return Layer.merge(
      Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.jsonLogger)),
      Logger.minimumLogLevel(level)
    )
  }).pipe(Effect.orDie)
)

// A failure has been reported on stderr already; runMain turns it into exit code 1.
NodeRuntime.runMain(run(process.argv).pipe(Effect.provide(NodeContext.layer), Effect.provide(LoggingLive)), {
  disableErrorReporting: true
})
