import { answer, type ParsedAnswer } from "../Answer.js"
import * as Json from "../Json.js"
import { markdownToTextWithoutMarkers } from "../Markdown.js"

/**
 * Sonar chat completions: the answer is `choices[0].message.content` (reasoning models may open
 * with a `<think>` block, dropped here), sources are `search_results[].url` with the legacy
 * `citations[]` as fallback. Plain Sonar does not return its search queries.
 */
export const parsePerplexity = (response: unknown): ParsedAnswer => {
  const choice = Json.array(response, "choices")[0]
  const content = Json.string(Json.record(choice, "message"), "content") ?? ""
  const markdown = content.replace(/<think>[\s\S]*?(<\/think>|$)/g, "").trim()
  const results = Json.array(response, "search_results")
    .map((result) => Json.string(result, "url"))
    .filter((url): url is string => url !== undefined)
  const citations = results.length > 0 ? results : Json.strings(response, "citations")
  return answer({
    markdown,
    text: markdownToTextWithoutMarkers(markdown),
    citations: Json.dedupe(citations),
    searchQueries: []
  })
}
