import { answer, type ParsedAnswer } from "../Answer.js"
import * as Json from "../Json.js"
import { markdownToText } from "../Markdown.js"

/** Grounding chunk URIs are Google redirects; the adapter resolves them at collection time. */
export const isGroundingRedirect = (uri: string): boolean => {
  try {
    return new URL(uri).pathname.startsWith("/grounding-api-redirect/")
  } catch {
    return false
  }
}

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i

/**
 * generateContent with google_search grounding: the answer is the text of the first candidate's
 * parts (thought parts skipped), queries are `groundingMetadata.webSearchQueries`, sources are the
 * grounding chunks. A chunk's URL is its resolved redirect target; when that is unknown, its
 * `web.domain` or `web.title` (usually the bare domain) stands in as the site's root URL.
 */
export const parseGemini = (response: unknown, resolvedUrls: Readonly<Record<string, string>>): ParsedAnswer => {
  const candidate = Json.array(response, "candidates")[0]
  const parts = Json.array(Json.record(candidate, "content"), "parts")
  const markdown = parts
    .filter((part) => Json.isRecord(part) && part["thought"] !== true)
    .map((part) => Json.string(part, "text") ?? "")
    .join("")
  const grounding = Json.record(candidate, "groundingMetadata")
  const citations: Array<string> = []
  for (const chunk of Json.array(grounding, "groundingChunks")) {
    const web = Json.record(chunk, "web")
    const uri = Json.string(web, "uri")
    if (uri === undefined) continue
    const resolved = resolvedUrls[uri]
    if (resolved !== undefined) {
      citations.push(resolved)
    } else if (!isGroundingRedirect(uri)) {
      citations.push(uri)
    } else {
      const host = [Json.string(web, "domain"), Json.string(web, "title")].find((value) =>
        value !== undefined && HOSTNAME.test(value)
      )
      if (host !== undefined) citations.push(`https://${host.toLowerCase()}/`)
    }
  }
  return answer({
    markdown,
    text: markdownToText(markdown),
    citations: Json.dedupe(citations),
    searchQueries: Json.dedupe(Json.strings(grounding, "webSearchQueries").map((q) => q.trim()).filter((q) => q !== ""))
  })
}
