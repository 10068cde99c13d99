import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type { Engine, EngineRequest } from "../Engine.js"
import { codeOfStatus, EngineError } from "../EngineError.js"
import { type HttpFailure, type RetryPolicy, sendJson } from "../HttpRetry.js"
import * as Json from "../Json.js"
import { errorMessage } from "./ProviderErrors.js"

export interface SerpApiSettings {
  readonly apiKey: Redacted.Redacted
  /** e.g. https://serpapi.com; `/search.json` is appended. */
  readonly baseUrl: string
  readonly retry: RetryPolicy
}

export type SerpApiEngine = "google_ai" | "google_ai_mode" | "bing_copilot"

const rulesFor = (engine: SerpApiEngine) => ({
  engine,
  classify: (failure: HttpFailure) => {
    const message = errorMessage(failure)
    // SerpApi answers 429 both for the hourly throughput and for an exhausted plan; only the text tells.
    const outOfSearches = failure.status === 429 && /run out of searches|out of searches|plan.*(limit|exhausted)/i.test(message)
    return { code: outOfSearches ? "quota_exhausted" as const : codeOfStatus(failure.status), message }
  }
})

/**
 * google_ai, google_ai_mode and bing_copilot through SerpApi (no first-party API exists). The
 * api_key travels as a query parameter: it never appears in an error or a log line.
 */
export const make = (engine: SerpApiEngine, settings: SerpApiSettings): Effect.Effect<Engine, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const rules = rulesFor(engine)
    const search = (params: Record<string, string>) =>
      Effect.gen(function*() {
        const request = HttpClientRequest.get(`${settings.baseUrl.replace(/\/+$/, "")}/search.json`).pipe(
          HttpClientRequest.setUrlParams({ ...params, api_key: Redacted.value(settings.apiKey) })
        )
        const response = yield* sendJson(request, settings.retry, rules)
        const metadata = Json.record(response.body, "search_metadata")
        if (Json.string(metadata, "status") === "Error") {
          return yield* new EngineError({
            engine,
            code: "failed",
            message: `the search failed: ${Json.string(response.body, "error") ?? "no message"}`,
            retryable: false
          })
        }
        return response.body
      }).pipe(Effect.provideService(HttpClient.HttpClient, client))

    const paramsOf = (request: EngineRequest): Record<string, string> => {
      const market = { gl: request.countryCode.toLowerCase(), hl: request.languageCode.toLowerCase() }
      switch (engine) {
        case "google_ai":
          return { engine: "google", q: request.prompt, ...market }
        case "google_ai_mode":
          return { engine: "google_ai_mode", q: request.prompt, ...market }
        case "bing_copilot":
          return { engine: "bing_copilot", q: request.prompt }
      }
    }

    return {
      engine,
      ask: (request) =>
        Effect.gen(function*() {
          const response = yield* search(paramsOf(request))
          const overview = Json.record(response, "ai_overview")
          const pageToken = Json.string(overview, "page_token")
          // The overview may be lazy-loaded: its token expires within minutes, so fetch it now.
          if (engine === "google_ai" && pageToken !== undefined && Json.array(overview, "text_blocks").length === 0) {
            const followUp = yield* search({ engine: "google_ai_overview", page_token: pageToken })
            return { model: null, payload: { response, followUp } }
          }
          return { model: null, payload: { response } }
        }).pipe(Effect.withSpan(`Engine.${engine}.ask`))
    } satisfies Engine
  })
