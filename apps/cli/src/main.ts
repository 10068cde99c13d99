import * as NodeContext from "@effect/platform-node/NodeContext"
import { Logging, Main, Progress } from "@sightline/runtime"
import * as Effect from "effect/Effect"
import * as LogLevel from "effect/LogLevel"
import * as Path from "node:path"
import { exitCode, run } from "./Cli.js"

/** How the user started the CLI, for usage lines: the `cli` bin is `pnpm cli` in the checkout. */
const invocation = Path.basename(process.argv[1] ?? "").startsWith("cli") ? "pnpm cli" : "sightline"

// A failure has been reported on stderr already; the exit code says which kind (see exitCode).
// Logs are JSON lines on stderr, warnings and worse unless LOG_LEVEL says otherwise: stdout stays data.
// Long work draws its progress on stderr when that is a terminal.
Main.runMain(
  run(process.argv, { invocation }).pipe(
    Effect.provide(NodeContext.layer),
    Effect.provide(Progress.terminal()),
    Effect.provide(Logging.layer(LogLevel.Warning))
  ),
  { disableErrorReporting: true, exitCode }
)
