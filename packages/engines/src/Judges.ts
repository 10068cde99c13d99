import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { AnalysisJudge, JudgeFailed, type JudgeKind, type JudgeRequest, VERDICT_JSON_SCHEMA } from "@sightline/domain/analysis/Judge"
import * as Config from "effect/Config"
import type * as ConfigError from "effect/ConfigError"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { errorMessage } from "./adapters/ProviderErrors.js"
import { responsesApiFailure } from "./adapters/ResponsesApi.js"
import { codeOfStatus } from "./EngineError.js"
import { defaultRetryPolicy, type ProviderRules, type RetryPolicy, sendJson } from "./HttpRetry.js"
import * as Json from "./Json.js"

/**
 * The model judge's transport (ANALYSIS_JUDGE): one structured-output call through the same
 * providers, keys, base URLs and retry policy as the engines, without web search.
 * - openai: POST {OPENAI_BASE_URL}/responses with `text.format` = json_schema (strict);
 * - gemini: POST {GEMINI_BASE_URL}/v1beta/models/{model}:generateContent with
 *   `generationConfig.responseMimeType` application/json and `responseJsonSchema`.
 * The answer's JSON text is parsed and returned; the domain checks it (Judge.ts `checkVerdict`).
 */
export interface JudgeSettings {
  readonly kind: JudgeKind
  readonly apiKey: Redacted.Redacted
  readonly baseUrl: string
  readonly model: string
  readonly retry: RetryPolicy
}

const parseJsonText = (text: string | undefined): Effect.Effect<unknown, JudgeFailed> =>
  text === undefined
    ? Effect.fail(new JudgeFailed({ reason: "the answer has no text" }))
    : Effect.try({ try: () => JSON.parse(text), catch: () => new JudgeFailed({ reason: "the answer is not JSON" }) })

const openAiText = (body: unknown): string | undefined => {
  for (const item of Json.array(body, "output")) {
    if (Json.string(item, "type") !== "message") continue
    for (const part of Json.array(item, "content")) {
      if (Json.string(part, "type") === "output_text") return Json.string(part, "text")
    }
  }
  return undefined
}

const geminiText = (body: unknown): string | undefined => {
  const [candidate] = Json.array(body, "candidates")
  const parts = Json.array(Json.record(candidate, "content"), "parts")
  // Thought summaries (`thought: true`) are not the answer.
  const texts = parts.filter((part) => !(Json.isRecord(part) && part["thought"] === true)).flatMap((part) => {
    const text = Json.string(part, "text")
    return text === undefined ? [] : [text]
  })
  return texts.length === 0 ? undefined : texts.join("")
}

const httpRequest = (settings: JudgeSettings, request: JudgeRequest): HttpClientRequest.HttpClientRequest => {
  const base = settings.baseUrl.replace(/\/+$/, "")
  if (settings.kind === "openai") {
    return HttpClientRequest.post(`${base}/responses`).pipe(
      HttpClientRequest.bearerToken(Redacted.value(settings.apiKey)),
      HttpClientRequest.bodyUnsafeJson({
        model: settings.model,
        instructions: request.instructions,
        input: request.input,
        text: { format: { type: "json_schema", name: "brand_verdict", schema: VERDICT_JSON_SCHEMA, strict: true } },
        store: false
      })
    )
  }
  return HttpClientRequest.post(`${base}/v1beta/models/${encodeURIComponent(settings.model)}:generateContent`).pipe(
    HttpClientRequest.setHeader("x-goog-api-key", Redacted.value(settings.apiKey)),
    HttpClientRequest.bodyUnsafeJson({
      systemInstruction: { parts: [{ text: request.instructions }] },
      contents: [{ role: "user", parts: [{ text: request.input }] }],
      generationConfig: { responseMimeType: "application/json", responseJsonSchema: VERDICT_JSON_SCHEMA }
    })
  )
}

