import type { AiModel } from "@sightline/domain/AiModel"
import type * as Effect from "effect/Effect"
import type { StoredPayload } from "./Answer.js"
import type { EngineError } from "./EngineError.js"

/** One monitored prompt to ask, with the brand's market. */
export interface EngineRequest {
  readonly prompt: string
  /** ISO 3166-1 alpha-2, upper case (brands.country_code). */
  readonly countryCode: string
  /** ISO 639 code (brands.language_code). */
  readonly languageCode: string
}

export interface EngineResult {
  /** The model that answered, as the provider reports it (else the configured one; null for SERP engines). */
  readonly model: string | null
  readonly payload: StoredPayload
}

/** One AI engine behind a provider API. Adapters live in ./adapters, one module per provider. */
export interface Engine {
  readonly engine: AiModel
  readonly ask: (request: EngineRequest) => Effect.Effect<EngineResult, EngineError>
}
