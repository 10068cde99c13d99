import { answer, type ParsedAnswer } from "../Answer.js"
import * as Json from "../Json.js"
import { markdownToText, markdownToTextWithoutMarkers } from "../Markdown.js"

/**
 * SerpApi's text_blocks model, shared by Google AI Overviews (`google` + `google_ai_overview`),
 * Google AI Mode and Bing Copilot. Blocks are rendered to markdown; cited URLs are the references
 * any block points to (matched on `references[].index`, not array position), in first-use order,
 * or every reference when no block points to one. None of them expose search queries.
 */
const renderList = (items: ReadonlyArray<unknown>, depth: number, out: Array<string>, refs: Array<number>) => {
  for (const item of items) {
    collectIndexes(item, refs)
    const title = Json.string(item, "title")
    const snippet = Json.string(item, "snippet") ?? ""
    const line = [title === undefined ? undefined : `**${title.trim()}**`, snippet.trim()].filter((s) => s !== undefined && s !== "").join(" ")
    if (line !== "") out.push(`${"  ".repeat(depth)}- ${line}`)
    renderList(Json.array(item, "list"), depth + 1, out, refs)
  }
}

const collectIndexes = (block: unknown, refs: Array<number>) => {
  for (const index of Json.array(block, "reference_indexes")) {
    if (typeof index === "number") refs.push(index)
  }
}

const renderBlocks = (blocks: ReadonlyArray<unknown>, out: Array<string>, refs: Array<number>) => {
  for (const block of blocks) {
    collectIndexes(block, refs)
    const type = Json.string(block, "type")
    const snippet = Json.string(block, "snippet")?.trim()
    if (type === "heading") {
      const level = Math.min(Math.max(Json.number(block, "level") ?? 2, 1), 6)
      if (snippet) out.push(`${"#".repeat(level)} ${snippet}`)
    } else if (type === "list") {
      if (snippet) out.push(snippet)
      const lines: Array<string> = []
      renderList(Json.array(block, "list"), 0, lines, refs)
      if (lines.length > 0) out.push(lines.join("\n"))
    } else if (type === "code_block") {
      const code = Json.string(block, "code")
      if (code !== undefined) out.push(`\`\`\`${Json.string(block, "language") ?? ""}\n${code}\n\`\`\``)
    } else if (type === "table") {
      const headers = Json.strings(block, "headers")
      const rows = Json.array(block, "table").filter(Array.isArray).map((row) => row.map((cell) => String(cell)))
      const all = headers.length > 0 ? [headers, ...rows] : rows
      const [head, ...body] = all
      if (head !== undefined) {
        out.push([`| ${head.join(" | ")} |`, `|${head.map(() => " --- ").join("|")}|`, ...body.map((r) => `| ${r.join(" | ")} |`)].join("\n"))
      }
    } else {
      if (snippet) out.push(snippet)
      const title = Json.string(block, "title")
      if (!snippet && title) out.push(title)
      renderBlocks(Json.array(block, "text_blocks"), out, refs)
      const lines: Array<string> = []
      renderList(Json.array(block, "list"), 0, lines, refs)
      if (lines.length > 0) out.push(lines.join("\n"))
    }
  }
}

const citedReferences = (container: unknown, refs: ReadonlyArray<number>): Array<string> => {
  const references = Json.array(container, "references")
  const byIndex = new Map<number, string>()
  references.forEach((reference, position) => {
    const link = Json.string(reference, "link")
    if (link !== undefined) byIndex.set(Json.number(reference, "index") ?? position, link)
  })
  const cited = refs.map((index) => byIndex.get(index)).filter((link): link is string => link !== undefined)
  return Json.dedupe(cited.length > 0 ? cited : byIndex.values())
}

const fromTextBlocks = (container: unknown, header: string | undefined, preferred: string | undefined): ParsedAnswer => {
  // AI Mode's reconstructed_markdown carries numeric source markers; rendered blocks have none.
  const out: Array<string> = []
  const refs: Array<number> = []
  if (header !== undefined && header.trim() !== "") out.push(`# ${header.trim()}`)
  renderBlocks(Json.array(container, "text_blocks"), out, refs)
  const markdown = preferred !== undefined && preferred.trim() !== "" ? preferred.trim() : out.join("\n\n")
  const text = preferred !== undefined && preferred.trim() !== "" ? markdownToTextWithoutMarkers(markdown) : markdownToText(markdown)
  return answer({ markdown, text, citations: citedReferences(container, refs), searchQueries: [] })
}

const noAnswerReason = (response: unknown, what: string): string => {
  const error = Json.string(response, "error")
  return error === undefined ? `no ${what} for this query` : `no ${what} for this query: ${error}`
}

/** Google AI Overviews: the inline `ai_overview`, or the one the page_token follow-up returned. */
export const parseGoogleAiOverview = (response: unknown, followUp: unknown): ParsedAnswer => {
  const overview = Json.record(followUp, "ai_overview") ?? Json.record(response, "ai_overview")
  if (overview === undefined || Json.array(overview, "text_blocks").length === 0) {
    return { _tag: "NoAnswer", reason: noAnswerReason(followUp ?? response, "AI Overview") }
  }
  return fromTextBlocks(overview, undefined, undefined)
}

export const parseGoogleAiMode = (response: unknown): ParsedAnswer => {
  const markdown = Json.string(response, "reconstructed_markdown")
  if (Json.array(response, "text_blocks").length === 0 && (markdown === undefined || markdown.trim() === "")) {
    return { _tag: "NoAnswer", reason: noAnswerReason(response, "AI Mode answer") }
  }
  return fromTextBlocks(response, undefined, markdown)
}

export const parseBingCopilot = (response: unknown): ParsedAnswer => {
  if (Json.array(response, "text_blocks").length === 0) {
    return { _tag: "NoAnswer", reason: noAnswerReason(response, "Copilot answer") }
  }
  return fromTextBlocks(response, Json.string(response, "header"), undefined)
}
