import type { ScopedClause } from "../Sentiment.js"
import { CONTRAST_AFTER, CONTRAST_BEFORE, CONTRAST_MARKERS } from "./DomainLexicon.js"
import type { MentionSpan } from "./Mentions.js"

/**
 * Which clauses of an answer speak about which brand (the scope of sentiment).
 *
 * - The text is cut into blocks: paragraphs, list items, table rows; blocks into sentences (at
 *   `.`, `!`, `?`, `…` before whitespace); sentences into clauses at `;` and before a contrast
 *   marker ("but", "whereas", "however", "aber", "mais", "pero", ...).
 * - A clause that names tracked brands is about those brands. A clause that names none is about the
 *   brands of the previous clause in the same block ("It is also…", "But the app is clunky", the
 *   rest of a list item), and a question's brands carry to the answer that follows it.
 * - Questions ("Is X good for…?", "asked whether X is worth it") are not scored.
 * - Within a sentence, the clause after a contrast marker weighs CONTRAST_AFTER and the clause
 *   before it CONTRAST_BEFORE. Headings are not scored.
 * - Mentions, and the capitalised words of tracked names elsewhere, are never scored.
 * - A table row is about the brands in the row (its cells are its clauses); the header row is not
 *   scored.
 */

/** The brands mentioned in one answer, each with its mention spans. */
export interface ScopeBrand<B> {
  readonly brand: B
  readonly spans: ReadonlyArray<MentionSpan>
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

const MARKERS = [...new Set(Object.values(CONTRAST_MARKERS).flat())].sort((a, b) => b.length - a.length)
const CONTRAST = new RegExp(`(?<![\\p{L}\\p{N}])(?:${MARKERS.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "giu")

const TABLE_SEPARATOR = /^\s*\|?[\s:|-]+\|?\s*$/u
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)])\s+/u
const HEADING = /^\s*#{1,6}\s/u
/** Reported questions ("readers asked whether X is worth it") are questions too. */
const INDIRECT_QUESTION = /(?<![\p{L}])(?:whether)(?![\p{L}])/iu
const MARKDOWN_SYMBOLS = /[*_`#>|~]/gu

interface Segment {
  readonly start: number
  readonly end: number
  readonly weight: number
  readonly question: boolean
}

/** Sentence ends: `.!?…` followed by whitespace or the end of the range. */
const sentences = (text: string, start: number, end: number): Array<{ start: number; end: number }> => {
  const out: Array<{ start: number; end: number }> = []
  let from = start
  for (let i = start; i < end; i++) {
    const char = text[i] ?? ""
    if (/[.!?…]/u.test(char) && (i + 1 >= end || /\s/u.test(text[i + 1] ?? ""))) {
      out.push({ start: from, end: i + 1 })
      from = i + 1
    }
  }
  if (from < end) out.push({ start: from, end })
  return out.filter((s) => text.slice(s.start, s.end).trim().length > 0)
}

/** Clauses of a sentence: cut at `;` and before every contrast marker. */
const clauses = (text: string, start: number, end: number): Array<Segment> => {
  const sentence = text.slice(start, end)
  const question = /\?\s*[*_]*\s*$/u.test(sentence) || /^\s*[*_]*¿/u.test(sentence) || INDIRECT_QUESTION.test(sentence)
  const cuts: Array<{ at: number; contrast: boolean }> = [{ at: 0, contrast: false }]
  for (const match of sentence.matchAll(CONTRAST)) {
    // "yet another" is emphasis, not a contrast
    if (/^yet$/iu.test(match[0]) && /^\s+another\b/iu.test(sentence.slice(match.index + match[0].length))) continue
    if (match.index > 0) cuts.push({ at: match.index, contrast: true })
    else cuts[0] = { at: 0, contrast: true }
  }
  for (const match of sentence.matchAll(/;/gu)) cuts.push({ at: match.index + 1, contrast: false })
  cuts.sort((a, b) => a.at - b.at)
  return cuts.map((cut, index) => ({
    start: start + cut.at,
    end: start + (cuts[index + 1]?.at ?? sentence.length),
    weight: cut.contrast ? CONTRAST_AFTER : cuts[index + 1]?.contrast === true ? CONTRAST_BEFORE : 1,
    question
  })).filter((segment) => /[\p{L}\p{N}]/u.test(text.slice(segment.start, segment.end)))
}

/**
 * The words of tracked names that are never scored, as a pattern: each capitalised word of a name
 * or alias ("Less Annoying CRM" -> "Less", "Annoying", "CRM"), whole words, case-sensitive, so a
 * partial mention ("Annoying is cheap") is not scored but an ordinary "great" in "Great Bank is
 * great value" still is.
 */
export const nameWordPattern = (names: ReadonlyArray<string>): RegExp | null => {
  const words = [...new Set(names.flatMap((name) => name.split(/[^\p{L}\p{N}]+/u)))]
    .filter((word) => word.length > 1 && /^\p{Lu}/u.test(word))
    .sort((a, b) => b.length - a.length)
  return words.length === 0 ? null : new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "gu")
}

/** The clause's text as the judge reads it: mentions, name words and markdown symbols blanked. */
const clauseText = (text: string, segment: Segment, spans: ReadonlyArray<MentionSpan>, nameWords: RegExp | null): string => {
  let out = text.slice(segment.start, segment.end)
  for (const span of spans) {
    const from = Math.max(span.start, segment.start) - segment.start
    const to = Math.min(span.end, segment.end) - segment.start
    if (from < to) out = out.slice(0, from) + " ".repeat(to - from) + out.slice(to)
  }
  if (nameWords !== null) out = out.replace(nameWords, (word) => " ".repeat(word.length))
  return out.replace(MARKDOWN_SYMBOLS, " ").replace(/\s+/gu, " ").trim()
}

/** Attributes every clause of `text` to the brands it is about; brands in `brands` order. */
export const scopeClauses = <B>(
  text: string,
  brands: ReadonlyArray<ScopeBrand<B>>,
  nameWords: RegExp | null = null
): ReadonlyMap<B, ReadonlyArray<ScopedClause>> => {
  const allSpans = brands.flatMap((b) => b.spans)
  const out = new Map<B, Array<ScopedClause>>(brands.map((b) => [b.brand, []]))
  const brandsIn = (start: number, end: number): Array<B> =>
    brands.filter((b) => b.spans.some((span) => span.start < end && span.end > start)).map((b) => b.brand)
  const attribute = (targets: ReadonlyArray<B>, segment: Segment): void => {
    const clause = { text: clauseText(text, segment, allSpans, nameWords), weight: segment.weight }
    if (clause.text.length === 0) return
    for (const target of targets) out.get(target)?.push(clause)
  }

  let subject: ReadonlyArray<B> = []
  let afterQuestion = false
  let previousLineWasTable = false
  let offset = 0
  for (const line of text.split("\n")) {
    const start = offset
    const end = offset + line.length
    offset = end + 1
    const trimmed = line.trim()
    const isTable = trimmed.startsWith("|")
    if (trimmed.length === 0) {
      if (!afterQuestion) subject = []
      previousLineWasTable = false
      continue
    }
    if (isTable) {
      const header = !previousLineWasTable
      previousLineWasTable = true
      if (header || TABLE_SEPARATOR.test(line)) continue
      const row = brandsIn(start, end)
      let cellStart = start
      for (const cell of line.split("|")) {
        const cellEnd = cellStart + cell.length
        for (const segment of clauses(text, cellStart, cellEnd)) {
          const named = brandsIn(segment.start, segment.end)
          attribute(named.length > 0 ? named : row, segment)
        }
        cellStart = cellEnd + 1
      }
      subject = []
      continue
    }
    previousLineWasTable = false
    if (HEADING.test(line)) {
      subject = brandsIn(start, end)
      continue
    }
    const bullet = LIST_ITEM.exec(line)
    if (bullet !== null) subject = []
    for (const sentence of sentences(text, start + (bullet?.[0].length ?? 0), end)) {
      for (const segment of clauses(text, sentence.start, sentence.end)) {
        const named = brandsIn(segment.start, segment.end)
        if (segment.question) {
          if (named.length > 0) subject = named
          afterQuestion = true
          continue
        }
        afterQuestion = false
        if (named.length > 0) subject = named
        attribute(named.length > 0 ? named : subject, segment)
      }
    }
  }
  return out
}
