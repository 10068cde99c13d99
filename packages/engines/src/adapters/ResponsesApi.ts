import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type { AiModel } from "@sightline/domain/AiModel"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type { Engine, EngineRequest } from "../Engine.js"
import { EngineError, type EngineErrorCode, isTransient } from "../EngineError.js"
import { type ProviderRules, type RetryPolicy, sendJson } from "../HttpRetry.js"
import * as Json from "../Json.js"

/** OpenAI's and xAI's Responses APIs: the same wire protocol, each with its own request body. */
export interface ResponsesApiSettings {
  readonly apiKey: Redacted.Redacted
  /** e.g. https://api.openai.com/v1; `/responses` is appended. */
  readonly baseUrl: string
  readonly model: string
  readonly retry: RetryPolicy
}

const TRANSIENT_FAILURES = new Set(["server_error", "rate_limit_exceeded"])

/**
 * A Responses API body can be HTTP 200 and still say it failed: `status` failed / incomplete /
 * cancelled, or a non-null `error`. Returns that failure, if any.
 */
export const responsesApiFailure = (engine: AiModel, body: unknown): EngineError | undefined => {
  const status = Json.string(body, "status")
  const error = Json.record(body, "error")
  const make = (code: EngineErrorCode, message: string) =>
    new EngineError({ engine, code, message, retryable: isTransient(code) })
  if (status === "failed" || (error !== undefined && status !== "completed")) {
    const errorCode = Json.string(error, "code") ?? "unknown"
    const code: EngineErrorCode = errorCode === "rate_limit_exceeded"
      ? "rate_limited"
      : TRANSIENT_FAILURES.has(errorCode)
      ? "server_error"
      : "failed"
    return make(code, `the response failed (${errorCode}): ${Json.string(error, "message") ?? "no message"}`)
  }
  if (status === "incomplete") {
    const reason = Json.string(Json.record(body, "incomplete_details"), "reason") ?? "unknown"
    return make("incomplete", `the response is incomplete (${reason})`)
  }
  if (status === "cancelled") return make("failed", "the response was cancelled")
  return undefined
}

/** An engine on a Responses API: POST {baseUrl}/responses, bearer auth, 200 bodies checked for failure. */
export const makeEngine = (
  engine: "chat_gpt" | "grok",
  settings: ResponsesApiSettings,
  options: {
    readonly body: (request: EngineRequest) => Record<string, unknown>
    readonly classify: ProviderRules["classify"]
  }
): Effect.Effect<Engine, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const rules: ProviderRules = { engine, classify: options.classify }
    const endpoint = `${settings.baseUrl.replace(/\/+$/, "")}/responses`
    return {
      engine,
      ask: (request) =>
        Effect.gen(function*() {
          const httpRequest = HttpClientRequest.post(endpoint).pipe(
            HttpClientRequest.bearerToken(Redacted.value(settings.apiKey)),
            HttpClientRequest.bodyUnsafeJson({ model: settings.model, ...options.body(request) })
          )
          const response = yield* sendJson(httpRequest, settings.retry, rules).pipe(
            Effect.provideService(HttpClient.HttpClient, client)
          )
          const failure = responsesApiFailure(engine, response.body)
          if (failure !== undefined) return yield* failure
          return { model: Json.string(response.body, "model") ?? settings.model, payload: { response: response.body } }
        }).pipe(Effect.withSpan(`Engine.${engine}.ask`))
    } satisfies Engine
  })
