import * as NodeContext from "@effect/platform-node/NodeContext"
import { Logging, Main } from "@sightline/runtime"
import * as Effect from "effect/Effect"
import * as LogLevel from "effect/LogLevel"
import { run } from "./Cli.js"

// A failure has been reported on stderr already; runMain turns it into exit code 1.
// Logs are JSON lines on stderr, warnings and worse unless LOG_LEVEL says otherwise: stdout stays data.
Main.runMain(run(process.argv).pipe(Effect.provide(NodeContext.layer), Effect.provide(Logging.layer(LogLevel.Warning))), {
  disableErrorReporting: true
})
