import { answer, type ParsedAnswer } from "../Answer.js"
import * as Json from "../Json.js"
import { markdownToText } from "../Markdown.js"

/**
 * The Responses API shape shared by OpenAI (chat_gpt) and xAI (grok): the answer is the
 * `output_text` of the message items (the `final_answer` phase when one is marked), citations are
 * `url_citation` annotations (plus xAI's top-level `citations`), queries come from the
 * `web_search_call` items: `action.queries`, the deprecated `action.query`, or xAI's legacy
 * `arguments` JSON string.
 */
export const parseResponsesApi = (response: unknown): ParsedAnswer => {
  const output = Json.array(response, "output")
  const messages = output.filter((item) => Json.string(item, "type") === "message")
  const finals = messages.filter((item) => Json.string(item, "phase") === "final_answer")
  const chosen = finals.length > 0 ? finals : messages

  const texts: Array<string> = []
  const citations: Array<string> = []
  for (const message of chosen) {
    for (const part of Json.array(message, "content")) {
      const type = Json.string(part, "type")
      if (type === "output_text") {
        const text = Json.string(part, "text")
        if (text !== undefined) texts.push(text)
        for (const annotation of Json.array(part, "annotations")) {
          const url = Json.string(annotation, "url")
          if (Json.string(annotation, "type") === "url_citation" && url !== undefined) citations.push(url)
        }
      } else if (type === "refusal") {
        const refusal = Json.string(part, "refusal")
        if (refusal !== undefined) texts.push(refusal)
      }
    }
  }
  citations.push(...Json.strings(response, "citations"))

  const queries: Array<string> = []
  for (const item of output) {
    if (Json.string(item, "type") !== "web_search_call") continue
    const action = Json.record(item, "action")
    if (action !== undefined) {
      queries.push(...Json.strings(action, "queries"))
      const query = Json.string(action, "query")
      if (query !== undefined) queries.push(query)
    }
    const args = Json.string(item, "arguments")
    if (args !== undefined) {
      try {
        const query = Json.string(JSON.parse(args), "query")
        if (query !== undefined) queries.push(query)
      } catch {
        // a legacy arguments string that is not JSON carries no query
      }
    }
  }

  const markdown = texts.join("\n\n")
  return answer({
    markdown,
    text: markdownToText(markdown),
    citations: Json.dedupe(citations),
    searchQueries: Json.dedupe(queries.map((q) => q.trim()).filter((q) => q !== ""))
  })
}
