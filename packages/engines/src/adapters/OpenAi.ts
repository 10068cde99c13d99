import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type { Engine } from "../Engine.js"
import { codeOfStatus } from "../EngineError.js"
import { type RetryPolicy, sendJson } from "../HttpRetry.js"
import * as Json from "../Json.js"
import { errorMessage } from "./ProviderErrors.js"
import { responsesApiFailure } from "./ResponsesApiFailure.js"

export interface OpenAiSettings {
  readonly apiKey: Redacted.Redacted
  /** e.g. https://api.openai.com/v1; `/responses` is appended. */
  readonly baseUrl: string
  readonly model: string
  readonly retry: RetryPolicy
}

/** chat_gpt: the OpenAI Responses API with the hosted web_search tool. */
export const make = (settings: OpenAiSettings): Effect.Effect<Engine, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const rules = {
      engine: "chat_gpt" as const,
      classify: (failure: Parameters<typeof errorMessage>[0]) => {
        const error = Json.record(failure.body, "error")
        const quota = Json.string(error, "code") === "insufficient_quota" || Json.string(error, "type") === "insufficient_quota"
        return { code: quota ? "quota_exhausted" as const : codeOfStatus(failure.status), message: errorMessage(failure) }
      }
    }
    return {
      engine: "chat_gpt",
      ask: (request) =>
        Effect.gen(function*() {
          const httpRequest = HttpClientRequest.post(`${settings.baseUrl.replace(/\/+$/, "")}/responses`).pipe(
            HttpClientRequest.bearerToken(Redacted.value(settings.apiKey)),
            HttpClientRequest.bodyUnsafeJson({
              model: settings.model,
              input: request.prompt,
              tools: [{ type: "web_search", user_location: { type: "approximate", country: request.countryCode } }],
              tool_choice: "auto",
              include: ["web_search_call.action.sources"],
              store: false
            })
          )
          const response = yield* sendJson(httpRequest, settings.retry, rules).pipe(
            Effect.provideService(HttpClient.HttpClient, client)
          )
          const failure = responsesApiFailure("chat_gpt", response.body)
          if (failure !== undefined) return yield* failure
          return { model: Json.string(response.body, "model") ?? settings.model, payload: { response: response.body } }
        }).pipe(Effect.withSpan("Engine.chat_gpt.ask"))
    } satisfies Engine
  })
