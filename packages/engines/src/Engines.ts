import type * as HttpClient from "@effect/platform/HttpClient"
import type { AiModel } from "@sightline/domain/AiModel"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import * as Gemini from "./adapters/Gemini.js"
import * as OpenAi from "./adapters/OpenAi.js"
import * as Perplexity from "./adapters/Perplexity.js"
import * as SerpApi from "./adapters/SerpApi.js"
import * as Xai from "./adapters/Xai.js"
import type { Engine } from "./Engine.js"
import type { RetryPolicy } from "./HttpRetry.js"

interface ProviderSettings {
  readonly apiKey: Redacted.Redacted
  readonly baseUrl: string
}
interface ModelProviderSettings extends ProviderSettings {
  readonly model: string
}

/** Which providers are configured (a provider is enabled when its key is set; the app reads config). */
export interface EngineSettings {
  readonly retry: RetryPolicy
  readonly openai: Option.Option<ModelProviderSettings>
  readonly perplexity: Option.Option<ModelProviderSettings>
  readonly gemini: Option.Option<ModelProviderSettings & { readonly redirectTimeoutMs: number }>
  readonly xai: Option.Option<ModelProviderSettings>
  readonly serpapi: Option.Option<ProviderSettings>
}

/** The enabled engines, by name. */
export class Engines extends Context.Tag("@sightline/engines/Engines")<Engines, {
  readonly enabled: ReadonlyArray<AiModel>
  readonly get: (engine: AiModel) => Option.Option<Engine>
}>() {}

export const make = (settings: EngineSettings): Effect.Effect<Engines["Type"], never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const retry = settings.retry
    const engines: Array<Engine> = []
    if (Option.isSome(settings.openai)) engines.push(yield* OpenAi.make({ ...settings.openai.value, retry }))
    if (Option.isSome(settings.perplexity)) engines.push(yield* Perplexity.make({ ...settings.perplexity.value, retry }))
    if (Option.isSome(settings.gemini)) engines.push(yield* Gemini.make({ ...settings.gemini.value, retry }))
    if (Option.isSome(settings.xai)) engines.push(yield* Xai.make({ ...settings.xai.value, retry }))
    if (Option.isSome(settings.serpapi)) {
      for (const engine of ["google_ai", "google_ai_mode", "bing_copilot"] as const) {
        engines.push(yield* SerpApi.make(engine, { ...settings.serpapi.value, retry }))
      }
    }
    const byName = new Map(engines.map((engine) => [engine.engine, engine]))
    return Engines.of({ enabled: [...byName.keys()], get: (engine) => Option.fromNullable(byName.get(engine)) })
  })

export const layer = (settings: EngineSettings): Layer.Layer<Engines, never, HttpClient.HttpClient> =>
  Layer.effect(Engines, make(settings))
