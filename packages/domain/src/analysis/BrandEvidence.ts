import { foldName } from "./Folding.js"
import { occurrencesOf } from "./NameOccurrences.js"
import { type DictionaryCase, isCalendarWord } from "./OrdinaryWords.js"

/**
 * Brand evidence for names that are ordinary words ("Close", "Notion", "Monday", "Wise"). Such a
 * name counts as a mention only when written with its capital and one of these holds:
 * - structure: bold or link text (also with a product name after it: "**Emma One**"), the head of a
 *   list item, the first words of a table cell, a heading;
 * - its capital away from the start of a sentence, when the dictionary writes the word in lower
 *   case ("… than Close", not "Monday" which is always capitalised);
 * - at the start of a sentence, followed by a verb that makes it the subject ("Close is", "Wise uses",
 *   "Otto liefert"), also after a model number ("Polestar 2 offers"), except weekdays and months;
 * - at the start of a sentence, opening a list with another tracked brand ("Tidal und Apple Music
 *   bieten…": `opensListWith`), or anywhere, closing one ("De'Longhi oder Siemens?": `closesListWith`);
 * - a product noun right after it ("Polar watches", "Monday boards"), or a possessive ("Chase's
 *   savings account"), except weekdays and months;
 * - the brand is established in the answer: another alias matched, its website's domain appears,
 *   or another occurrence had evidence of its own.
 * A lower-case occurrence ("close the deal", "in a nutshell") never counts.
 */

const SUBJECT_VERBS: ReadonlyArray<string> = [
  // en
  "is", "was", "has", "offers", "provides", "uses", "makes", "charges", "costs", "supports", "integrates", "includes",
  "lets", "allows", "remains", "stands", "sits", "shows", "gives", "works", "focuses", "excels", "shines", "lacks",
  "keeps", "does", "can", "could", "will", "might", "would", "should", "sells", "ships", "announced", "launched",
  "added", "stays", "tends", "feels", "looks", "comes", "takes", "gets", "wins", "beats", "leads",
  "pays", "runs", "requires", "needs", "handles", "covers", "delivers", "helps", "matches", "trails", "targets",
  "specializes", "specialises", "bundles", "syncs", "caps", "scores", "ranks", "rates", "removed",
  // de, fr, es
  "ist", "hat", "bietet", "kostet", "eignet", "punktet", "liefert", "gilt", "überzeugt", "setzt", "liegt", "steht",
  "verlangt", "est", "a", "offre", "propose", "coûte", "permet", "reste", "es", "tiene", "ofrece", "cuesta",
  "permite", "destaca", "cuenta", "sigue", "bleibt", "kann", "ermöglicht", "peut", "fonctionne", "puede", "funciona",
  // version 5: auxiliaries of a perfect tense ("Dia ha cerrado cientos de tiendas", "Wix hat …")
  "ha", "han", "haben", "have", "ont",
  // version 12: the past of bare facts ("Census did the same job until Fivetran acquired it", "Winc filed…")
  "did", "had", "became", "filed", "raised", "cut", "sold", "closed", "stopped", "ended", "lost", "settled",
  "war", "hatte", "wurde", "était", "avait", "fue", "era", "tenía",
  // version 18: selling and working ("Verti, la aseguradora digital del grupo Mapfre, vende seguros…")
  "vende", "venden", "trabaja", "verkauft", "vend",
  // version 21: "Porch, once pitched as a direct rival, now earns most of its money…"
  "earns", "operates", "serves", "lists", "hosts", "owns", "connects",
  // version 23: a shop's verbs ("Otto führt neben Möbeln auch ein großes Modesortiment")
  "führt", "vertreibt", "betreibt", "versendet", "verschickt", "lockt", "wirbt", "gehört", "startet", "zeigt"
]

/**
 * An aside between a subject and its verb: "Confluence, by contrast, feels dated", "Close, on the
 * other hand, is…", version 12: "Seek, made by the iNaturalist team, works…" (a comma, up to six
 * words, a comma); version 15: a relative clause of up to ten words, with numbers ("Prince, which
 * popularised the oversized racket in the 1970s, still makes…").
 */
