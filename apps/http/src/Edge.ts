import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import type * as HttpApp from "@effect/platform/HttpApp"
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import * as HttpServerError from "@effect/platform/HttpServerError"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { hash } from "@sightline/domain/ApiKeyFormat"
import {
  type ApiErrorBody,
  AuthenticationFailed,
  HeadersTooLarge,
  InternalServerError,
  MethodNotAllowed,
  NotFound,
  PermissionDenied,
  RateLimitExceeded,
  RequestTimeout,
  ServiceUnavailable,
  UriTooLong,
  ValidationError
} from "@sightline/domain/api/Errors"
import { PATH_ID_MESSAGE } from "@sightline/domain/api/Params"
import { Logging } from "@sightline/runtime"
import { Unavailable } from "@sightline/sql"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { randomUUID } from "node:crypto"
import { Settings } from "./Config.js"
import { isApiPath, isHealthPath, isKnownPath, normalisePath } from "./KnownRoutes.js"
import { KnownKeys } from "./KnownKeys.js"
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
  "search",
  "format",
  "dimensions",
  "prompt_id",
  "include_previous_period",
  "level"
])

const STATUS: ReadonlyArray<readonly [abstract new(...args: never) => ApiErrorBody, number]> = [
  [ValidationError, 400],
  [AuthenticationFailed, 401],
  [PermissionDenied, 403],
  [NotFound, 404],
  [MethodNotAllowed, 405],
  [RequestTimeout, 408],
  [UriTooLong, 414],
  [RateLimitExceeded, 429],
  [HeadersTooLarge, 431],
  [InternalServerError, 500],
  [ServiceUnavailable, 503]
]

export const statusOf = (body: ApiErrorBody): number => STATUS.find(([cls]) => body instanceof cls)?.[1] ?? 500

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
    if (Unavailable.causeIsUnavailable(cause)) {
      yield* Effect.logWarning("database unavailable", cause)
      return ServiceUnavailable.create()
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
 * URL length limit, error bodies, 405s, rate limiting and its headers, and the request's log line.
 *
 * Rate limiting happens before any database work: a request is charged to its client IP's bucket
 * up front (and refused at once when it is empty) unless it carries a key that was recently valid
 * on an API path; the auth middleware charges the key's own bucket and gives the IP charge back
 * when the key is valid. The health probes are never limited.
 */
export const layer = HttpApiBuilder.middleware(
  Effect.gen(function*() {
    const limiter = yield* RateLimiter
    const known = yield* KnownKeys
    const settings = yield* Settings
    return (app: HttpApp.Default) =>
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
        const incoming = request.headers["x-request-id"]
        const requestId = incoming !== undefined && REQUEST_ID.test(incoming) ? incoming : randomUUID()
        const state: RequestState = { requestId, keyId: null, rateLimit: null, ipBucket: null, hashedKey: null }
        // The request's log lines get its id from this state (RequestContext.logger).
        return Effect.locally(handle(app, request, state), CurrentRequestState, Option.some(state))
      })

    function chargeIp(request: HttpServerRequest.HttpServerRequest, state: RequestState) {
      const bucket = `ip:${Option.getOrElse(request.remoteAddress, () => "unknown")}`
      return Effect.map(limiter.consume(bucket, settings.defaultRateLimitPerMinute), (decision) => {
        state.rateLimit = decision
        state.ipBucket = bucket
        return decision.allowed
          ? Option.none()
          : Option.some(errorResponse(RateLimitExceeded.create(decision.retryAfterSeconds)))
      })
    }

    /** Whether the request carries an API key that authenticated recently (checked again by auth). */
    function recentlyValidKey(request: HttpServerRequest.HttpServerRequest, state: RequestState) {
      const key = request.headers["api-key"]?.trim()
      if (key === undefined || key === "") return Effect.succeed(false)
      state.hashedKey = { key, hash: hash(key) }
      return known.isValid(state.hashedKey.hash)
    }

    function run(app: HttpApp.Default, request: HttpServerRequest.HttpServerRequest) {
      if (request.method !== "GET" && isKnownPath(request.url)) {
        // Every method but GET (HEAD and OPTIONS included) on a known path is a 405, before the
        // router and so before authentication (docs/api-decisions.md, Errors).
        return Effect.succeed(errorResponse(MethodNotAllowed.create(request.method)))
      }
      if (Buffer.byteLength(request.url) > settings.maxUrlBytes) {
        return Effect.succeed(errorResponse(UriTooLong.create(settings.maxUrlBytes)))
      }
      return app.pipe(
        Effect.catchAllCause((cause) =>
          Cause.isInterruptedOnly(cause)
            ? Effect.failCause(cause)
            : Effect.map(toErrorBody(cause, request), (body) => errorResponse(body))
        )
      )
    }

    function handle(app: HttpApp.Default, request: HttpServerRequest.HttpServerRequest, state: RequestState) {
      return Effect.gen(function*() {
        const started = Date.now()
        const get = request.method === "GET"
        const exempt = get && isHealthPath(request.url)
        const keyed = get && isApiPath(request.url) && (yield* recentlyValidKey(request, state))

        const refused = exempt || keyed ? Option.none() : yield* chargeIp(request, state)
        let response = Option.isSome(refused) ? refused.value : yield* run(app, request)

        const headers: Record<string, string> = { ...rateLimitHeaders(state), "x-request-id": state.requestId }
        if (response.status === 405) headers["allow"] = response.headers["allow"] ?? "GET"
        if (response.status === 503) headers["retry-after"] = String(ServiceUnavailable.RETRY_AFTER_SECONDS)
        response = HttpServerResponse.setHeaders(response, headers)

        yield* Effect.logInfo(Logging.withFields("request", {
          method: request.method,
          path: normalisePath(request.url),
          status: response.status,
          duration_ms: Date.now() - started,
          key_id: state.keyId
        }))
        return response
      })
    }
  })
)
