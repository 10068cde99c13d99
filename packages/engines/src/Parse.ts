import type { AiModel } from "@sightline/domain/AiModel"
import type { ParsedAnswer } from "./Answer.js"
import * as Json from "./Json.js"
import { parseGemini } from "./parsers/Gemini.js"
import { parsePerplexity } from "./parsers/Perplexity.js"
import { parseResponsesApi } from "./parsers/ResponsesApi.js"
import { parseBingCopilot, parseGoogleAiMode, parseGoogleAiOverview } from "./parsers/SerpApi.js"

const resolvedUrlsOf = (payload: unknown): Record<string, string> => {
  const resolved = Json.record(payload, "resolvedUrls") ?? {}
  const out: Record<string, string> = {}
  for (const [from, to] of Object.entries(resolved)) {
    if (typeof to === "string") out[from] = to
  }
  return out
}

/**
 * The normalised answer of a stored payload (`StoredPayload` as JSON). Pure: used by the worker
 * right after collection and by `reanalyze` on stored payloads.
 */
export const parseAnswer = (engine: AiModel, payload: unknown): ParsedAnswer => {
  const response = Json.isRecord(payload) ? payload["response"] : undefined
  const followUp = Json.isRecord(payload) ? payload["followUp"] : undefined
  switch (engine) {
    case "chat_gpt":
    case "grok":
      return parseResponsesApi(response)
    case "perplexity":
      return parsePerplexity(response)
    case "gemini":
      return parseGemini(response, resolvedUrlsOf(payload))
    case "google_ai":
      return parseGoogleAiOverview(response, followUp)
    case "google_ai_mode":
      return parseGoogleAiMode(response)
    case "bing_copilot":
      return parseBingCopilot(response)
  }
}
