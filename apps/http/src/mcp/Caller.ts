import * as SqlClient from "@effect/sql/SqlClient"
import { type ApiErrorBody, InternalServerError, ServiceUnavailable } from "@sightline/domain/api/Errors"
import { CurrentPrincipal, type Principal } from "@sightline/domain/api/Security"
import { Unavailable } from "@sightline/sql"
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import { randomUUID } from "node:crypto"
import { Authenticator } from "../Auth.js"
import { statusOf } from "../Edge.js"
import { CurrentRequestState, type RequestState } from "../RequestContext.js"

/** What a tool does once its caller is known: a read as the key's principal. */
export type ToolRead<A> = Effect.Effect<A, ApiErrorBody, CurrentPrincipal | SqlClient.SqlClient>

/**
 * Runs tool calls on behalf of an API key, with the REST API's scoping: over HTTP the key of the
 * POST /mcp request (authenticated, rate limited and logged by the API's own edge and auth); over
 * stdio the key of SIGHTLINE_API_KEY, authenticated and charged on every call, and logged with the
 * same request line.
 */
export class McpCaller extends Context.Tag("@sightline/http/mcp/McpCaller")<McpCaller, {
  readonly call: <A>(tool: string, read: ToolRead<A>) => Effect.Effect<A, ApiErrorBody>
}>() {}

/** A defect is the API's 503 (database unavailable) or 500 (our bug, logged), never a crash. */
const answerDefects = <A>(effect: Effect.Effect<A, ApiErrorBody>) =>
  Effect.catchAllCause(effect, (cause) => {
    if (Option.isSome(Cause.failureOption(cause)) || Cause.isInterruptedOnly(cause)) return Effect.failCause(cause)
    return Unavailable.causeIsUnavailable(cause)
      ? Effect.zipRight(Effect.logWarning("database unavailable", cause), Effect.fail(ServiceUnavailable.create()))
      : Effect.zipRight(Effect.logError("unexpected error", cause), Effect.fail(InternalServerError.create()))
  })

const runAs = <A>(principal: Principal, sql: SqlClient.SqlClient, read: ToolRead<A>) =>
  read.pipe(
    Effect.provideService(CurrentPrincipal, principal),
    Effect.provideService(SqlClient.SqlClient, sql)
  )

/** The caller of one POST /mcp: the principal the route authenticated. */
export const layerForPrincipal = (principal: Principal) =>
  Layer.effect(
    McpCaller,
    Effect.map(SqlClient.SqlClient, (sql) =>
      McpCaller.of({
        call: (tool, read) => answerDefects(runAs(principal, sql, read)).pipe(Effect.annotateLogs("mcp_tool", tool))
      }))
  )

/** The caller of a stdio session: the key is checked and charged on every call, which is logged. */
export const layerForKey = (key: Redacted.Redacted<string>) =>
  Layer.effect(
    McpCaller,
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const auth = yield* Authenticator
      return McpCaller.of({
        call: (tool, read) =>
          Effect.gen(function*() {
            const started = Date.now()
            const state: RequestState = { requestId: randomUUID(), keyId: null, rateLimit: null, ipBucket: null, hashedKey: null }
            const exit = yield* auth.authenticate(key).pipe(
              Effect.flatMap((principal) => runAs(principal, sql, read)),
              answerDefects,
              Effect.locally(CurrentRequestState, Option.some(state)),
              Effect.exit
            )
            const failure = Exit.isFailure(exit) ? Option.getOrUndefined(Cause.failureOption(exit.cause)) : undefined
            yield* Effect.logInfo("request").pipe(
              Effect.annotateLogs({
                method: "MCP",
                path: `tools/${tool}`,
                status: failure === undefined ? 200 : statusOf(failure),
                duration_ms: Date.now() - started,
                key_id: state.keyId,
                request_id: state.requestId
              })
            )
            return yield* exit
          })
      })
    })
  )
