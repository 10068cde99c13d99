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
import * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Redacted from "effect/Redacted"

/**
 * The MCP server over stdio (`pnpm mcp`), for assistants that start it as a local process. It reads
 * the database directly, as the API server does, on behalf of the API key in SIGHTLINE_API_KEY:
 * the key is checked at start (a bad key exits at once with the API's message) and again, and
 * charged to its rate limit, on every tool call, which is logged (JSON on stderr) like a request.
 */
const apiKey = Config.redacted("SIGHTLINE_API_KEY").pipe(
  Config.validate({ message: "SIGHTLINE_API_KEY must be an API key (pnpm cli keys create)", validation: (key) => key.toString().length > 0 })
)

/** A key that does not authenticate now never serves a session. */
const checkKey = (key: Redacted.Redacted<string>) =>
  Layer.effectDiscard(
    Effect.flatMap(Auth.Authenticator, (auth) => auth.authenticate(key)).pipe(
      Effect.mapError((error) => new Error(`SIGHTLINE_API_KEY: ${error.message}`))
    )
  )

const StdioLive = Layer.unwrapEffect(
  Effect.map(apiKey, (key) =>
    McpTools.layer.pipe(
      Layer.provide(
        McpServer.layerStdio({ ...McpTools.SERVER_INFO, stdin: NodeStream.stdin, stdout: NodeSink.stdout })
      ),
      Layer.provide(Caller.layerForKey(key)),
      Layer.provide(checkKey(key))
    ))
).pipe(
  Layer.provide(Auth.layer),
  Layer.provide(KeyUsage.layer),
  Layer.provide(KnownKeys.layer),
  Layer.provide(RateLimit.layer),
  Layer.provide(HttpConfig.layer),
  Layer.provide(Database.layer),
  Layer.provide(Logging.layer())
)

Main.runMain(Layer.launch(StdioLive).pipe(Effect.withTracerEnabled(false)))
