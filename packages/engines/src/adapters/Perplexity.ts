import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type { Engine } from "../Engine.js"
import { codeOfStatus } from "../EngineError.js"
import { type HttpFailure, type RetryPolicy, sendJson } from "../HttpRetry.js"
import * as Json from "../Json.js"
import { errorMessage } from "./ProviderErrors.js"

export interface PerplexitySettings {
  readonly apiKey: Redacted.Redacted
  /** e.g. https://api.perplexity.ai; `/chat/completions` is appended. */
  readonly baseUrl: string
  readonly model: string
  readonly retry: RetryPolicy
}

/** perplexity: Sonar chat completions (OpenAI-compatible). */
export const make = (settings: PerplexitySettings): Effect.Effect<Engine, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const rules = {
      engine: "perplexity" as const,
      classify: (failure: HttpFailure) => ({ code: codeOfStatus(failure.status), message: errorMessage(failure) })
    }
    return {
      engine: "perplexity",
      ask: (request) =>
        Effect.gen(function*() {
          const httpRequest = HttpClientRequest.post(`${settings.baseUrl.replace(/\/+$/, "")}/chat/completions`).pipe(
            HttpClientRequest.bearerToken(Redacted.value(settings.apiKey)),
            HttpClientRequest.bodyUnsafeJson({
              model: settings.model,
              messages: [{ role: "user", content: request.prompt }],
              web_search_options: { search_context_size: "medium", user_location: { country: request.countryCode } }
            })
          )
          const response = yield* sendJson(httpRequest, settings.retry, rules).pipe(
            Effect.provideService(HttpClient.HttpClient, client)
          )
          return { model: Json.string(response.body, "model") ?? settings.model, payload: { response: response.body } }
        }).pipe(Effect.withSpan("Engine.perplexity.ask"))
    } satisfies Engine
  })
