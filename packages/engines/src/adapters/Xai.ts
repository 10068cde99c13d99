import type * as HttpClient from "@effect/platform/HttpClient"
import type * as Effect from "effect/Effect"
import type { Engine } from "../Engine.js"
import { codeOfStatus } from "../EngineError.js"
import { errorMessage } from "./ProviderErrors.js"
import { makeEngine, type ResponsesApiSettings } from "./ResponsesApi.js"

export type XaiSettings = ResponsesApiSettings

/**
 * grok: the xAI Responses API with the web_search agent tool. (Live Search on chat completions is
 * gone; its 410 is terminal, which codeOfStatus already says.)
 */
export const make = (settings: XaiSettings): Effect.Effect<Engine, never, HttpClient.HttpClient> =>
  makeEngine("grok", settings, {
    body: (request) => ({
      input: [{ role: "user", content: request.prompt }],
      tools: [{ type: "web_search" }],
      tool_choice: "auto"
    }),
    classify: (failure) => ({ code: codeOfStatus(failure.status), message: errorMessage(failure) })
  })
