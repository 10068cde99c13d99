import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type { Engine } from "../Engine.js"
import { codeOfStatus } from "../EngineError.js"
import { type HttpFailure, type RetryPolicy, sendJson } from "../HttpRetry.js"
import * as Json from "../Json.js"
import { errorMessage } from "./ProviderErrors.js"
import { responsesApiFailure } from "./ResponsesApiFailure.js"

export interface XaiSettings {
  readonly apiKey: Redacted.Redacted
  /** e.g. https://api.x.ai/v1; `/responses` is appended. */
  readonly baseUrl: string
  readonly model: string
  readonly retry: RetryPolicy
}

/**
 * grok: the xAI Responses API with the web_search agent tool. (Live Search on chat completions is
 * gone; its 410 is terminal, which codeOfStatus already says.)
 */
export const make = (settings: XaiSettings): Effect.Effect<Engine, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const rules = {
      engine: "grok" as const,
      classify: (failure: HttpFailure) => ({ code: codeOfStatus(failure.status), message: errorMessage(failure) })
    }
    return {
      engine: "grok",
      ask: (request) =>
        Effect.gen(function*() {
          const httpRequest = HttpClientRequest.post(`${settings.baseUrl.replace(/\/+$/, "")}/responses`).pipe(
            HttpClientRequest.bearerToken(Redacted.value(settings.apiKey)),
            HttpClientRequest.bodyUnsafeJson({
              model: settings.model,
              input: [{ role: "user", content: request.prompt }],
              tools: [{ type: "web_search" }],
              tool_choice: "auto"
            })
          )
          const response = yield* sendJson(httpRequest, settings.retry, rules).pipe(
            Effect.provideService(HttpClient.HttpClient, client)
          )
          const failure = responsesApiFailure("grok", response.body)
          if (failure !== undefined) return yield* failure
          return { model: Json.string(response.body, "model") ?? settings.model, payload: { response: response.body } }
        }).pipe(Effect.withSpan("Engine.grok.ask"))
    } satisfies Engine
  })