/** The judge over the given provider. */
export const make = (settings: JudgeSettings): Effect.Effect<AnalysisJudge["Type"], never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const engine = settings.kind === "openai" ? "chat_gpt" as const : "gemini" as const
    const rules: ProviderRules = {
      engine,
      classify: (failure) => ({ code: codeOfStatus(failure.status), message: errorMessage(failure) })
    }
    return AnalysisJudge.of({
      kind: settings.kind,
      model: settings.model,
      judge: (request) =>
        Effect.gen(function*() {
          const response = yield* sendJson(httpRequest(settings, request), settings.retry, rules).pipe(
            Effect.provideService(HttpClient.HttpClient, client),
            Effect.mapError((error) => new JudgeFailed({ reason: `${error.code}: ${error.message}` }))
          )
          if (settings.kind === "openai") {
            const failure = responsesApiFailure(engine, response.body)
            if (failure !== undefined) return yield* new JudgeFailed({ reason: failure.message })
            return yield* parseJsonText(openAiText(response.body))
          }
          return yield* parseJsonText(geminiText(response.body))
        }).pipe(Effect.withSpan(`AnalysisJudge.${settings.kind}`))
    })
  })

export const layer = (settings: JudgeSettings): Layer.Layer<AnalysisJudge, never, HttpClient.HttpClient> =>
  Layer.effect(AnalysisJudge, make(settings))

/** Default judge models: small and cheap; ANALYSIS_JUDGE_MODEL overrides. */
export const DEFAULT_JUDGE_MODELS: Record<JudgeKind, string> = { openai: "gpt-5-nano", gemini: "gemini-2.5-flash-lite" }

const DEFAULT_BASE_URLS: Record<JudgeKind, string> = {
  openai: "https://api.openai.com/v1",
  gemini: "https://generativelanguage.googleapis.com"
}

/**
 * ANALYSIS_JUDGE (unset or "off": no judge; "openai" or "gemini"), ANALYSIS_JUDGE_MODEL, and the
 * provider's key and base URL as the engines read them (OPENAI_API_KEY / OPENAI_BASE_URL,
 * GEMINI_API_KEY / GEMINI_BASE_URL). A judge without its key is a configuration error.
 */
export const judgeConfig: Effect.Effect<Option.Option<JudgeSettings>, ConfigError.ConfigError> = Effect.gen(function*() {
  const value = yield* Config.string("ANALYSIS_JUDGE").pipe(
    Config.withDefault("off"),
    Config.map((raw) => raw.trim().toLowerCase()),
    Config.validate({
      message: "ANALYSIS_JUDGE must be openai, gemini or off",
      validation: (raw) => raw === "off" || raw === "" || raw === "openai" || raw === "gemini"
    })
  )
  if (value !== "openai" && value !== "gemini") return Option.none()
  const kind: JudgeKind = value
  const prefix = kind === "openai" ? "OPENAI" : "GEMINI"
  const settings = yield* Config.all({
    apiKey: Config.redacted(`${prefix}_API_KEY`).pipe(
      Config.validate({
        message: `ANALYSIS_JUDGE=${kind} needs ${prefix}_API_KEY`,
        validation: (key) => Redacted.value(key).trim() !== ""
      })
    ),
    baseUrl: Config.string(`${prefix}_BASE_URL`).pipe(Config.withDefault(DEFAULT_BASE_URLS[kind])),
    model: Config.string("ANALYSIS_JUDGE_MODEL").pipe(Config.withDefault(DEFAULT_JUDGE_MODELS[kind]))
  })
  return Option.some<JudgeSettings>({ kind, ...settings, retry: defaultRetryPolicy })
})

/**
 * Runs `effect` with the judge ANALYSIS_JUDGE configures (over fetch), or as it is when none is:
 * every analysis inside then asks the judge first and falls back to the local analyser.
 */
export const withConfiguredJudge = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | ConfigError.ConfigError, R> =>
  Effect.flatMap(judgeConfig, (settings) =>
    Option.match(settings, {
      onNone: () => effect,
      onSome: (judge) => Effect.provide(effect, layer(judge).pipe(Layer.provide(FetchHttpClient.layer)))
    }))
