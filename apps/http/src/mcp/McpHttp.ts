import * as McpServer from "@effect/ai/McpServer"
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as RpcSerialization from "@effect/rpc/RpcSerialization"
import * as RpcServer from "@effect/rpc/RpcServer"
import * as SqlClient from "@effect/sql/SqlClient"
import { MethodNotAllowed } from "@sightline/domain/api/Errors"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { Authenticator } from "../Auth.js"
import { errorResponse } from "../Edge.js"
import * as Caller from "./Caller.js"
import * as McpTools from "./McpTools.js"

export const MCP_PATH = "/mcp"

/**
 * MCP's streamable HTTP transport at POST /mcp, inside the API server: the edge gives it a request
 * id, the IP rate limit and the request log line like any request; the `api-key` header is then
 * authenticated (and charged) by the API's own authenticator before any MCP message is read.
 *
 * Each POST is served by an MCP server of its own (the transport is stateless: @effect/ai's HTTP
 * protocol treats every POST as a new client), built for the authenticated principal, so no state
 * is shared between callers and a tool can only read what that key can.
 */
export const layer = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const authenticator = yield* Authenticator
    const sql = yield* SqlClient.SqlClient

    const serve = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const principal = yield* authenticator.authenticate(Redacted.make(request.headers["api-key"] ?? ""))
      const { httpApp, protocol } = yield* RpcServer.makeProtocolWithHttpApp.pipe(
        Effect.provide(RpcSerialization.layerJsonRpc())
      )
      const session = McpTools.layer.pipe(
        Layer.provide(McpServer.layer(McpTools.SERVER_INFO)),
        Layer.provide(Layer.succeed(RpcServer.Protocol, protocol)),
        Layer.provide(Caller.layerForPrincipal(principal)),
        Layer.provide(Layer.succeed(SqlClient.SqlClient, sql))
      )
      yield* Layer.build(session)
      return yield* httpApp
    }).pipe(Effect.scoped)

    yield* router.post(MCP_PATH, serve)
    // No server-initiated stream: a GET (or DELETE of a session) is refused, as the transport allows.
    const refused = Effect.succeed(
      errorResponse(MethodNotAllowed.create("GET"), { allow: "POST" })
    )
    yield* router.get(MCP_PATH, refused)
  })
)
