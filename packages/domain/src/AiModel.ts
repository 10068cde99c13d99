import * as Schema from "effect/Schema"

/** The AI engines Sightline monitors, as the API names them. */
export const AI_MODELS = [
  "chat_gpt",
  "perplexity",
  "bing_copilot",
  "google_ai",
  "gemini",
  "grok",
  "google_ai_mode"
] as const

export const AiModel = Schema.Literal(...AI_MODELS).annotations({
  identifier: "AiModel",
  description: "An AI engine whose answers are monitored."
})
export type AiModel = typeof AiModel.Type

export const isAiModel = Schema.is(AiModel)