const ASIDE =
  /^[*_]*\s*,\s*(?:(?:[\p{L}]+\s+){0,5}[\p{L}]+|(?:which|who|whose|die|der|das|qui|que|quien)(?:\s+[\p{L}\p{N}'’-]+){1,10})\s*,\s*/u

/** The name alone is the sentence: "Gusto." answering "Which payroll tool is best?". */
const ALONE = /^[*_]*(?:[.!][*_]*(?:\s|$)|\s*(?:\n|$))/u

/**
 * A model name after the brand: capitalised words, then a designation with a digit ("Lenovo
 * ThinkPad E14", "Brooks Ghost 16", "Polar Vantage V3"); version 21, a number then a capitalised
 * word ("Der Renault 5 E-Tech bietet").
 */
/** Words of a Title Case heading that are no model name ("Discover The 5 Best Cards", "Close Top 10 Deals"). */
const TITLE_WORDS: ReadonlySet<string> = new Set([
  "the", "a", "an", "our", "your", "my", "top", "best", "these", "those", "all", "ways", "tips", "steps", "reasons",
  "der", "die", "das", "den", "le", "la", "les", "el", "los", "las", "mejores", "meilleurs", "besten"
])
const hasTitleWord = (words: string): boolean =>
  (words.match(/\p{L}+/gu) ?? []).some((word) => TITLE_WORDS.has(word.toLowerCase()))

const MODEL_NAME =
  /^\s+(?:(?:\p{Lu}[\p{L}\p{N}+-]*\s+){1,2}(?:\p{L}*\p{N}[\p{L}\p{N}]*)|\p{N}+\s+\p{Lu}\p{L}*(?:-\p{L}+)?)(?![\p{L}\p{N}])/u

/** Words that may stand between a subject and its verb ("Confluence itself is", "Close also offers", "Apple n’a"). */
const SUBJECT_ADVERBS: ReadonlyArray<string> = [
  "itself", "also", "still", "now", "really", "only", "even", "already", "auch", "aussi", "también",
  // a negation before the verb: "Apple n’a rien à proposer", "Apple ne propose", "Apple no tiene"
  "n", "ne", "no"
]

const PRODUCT_NOUNS: ReadonlyArray<string> = [
  "app", "apps", "crm", "software", "platform", "tool", "tools", "suite", "plan", "plans", "pricing", "account",
  "accounts", "card", "cards", "bank", "watch", "watches", "shoes", "boards", "board", "workspace", "workspaces",
  "integration", "integrations", "editor", "api", "subscription", "users", "customers", "review", "website",
  "support", "team", "inc", "ltd", "gmbh", "sa", "dashboard", "templates", "newsletter", "plugin"
]

const ARTICLE_BEFORE = /(?:^|[^\p{L}])(?:die|der|das|den|dem|the)\s+$/iu

/** A list marker, also inside emphasis ("**4. Peacock: best value**", version 17). */
const LIST_HEAD = /^\s*(?:[-*+•]|(?:[*_]{1,3})?\d+[.)])?\s*$/u
const TABLE_CELL_START = /\|\s*$/u
const HEADING_HEAD = /^\s*#{1,6}\s*(?:\d+[.)]\s*)?$/u
const IN_HEADING = /^\s*#{1,6}\s/u
const EMPHASIS_BEFORE = /(?:\*\*|__|\[)$/u
const EMPHASIS_AFTER = /^(?:\*\*|__|\]\()/u

const lineStart = (text: string, index: number): number => text.lastIndexOf("\n", index - 1) + 1

/** The line before the occurrence with markdown emphasis and opening quotes/brackets removed. */
const prefixOf = (text: string, start: number): string =>
  text.slice(lineStart(text, start), start).replace(/[*_[("“'‘]+$/u, "")

export const isSentenceStart = (text: string, start: number): boolean => {
  const prefix = prefixOf(text, start)
  return LIST_HEAD.test(prefix) || HEADING_HEAD.test(prefix) || TABLE_CELL_START.test(prefix) ||
    /[.!?…:;¿¡]\s*$/u.test(prefix)
}

/** Written with the name's capital: "Close" for Close, not "close". */
export const capitalisedLikeName = (text: string, start: number, end: number, written: string): boolean => {
  const found = text.slice(start, end)
  const first = written.charAt(0)
  if (first !== first.toUpperCase()) return found === written
  return found.charAt(0) === found.charAt(0).toUpperCase() && found.charAt(0) !== found.charAt(0).toLowerCase()
}

const nextWords = (text: string, end: number, count: number): ReadonlyArray<string> =>
  (text.slice(end, end + 80).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, count)

/**
 * The rest of a bold or link text that opens with the name and holds a product name: up to two
 * capitalised or numbered words ("**Emma One**", "**Siemens EQ.6**"), not a phrase ("**Close the deal**").
 */
const EMPHASISED_PRODUCT = /^(?:\s+(?:\p{Lu}|\p{N})[\p{L}\p{N}.+-]*){1,2}(?:\*\*|__|\]\()/u

const structural = (text: string, start: number, end: number): boolean => {
  const before = text.slice(Math.max(0, start - 2), start)
  const after = text.slice(end, end + 2)
  if (EMPHASIS_BEFORE.test(before) && (EMPHASIS_AFTER.test(after) || EMPHASISED_PRODUCT.test(text.slice(end, end + 60)))) return true
  const prefix = prefixOf(text, start)
  return LIST_HEAD.test(prefix) && prefix.trim().length > 0 || TABLE_CELL_START.test(prefix) || HEADING_HEAD.test(prefix)
}

/**
 * The name alone in bold heading a table row or a list item, in any case (version 21): "| **star** |"
 * for Star, whose logo is lower case. An ordinary word is never set out so.
 */
const boldEntry = (text: string, start: number, end: number): boolean => {
  const prefix = prefixOf(text, start)
  return EMPHASIS_BEFORE.test(text.slice(Math.max(0, start - 2), start)) && EMPHASIS_AFTER.test(text.slice(end, end + 2)) &&
    (TABLE_CELL_START.test(prefix) || (LIST_HEAD.test(prefix) && prefix.trim().length > 0))
}

/** A hyphen and a capitalised word after the name: it heads a compound ("Panasonic-Rasierer"). */
const COMPOUND_HEAD = /^-\p{Lu}\p{Ll}/u

/** A verb, then "dass", "that", "que": "Klar ist, dass …" opens impersonally (version 17). */
const IMPERSONAL = /^[*_]*\s+\p{L}+\s*,?\s*(?:(?:dass|that|que)(?![\p{L}])|qu['’])/u
export const opensImpersonally = (text: string, end: number): boolean => IMPERSONAL.test(text.slice(end, end + 40))

/** Whether an occurrence of an ordinary-word name carries brand evidence of its own. */
export const hasOwnEvidence = (
  text: string,
  start: number,
  end: number,
  written: string,
  dictionaryCase: DictionaryCase
): boolean => {
  if (boldEntry(text, start, end)) return true
  if (!capitalisedLikeName(text, start, end, written)) return false
  if (structural(text, start, end)) return true
  const sentenceStart = isSentenceStart(text, start)
  const after = text.slice(end, end + 80)
  const modelName = MODEL_NAME.exec(after)
  if (modelName !== null && !isCalendarWord(text.slice(start, end)) && !hasTitleWord(modelName[0])) return true
  if (sentenceStart && ALONE.test(after)) return true
  const aside = ASIDE.exec(after)
  const [first, afterFirst, afterSecond] = nextWords(text, end + (aside?.[0].length ?? 0), 3)
  // a model number between the name and its verb: "Polestar 2 offers", "Sonos Era 100 has"
  const model = first !== undefined && /\d/u.test(first)
  const next = model ? afterFirst : first
  const second = model ? afterSecond : afterFirst
  if (PRODUCT_NOUNS.includes(next ?? "")) return true
  // a possessive ("Chase's savings account", "Notion's AI"): an imperative never takes one
  if (next === "s" && /^['’]s\b/u.test(text.slice(end + (aside?.[0].length ?? 0))) && !isCalendarWord(text.slice(start, end))) {
    return true
  }
  const verbFollows = SUBJECT_VERBS.includes(next ?? "") ||
    (SUBJECT_ADVERBS.includes(next ?? "") && SUBJECT_VERBS.includes(second ?? ""))
  // "Klar ist, dass …", "Clear is that …": an impersonal opening, no subject (version 17)
  const subject = sentenceStart && verbFollows && !opensImpersonally(text, end)
  // A word the dictionary always capitalises (German nouns, also names such as "Otto") is no brand
  // by its capital; as the subject of a verb it is, at a sentence start or after an article ("Die
  // Commerzbank ist…"), except weekdays and months ("Monday is…").
  if (dictionaryCase === "capitalised") {
    // version 15: the head of a hyphenated compound names the brand ("ein Panasonic-Rasierer")
    if (COMPOUND_HEAD.test(after)) return true
    // version 18: anywhere in a heading ("## Ist die Philips Quick Clean Pod gut?", "## Was taugt die
    // Station von Panasonic?"): headings name what the section is about, and a capital proves nothing there
    if (IN_HEADING.test(prefixOf(text, start))) return true
    return (subject || (verbFollows && ARTICLE_BEFORE.test(text.slice(Math.max(0, start - 8), start)))) &&
      !isCalendarWord(text.slice(start, end))
  }
  return !sentenceStart || subject
}

const LIST_CONTINUES = /^[*_]*\s*(?:,|\s(?:and|or|vs\.?|versus|und|oder|et|ou|y|o))\s+[*_]*/u

/**
 * An ordinary-word name opening a list with another tracked brand: "Tidal und Apple Music bieten
 * verlustfreies Audio", "Bei Edeka und Rewe" (`otherNames`: the other brands' folded names and
 * aliases). Version 9 dropped the sentence start it required: German capitalises every noun, so a
 * capital mid-sentence proved nothing there.
 */
export const opensListWith = (text: string, end: number, otherNames: ReadonlyArray<string>): boolean => {
  const after = text.slice(end, end + 80)
  const joined = LIST_CONTINUES.exec(after)
  if (joined === null) return false
  const rest = foldName(after.slice(joined[0].length))
  return otherNames.some((name) => occurrencesOf(rest, name).some(({ start }) => start === 0))
}

const LIST_CLOSES = /(?:,|\s(?:and|or|vs\.?|versus|und|oder|et|ou|y|o))\s+[*_]*$/u

/**
 * An ordinary-word name closing a list with another tracked brand: "De'Longhi oder Siemens?",
 * "Monzo or Chase" (`otherNames`: the other brands' folded names and aliases).
 */
export const closesListWith = (text: string, start: number, otherNames: ReadonlyArray<string>): boolean => {
  const before = text.slice(lineStart(text, start), start)
  const joined = LIST_CLOSES.exec(before)
  if (joined === null) return false
  const rest = foldName(before.slice(0, joined.index).replace(/[*_]+$/u, ""))
  return otherNames.some((name) => occurrencesOf(rest, name).some(({ end }) => end === rest.length))
}

const COMPARED_WITH = /(?<![\p{L}])(?:than|als|wie|que|qu['’]|like|vs\.?|versus)\s+[*_]*$/iu

/**
 * An ordinary-word name a sentence compares another tracked brand with: "Ist Lidl günstiger als
 * Aldi?", "Ally pays more than Chase" (version 8).
 */
export const comparedWith = (text: string, start: number, otherNames: ReadonlyArray<string>): boolean => {
  const line = text.slice(lineStart(text, start), start)
  const compared = COMPARED_WITH.exec(line)
  if (compared === null) return false
  const sentence = foldName(line.slice(0, compared.index).split(/[.!?;:]\s/u).pop() ?? "")
  return otherNames.some((name) => occurrencesOf(sentence, name).length > 0)
}

/** The registrable part of a website setting ("https://www.close.com/" -> "close.com"), if any. */
export const websiteDomain = (website: string | null | undefined): string | null => {
  if (website === null || website === undefined) return null
  const host = website.trim().toLowerCase().replace(/^[a-z]+:\/\//u, "").split(/[/?#]/u)[0] ?? ""
  const domain = host.replace(/^www\./u, "")
  return domain.includes(".") ? domain : null
}
