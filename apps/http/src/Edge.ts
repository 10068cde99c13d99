import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import type * as HttpApp from "@effect/platform/HttpApp"
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import * as HttpServerError from "@effect/platform/HttpServerError"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import {
  type ApiErrorBody,
  AuthenticationFailed,
  InternalServerError,
  MethodNotAllowed,
  NotFound,
  PermissionDenied,
  RateLimitExceeded,
  ValidationError
} from "@sightline/domain/api/Errors"
import { PATH_ID_MESSAGE } from "@sightline/domain/api/Params"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { randomUUID } from "node:crypto"
import { Settings } from "./Config.js"
import { isKnownPath, normalisePath } from "./KnownRoutes.js"
import { RateLimiter } from "./RateLimit.js"
import { CurrentRequestState, type RequestState } from "./RequestContext.js"

/** The query parameters of the contract: a decode failure on one of these is the client's 400. */
const QUERY_PARAMS: ReadonlySet<string> = new Set([
  "page",
  "per_page",
  "start_date",
  "end_date",
  "ai_model",
  "brand_id",
  "group_id",
  "search"
])

const STATUS: ReadonlyArray<readonly [abstract new(...args: never) => ApiErrorBody, number]> = [
  [ValidationError, 400],
  [AuthenticationFailed, 401],
  [PermissionDenied, 403],
  [NotFound, 404],
  [MethodNotAllowed, 405],
  [RateLimitExceeded, 429],
  [InternalServerError, 500]
]

const statusOf = (body: ApiErrorBody): number => STATUS.find(([cls]) => body instanceof cls)?.[1] ?? 500

const isApiError = (u: unknown): u is ApiErrorBody => STATUS.some(([cls]) => u instanceof cls)

export const errorResponse = (body: ApiErrorBody, headers: Record<string, string> = {}) =>
  HttpServerResponse.unsafeJson(body, { status: statusOf(body), headers })

/**
 * HttpApi reports path, query and response-encoding failures alike; a path id that is not a
 * positive integer names no resource (404), bad query parameters are a 400 listing each of them,
 * anything else is our bug (500).
 */
const fromDecodeError = (error: HttpApiDecodeError, url: string): Option.Option<ApiErrorBody> => {
  const query = new URLSearchParams(url.split("?")[1] ?? "")
  if (error.issues.some((issue) => issue.message === PATH_ID_MESSAGE)) return Option.some(NotFound.create())
  const details: Record<string, string> = {}
  for (const issue of error.issues) {
    const [param] = issue.path
    if (typeof param !== "string" || !QUERY_PARAMS.has(param)) return Option.none()
    details[param] ??= issue._tag === "Missing"
      ? "is required"
      : query.getAll(param).length > 1
      ? "must be given once"
      : issue.message
  }
  return Object.keys(details).length === 0 ? Option.none() : Option.some(ValidationError.create(details))
}

/** Turns every failure of the app into one of the documented error bodies. */
const toErrorBody = (cause: Cause.Cause<unknown>, request: HttpServerRequest.HttpServerRequest) =>
  Effect.gen(function*() {
    const failure = Cause.failureOption(cause)
    if (Option.isSome(failure)) {
      const error = failure.value
      if (isApiError(error)) return error
      if (error instanceof HttpApiDecodeError) {
        const mapped = fromDecodeError(error, request.url)
        if (Option.isSome(mapped)) return mapped.value
      }
      if (HttpServerError.isServerError(error) && error._tag === "RouteNotFound") {
        return NotFound.create("No endpoint at this path.")
      }
    }
    yield* Effect.logError("unexpected error", cause)
    return InternalServerError.create()
  })

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

const rateLimitHeaders = (state: RequestState): Record<string, string> => {
  const decision = state.rateLimit
  if (decision === null) return {}
  const headers: Record<string, string> = {
    "ratelimit-limit": String(decision.limit),
    "ratelimit-remaining": String(decision.remaining),
    "ratelimit-reset": String(decision.resetSeconds)
  }
  if (!decision.allowed) headers["retry-after"] = String(decision.retryAfterSeconds)
  return headers
}

/**
 * The outermost layer of every request (API, OpenAPI, docs, health, unknown paths): request id,
 * error bodies, 405s, rate-limit headers (a per-IP bucket when no valid key charged its own), and
 * the request's log line.
 */
export const layer = HttpApiBuilder.middleware(
  Effect.gen(function*() {
    const limiter = yield* RateLimiter
    const settings = yield* Settings
    return (app: HttpApp.Default) =>
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
        const incoming = request.headers["x-request-id"]
        const requestId = incoming !== undefined && REQUEST_ID.test(incoming) ? incoming : randomUUID()
        return Effect.annotateLogs(handle(app, request, requestId), "request_id", requestId)
      })

    function handle(app: HttpApp.Default, request: HttpServerRequest.HttpServerRequest, requestId: string) {
      return Effect.gen(function*() {
        const started = Date.now()
        const state: RequestState = { requestId, keyId: null, rateLimit: null }

        // Every method but GET (HEAD and OPTIONS included) on a known path is a 405, before the
        // router and so before authentication (docs/api-decisions.md, Errors).
        let response = request.method !== "GET" && isKnownPath(request.url)
          ? errorResponse(MethodNotAllowed.create(request.method))
          : yield* app.pipe(
            Effect.locally(CurrentRequestState, Option.some(state)),
            Effect.catchAllCause((cause) =>
              Cause.isInterruptedOnly(cause)
                ? Effect.failCause(cause)
                : Effect.map(toErrorBody(cause, request), (body) => errorResponse(body))
            )
          )

        if (state.rateLimit === null) {
          const client = Option.getOrElse(request.remoteAddress, () => "unknown")
          state.rateLimit = yield* limiter.consume(`ip:${client}`, settings.defaultRateLimitPerMinute)
          if (!state.rateLimit.allowed) response = errorResponse(RateLimitExceeded.create(state.rateLimit.retryAfterSeconds))
        }
        const headers: Record<string, string> = { ...rateLimitHeaders(state), "x-request-id": requestId }
        if (response.status === 405) headers["allow"] = "GET"
        response = HttpServerResponse.setHeaders(response, headers)

        yield* Effect.logInfo("request").pipe(
          Effect.annotateLogs({
            method: request.method,
            path: normalisePath(request.url),
            status: response.status,
            duration_ms: Date.now() - started,
            key_id: state.keyId
          })
        )
        return response
      })
    }
  })
)
