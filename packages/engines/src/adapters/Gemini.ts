import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type { Engine } from "../Engine.js"
import { codeOfStatus, EngineError } from "../EngineError.js"
import { type HttpFailure, type RetryPolicy, sendJson } from "../HttpRetry.js"
import * as Json from "../Json.js"
import { isGroundingRedirect } from "../parsers/Gemini.js"
import * as GroundingRedirects from "./GroundingRedirects.js"
import { errorMessage } from "./ProviderErrors.js"

export interface GeminiSettings {
  readonly apiKey: Redacted.Redacted
  /** e.g. https://generativelanguage.googleapis.com; `/v1beta/models/{model}:generateContent` is appended. */
  readonly baseUrl: string
  readonly model: string
  readonly retry: RetryPolicy
  readonly redirectTimeoutMs: number
}

const details = (body: unknown) => Json.array(Json.record(body, "error"), "details")

/** Gemini puts its wait hint in the body: RetryInfo.retryDelay, a protobuf duration like "38.2s". */
export const retryInfoDelayMs = (body: unknown): Option.Option<number> => {
  for (const detail of details(body)) {
    if (!Json.string(detail, "@type")?.endsWith("google.rpc.RetryInfo")) continue
    const match = /^(\d+(?:\.\d+)?)s$/.exec(Json.string(detail, "retryDelay") ?? "")
    if (match?.[1] !== undefined) return Option.some(Number.parseFloat(match[1]) * 1000)
  }
  return Option.none()
}

/** A QuotaFailure on a per-day quota will not clear by retrying today. */
const perDayQuota = (body: unknown): boolean =>
  details(body).some((detail) =>
    Json.string(detail, "@type")?.endsWith("google.rpc.QuotaFailure") === true &&
    Json.array(detail, "violations").some((v) => /PerDay/i.test(Json.string(v, "quotaId") ?? ""))
  )

/** gemini: generateContent with google_search grounding; grounding redirects resolved at collection. */
export const make = (settings: GeminiSettings): Effect.Effect<Engine, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const redirects = yield* GroundingRedirects.make({ timeoutMs: settings.redirectTimeoutMs })
    const rules = {
      engine: "gemini" as const,
      classify: (failure: HttpFailure) => ({
        code: failure.status === 429 && perDayQuota(failure.body) ? "quota_exhausted" as const : codeOfStatus(failure.status),
        message: errorMessage(failure)
      }),
      bodyRetryHint: retryInfoDelayMs
    }
    return {
      engine: "gemini",
      ask: (request) =>
        Effect.gen(function*() {
          const url = `${settings.baseUrl.replace(/\/+$/, "")}/v1beta/models/${encodeURIComponent(settings.model)}:generateContent`
          const httpRequest = HttpClientRequest.post(url).pipe(
            HttpClientRequest.setHeader("x-goog-api-key", Redacted.value(settings.apiKey)),
            HttpClientRequest.bodyUnsafeJson({
              contents: [{ role: "user", parts: [{ text: request.prompt }] }],
              tools: [{ google_search: {} }]
            })
          )
          const response = yield* sendJson(httpRequest, settings.retry, rules).pipe(
            Effect.provideService(HttpClient.HttpClient, client)
          )
          const candidates = Json.array(response.body, "candidates")
          if (candidates.length === 0) {
            const reason = Json.string(Json.record(response.body, "promptFeedback"), "blockReason")
            return yield* new EngineError({
              engine: "gemini",
              code: reason === undefined ? "failed" : "blocked",
              message: reason === undefined ? "the response has no candidates" : `the prompt was blocked (${reason})`,
              retryable: false
            })
          }
          const uris = Json.array(Json.record(candidates[0], "groundingMetadata"), "groundingChunks")
            .map((chunk) => Json.string(Json.record(chunk, "web"), "uri"))
            .filter((uri): uri is string => uri !== undefined && isGroundingRedirect(uri))
          const resolved = yield* Effect.forEach(
            [...new Set(uris)],
            (uri) => redirects.resolve(uri).pipe(Effect.map(Option.map((target) => [uri, target] as const))),
            { concurrency: 4 }
          )
          const resolvedUrls = Object.fromEntries(resolved.flatMap(Option.toArray))
          return {
            model: Json.string(response.body, "modelVersion") ?? settings.model,
            payload: { response: response.body, resolvedUrls }
          }
        }).pipe(Effect.provideService(HttpClient.HttpClient, client), Effect.withSpan("Engine.gemini.ask"))
    } satisfies Engine
  })
