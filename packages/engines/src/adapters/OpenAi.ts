import type * as HttpClient from "@effect/platform/HttpClient"
import type * as Effect from "effect/Effect"
import type { Engine } from "../Engine.js"
import { codeOfStatus } from "../EngineError.js"
import * as Json from "../Json.js"
import { errorMessage } from "./ProviderErrors.js"
import { makeEngine, type ResponsesApiSettings } from "./ResponsesApi.js"

export type OpenAiSettings = ResponsesApiSettings

/** chat_gpt: the OpenAI Responses API with the hosted web_search tool. */
export const make = (settings: OpenAiSettings): Effect.Effect<Engine, never, HttpClient.HttpClient> =>
  makeEngine("chat_gpt", settings, {
    body: (request) => ({
      input: request.prompt,
      tools: [{ type: "web_search", user_location: { type: "approximate", country: request.countryCode } }],
      tool_choice: "auto",
      include: ["web_search_call.action.sources"],
      store: false
    }),
    classify: (failure) => {
      const error = Json.record(failure.body, "error")
      const quota = Json.string(error, "code") === "insufficient_quota" || Json.string(error, "type") === "insufficient_quota"
      return { code: quota ? "quota_exhausted" : codeOfStatus(failure.status), message: errorMessage(failure) }
    }
  })
