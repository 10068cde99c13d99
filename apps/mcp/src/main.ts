import * as McpServer from "@effect/ai/McpServer"
import * as NodeSink from "@effect/platform-node/NodeSink"
import * as NodeStream from "@effect/platform-node/NodeStream"
import * as Auth from "@sightline/http/Auth"
import * as HttpConfig from "@sightline/http/Config"
import * as KeyUsage from "@sightline/http/KeyUsage"
import * as KnownKeys from "@sightline/http/KnownKeys"
import * as Caller from "@sightline/http/mcp/Caller"
import * as McpTools from "@sightline/http/mcp/McpTools"
import * as RateLimit from "@sightline/http/RateLimit"
import { Logging, Main } from "@sightline/runtime"
import { Database } from "@sightline/sql"
import * as Cause from "effect/Cause"
import * as Config from "effect/Config"
import * as Console from "effect/Console"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"

/**
 * The MCP server over stdio (`pnpm mcp`), for assistants that start it as a local process. It reads
 * the database directly, as the API server does, on behalf of the API key in SIGHTLINE_API_KEY:
 * the key is checked at start (a bad key exits at once with the API's message) and again, and
 * charged to its rate limit, on every tool call, which is logged (JSON on stderr) like a request.
 */
/** Why the server cannot start, in one line for the person configuring the assistant. */
export class StartupError extends Data.TaggedError("StartupError")<{ readonly message: string }> {}

const apiKey = Effect.gen(function*() {
  const key = yield* Config.option(Config.redacted("SIGHTLINE_API_KEY")).pipe(
    Effect.mapError((error) => new StartupError({ message: String(error) }))
  )
  if (Option.isNone(key) || Redacted.value(key.value).trim() === "") {
    return yield* new StartupError({
      message: "SIGHTLINE_API_KEY is not set: create a key with `pnpm cli keys create --workspace <id> --name <name>` and pass it in SIGHTLINE_API_KEY (docs/mcp.md)."
    })
  }
  return key.value
})

/** A key that does not authenticate now never serves a session. */
const checkKey = (key: Redacted.Redacted<string>) =>
  Layer.effectDiscard(
    Effect.flatMap(Auth.Authenticator, (auth) => auth.authenticate(key)).pipe(
      Effect.mapError((error) => new StartupError({ message: `SIGHTLINE_API_KEY: ${error.message}` }))
    )
  )

const stdioLive = (key: Redacted.Redacted<string>) =>
  McpTools.layer.pipe(
    Layer.provide(
      McpServer.layerStdio({ ...McpTools.SERVER_INFO, stdin: NodeStream.stdin, stdout: NodeSink.stdout })
    ),
    Layer.provide(Caller.layerForKey(key)),
    Layer.provide(checkKey(key)),
    Layer.provide(Auth.layer),
    Layer.provide(KeyUsage.layer),
    Layer.provide(KnownKeys.layer),
    Layer.provide(RateLimit.layer),
    Layer.provide(HttpConfig.layer),
    Layer.provide(Database.requestLayer)
  )

// The key is read first: without one, no database is started. A failure to start is one plain
// line on stderr (stdout belongs to the MCP client).
Main.runMain(
  Effect.flatMap(apiKey, (key) => Layer.launch(stdioLive(key))).pipe(
    Effect.tapErrorCause((cause) =>
      Option.match(Cause.failureOption(cause), {
        onNone: () => Cause.isInterruptedOnly(cause) ? Effect.void : Console.error(Cause.pretty(cause)),
        onSome: (error) => Console.error(`Error: ${error instanceof StartupError ? error.message : String(error)}`)
      })
    ),
    Effect.provide(Logging.layer()),
    Effect.withTracerEnabled(false)
  ),
  { disableErrorReporting: true }
)
