import { foldName, foldWithMap, isWordChar } from "./Folding.js"
import { occurrencesOf } from "./NameOccurrences.js"
import {
  capitalisedLikeName,
  closesListWith,
  comparedWith,
  hasOwnEvidence,
  isSentenceStart,
  opensImpersonally,
  opensListWith,
  websiteDomain
} from "./BrandEvidence.js"
import { DEFAULT_MATCH, type MatchSettings } from "./MatchSettings.js"
import { type DictionaryCase, isCalendarWord, madeOfOrdinaryWords, ordinaryWord } from "./OrdinaryWords.js"

/** A brand Sightline looks for in answers: the own brand or one of its monitored competitors. */
export interface TrackedBrand {
  readonly kind: "brand" | "competitor"
  /** brands.id or competitors.id */
  readonly id: number
  readonly name: string
  readonly aliases: ReadonlyArray<string>
  /** The brand's website (a domain or URL): evidence that an ordinary-word name means the brand. */
  readonly website?: string | null
  readonly match?: MatchSettings
}

/** Where a brand occurs in the analysed text: `text.slice(start, end)` is the matched spelling. */
export interface MentionSpan {
  readonly start: number
  readonly end: number
}

export interface BrandMention {
  readonly brand: TrackedBrand
  /** Index of the first mention in the analysed text. */
  readonly firstIndex: number
  /** 1 + the number of other tracked brands whose first mention comes earlier (docs/api-decisions.md). */
  readonly position: number
  /** The sentence around each mention (several mentions in one sentence give one excerpt). */
  readonly excerpts: ReadonlyArray<string>
  /** Every mention, in text order. */
  readonly spans: ReadonlyArray<MentionSpan>
}

/** Excerpts are the sentence around a mention, cut to at most this many characters on each side. */
export const EXCERPT_WINDOW = 200

// Text that is not read as prose: markdown link targets, reference definitions, HTML tags and
// autolinks, bare URLs and e-mail addresses. A brand's domain inside a URL is not a mention.
const NON_PROSE: ReadonlyArray<RegExp> = [
  /\]\([^)]*\)/g,
  /^[ \t]{0,3}\[[^\]\n]+\]:[^\n]*$/gm,
  /<\/?[A-Za-z][^<>\n]*>/g,
  /\b(?:https?:\/\/|www\.)[^\s<>()[\]]+/giu,
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu
]

/**
 * Blanks out everything that is not prose with spaces of the same length, so indexes into the
 * masked text are indexes into the original.
 */
export const maskNonProse = (text: string): string =>
  NON_PROSE.reduce((masked, pattern) => masked.replace(pattern, (found) => " ".repeat(found.length)), text)

/** A name of punctuation only ("-", "&") would match everywhere: such names are ignored. */
const hasWordChar = (name: string): boolean => [...name].some(isWordChar)

interface Candidate {
  readonly brandIndex: number
  readonly brand: TrackedBrand
  /** Offsets in the original text. */
  readonly start: number
  readonly end: number
}

/** A spelling to look for: folded for the search, with the rules that apply to its occurrences. */
interface Spelling {
  readonly folded: string
  /** The occurrence must read exactly this (case-sensitive mode, split spellings). */
  readonly exact: string | null
  /** Set when the spelling is an ordinary word: it needs brand evidence (OrdinaryWords.ts). */
  readonly ordinary: DictionaryCase | undefined
  /** A name of ordinary words the dictionary rules do not cover: it must be written with its capitals. */
  readonly capitalsRequired: boolean
  readonly written: string
}

/** An occurrence carries the name's capitals: each word the name capitalises starts with a capital. */
const carriesCapitals = (written: string, name: string): boolean => {
  const writtenWords = written.trim().split(/\s+/u)
  return name.trim().split(/\s+/u).every((word, index) => !/^\p{Lu}/u.test(word) || /^\p{Lu}/u.test(writtenWords[index] ?? ""))
}

/** The shortest part a one-word name is split into ("Sound Stripe": 5 and 6 letters; version 18, "My Protein"). */
const MIN_SPLIT_PART = 2

/**
 * A one-word name written as two capitalised words: "MailerLite" -> "Mailer Lite"; version 17, a
 * name without an inner capital at any point ("Soundstripe" -> "Sound Stripe", "Soun Dstripe"…):
 * the occurrence must read exactly so, both capitals included, which prose never does by chance.
 */
/** A name split before each inner capital: "MailerLite" -> "Mailer Lite". */
const splitAtInnerCapitals = (name: string): string => name.replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")

export const splitSpellings = (name: string): ReadonlyArray<string> => {
  const trimmed = name.trim()
  // version 18: letters and a number apart ("Beer 52" for Beer52) or together ("Beer52" for "Beer 52")
  const numbered = /^(\p{L}+)\s?(\p{N}+)$/u.exec(trimmed)
  if (numbered !== null) {
    const [, letters = "", digits = ""] = numbered
    // version 21: and the letters split at an inner capital ("Immobilien Scout 24" for ImmobilienScout24)
    const camel = splitAtInnerCapitals(letters)
    return [
      /\s/u.test(trimmed) ? `${letters}${digits}` : `${letters} ${digits}`,
      ...(camel === letters ? [] : [`${camel} ${digits}`, `${camel}${digits}`])
    ]
  }
  if (/\s/u.test(trimmed) || !/^\p{Lu}\p{L}+$/u.test(trimmed)) return []
  const camel = splitAtInnerCapitals(trimmed)
  if (camel !== trimmed) return [camel]
  if (!/^\p{Lu}\p{Ll}+$/u.test(trimmed)) return []
  return Array.from({ length: trimmed.length - 2 * MIN_SPLIT_PART + 1 }, (_, index) => index + MIN_SPLIT_PART)
    .map((at) => `${trimmed.slice(0, at)} ${trimmed.charAt(at).toUpperCase()}${trimmed.slice(at + 1)}`)
}

/**
 * A two-word name written as one word: "Mailer Lite" -> "MailerLite"; version 17, also "Hydro
 * Flask" -> "Hydroflask" (matched with its first capital, the rest in any case).
 */
export const joinedSpelling = (name: string): string | null => {
  const parts = name.trim().split(/\s+/u)
  return parts.length === 2 && parts.every((part) => /^\p{Lu}\p{Ll}+$/u.test(part)) ? parts.join("") : null
}

/** Conjunctions an ampersand is written out as ("Riese & Müller" is also "Riese und Müller"). */
const AMPERSAND_WORDS: ReadonlyArray<string> = ["and", "und", "et", "y"]

/** A written-out conjunction between a capitalised word and the next ("Tuft and Needle"). */
const WRITTEN_CONJUNCTION = new RegExp(`(\\p{Lu}\\S*)\\s(?:${AMPERSAND_WORDS.join("|")})\\s(?=\\p{Lu})`, "gu")

/** "Riese & Müller" -> "Riese and Müller", "Riese und Müller"…; "Tuft and Needle" -> "Tuft & Needle" (version 16). */
export const ampersandSpellings = (name: string): ReadonlyArray<string> => {
  const trimmed = name.trim()
  if (/\s&\s/u.test(trimmed)) return AMPERSAND_WORDS.map((word) => trimmed.replace(/\s&\s/gu, ` ${word} `))
  const joined = trimmed.replace(WRITTEN_CONJUNCTION, "$1 & ")
  return joined === trimmed ? [] : [joined]
}

/**
 * Joined by a hyphen or a plus, written apart (version 21): "Health-Ade" is also "Health Ade",
 * "Kuehne+Nagel" also "Kuehne + Nagel" and "Kuehne Nagel"; a two-word name is also hyphenated ("Health
 * Ade" -> "Health-Ade"). Matched exactly as written, capitals included.
 */
export const joinerSpellings = (name: string): ReadonlyArray<string> => {
  const trimmed = name.trim()
  if (/[\p{L}\p{N}][-+][\p{L}\p{N}]/u.test(trimmed)) {
    return [
      trimmed.replace(/([\p{L}\p{N}])[-+](?=[\p{L}\p{N}])/gu, "$1 "),
      ...(trimmed.includes("+") ? [trimmed.replace(/([\p{L}\p{N}])\+(?=[\p{L}\p{N}])/gu, "$1 + ")] : [])
    ]
  }
  const parts = trimmed.split(/\s+/u)
  return parts.length === 2 && parts.every((part) => /^\p{Lu}\p{L}+$/u.test(part)) ? [parts.join("-")] : []
}

const spellingsOf = (brand: TrackedBrand, language: string): ReadonlyArray<Spelling> => {
  const settings = brand.match ?? DEFAULT_MATCH
  const names = [...new Set([brand.name, ...brand.aliases].map((name) => name.trim()))].filter(hasWordChar)
  if (settings.mode === "case-sensitive") {
    return names.map((name) => ({ folded: foldName(name), exact: name, ordinary: undefined, capitalsRequired: false, written: name }))
  }
  const own = names.map((name): Spelling => {
    const ordinary = ordinaryWord(name, language)
    return {
      folded: foldName(name),
      exact: null,
      ordinary,
      capitalsRequired: ordinary === undefined && /\p{Lu}/u.test(name) && madeOfOrdinaryWords(name, language),
      written: name
    }
  })
  const split = names.flatMap((name): Array<Spelling> =>
    [...splitSpellings(name), ...ampersandSpellings(name), ...joinerSpellings(name)].map((other) => ({
      folded: foldName(other),
      exact: other,
      ordinary: undefined,
      capitalsRequired: false,
      written: other
    }))
  )
  // a joined spelling that is a word of its own ("Any Time" -> "Anytime") is that word
  const joined = names.flatMap((name): Array<Spelling> => {
    const other = joinedSpelling(name)
    return other === null || ordinaryWord(other.charAt(0) + other.slice(1).toLowerCase(), language) !== undefined
      ? []
      : [{ folded: foldName(other), exact: null, ordinary: undefined, capitalsRequired: true, written: other }]
  })
  return [...own, ...split, ...joined].filter((spelling, index, all) => all.findIndex((o) => o.folded === spelling.folded) === index)
}

/** A German compound naming a style after the name: "im Bauhaus-Stil" (version 18). */
const STYLE_COMPOUND = /^-Stils?(?![\p{L}])/u

/** Overlapping matches: the longest wins; then the earliest; then the brand listed first. */
const selectNonOverlapping = (candidates: Array<Candidate>, length: number): Array<Candidate> => {
  const taken = new Uint8Array(length)
  const sorted = [...candidates].sort((a, b) =>
    (b.end - b.start) - (a.end - a.start) || a.start - b.start || a.brandIndex - b.brandIndex
  )
  const accepted: Array<Candidate> = []
  for (const candidate of sorted) {
    let free = true
    for (let i = candidate.start; i < candidate.end && free; i++) free = taken[i] === 0
    if (!free) continue
    taken.fill(1, candidate.start, candidate.end)
    accepted.push(candidate)
  }
  return accepted
}

const isSpace = (char: string | undefined): boolean => char !== undefined && /\s/u.test(char)
const ENDS_SENTENCE = /[.!?…]/u
const ENDS_SENTENCE_UNSPACED = /[。！？]/u

/**
 * The sentence around `text.slice(start, end)`: it stops at a line break, at `.`, `!`, `?` or `…`
 * followed by whitespace, or at `。！？`; and at most EXCERPT_WINDOW characters on either side
 * (cut at a space so no word is split). Whitespace runs are collapsed.
 */
export const excerptAround = (text: string, start: number, end: number): string => {
  const minFrom = Math.max(0, start - EXCERPT_WINDOW)
  let from = start
  let sentenceStart = false
  while (from > minFrom && !sentenceStart) {
    const char = text[from - 1] ?? ""
    sentenceStart = char === "\n" || ENDS_SENTENCE_UNSPACED.test(char) ||
      (isSpace(char) && ENDS_SENTENCE.test(text[from - 2] ?? ""))
    if (!sentenceStart) from--
  }
  // Cut by the window in the middle of a word: start after the next space instead.
  if (!sentenceStart && from > 0 && !isSpace(text[from - 1])) {
    const space = text.slice(from, start).search(/\s/u)
    if (space >= 0) from += space + 1
  }
  const maxTo = Math.min(text.length, end + EXCERPT_WINDOW)
  let to = end
  let sentenceEnd = false
  while (to < maxTo && !sentenceEnd) {
    const char = text[to] ?? ""
    if (char === "\n") break
    to++
    sentenceEnd = ENDS_SENTENCE_UNSPACED.test(char) ||
      (ENDS_SENTENCE.test(char) && (to >= text.length || isSpace(text[to])))
  }
  if (!sentenceEnd && to < text.length && !isSpace(text[to])) {
    const space = text.slice(end, to).search(/\s\S*$/u)
    if (space >= 0) to = end + space
  }
  return text.slice(from, to).replace(/\s+/gu, " ").trim()
}

export interface MentionOptions {
  /** The answer's language: which word list tells ordinary words from names (English is always used). */
  readonly language?: string
}

const regexCandidates = (masked: string, brand: TrackedBrand, brandIndex: number, pattern: string): Array<Candidate> => {
  let compiled: RegExp
  try {
    compiled = new RegExp(pattern, "gu")
  } catch {
    return []
  }
  return [...masked.matchAll(compiled)]
    .filter((match) => match[0].length > 0)
    .map((match) => ({ brandIndex, brand, start: match.index, end: match.index + match[0].length }))
}

/** Where the brand's exclusion phrases occur (original offsets). */
const excludedRanges = (
  folded: ReturnType<typeof foldWithMap>,
  text: string,
  exclusions: ReadonlyArray<string>
): Array<{ start: number; end: number }> =>
  exclusions.map(foldName).filter(hasWordChar).flatMap((phrase) =>
    occurrencesOf(folded.text, phrase).map(({ end, start }) => ({
      start: folded.start[start] ?? 0,
      end: folded.end[end - 1] ?? text.length
    }))
  )

/** One brand's occurrences, after the match settings, exclusions and ordinary-word rules. */
const brandCandidates = (
  text: string,
  masked: string,
  folded: ReturnType<typeof foldWithMap>,
  brand: TrackedBrand,
  brandIndex: number,
  language: string,
  otherNames: ReadonlyArray<string>
): Array<Candidate> => {
  const settings = brand.match ?? DEFAULT_MATCH
  const excluded = excludedRanges(folded, text, settings.exclusions)
  const allowed = (candidate: { start: number; end: number }) =>
    !excluded.some((range) => range.start < candidate.end && range.end > candidate.start)
  if (settings.mode === "regex") {
    return settings.pattern === null ? [] : regexCandidates(masked, brand, brandIndex, settings.pattern).filter(allowed)
  }
  const plain: Array<Candidate> = []
  const ordinary: Array<Candidate & { readonly written: string; readonly dictionaryCase: DictionaryCase }> = []
  // lower-case occurrences of a name written with a capital ("hojiblanca" for Hojiblanca), unless
  // a name or alias is itself written in lower case ("tigerbox") or it is a domain ("hubspot.com")
  const lowered: Array<Candidate> = []
  const writtenLower = new Set([brand.name, ...brand.aliases].filter((name) => name === name.toLowerCase()).map(foldName))
  for (const spelling of spellingsOf(brand, language)) {
    for (const found of occurrencesOf(folded.text, spelling.folded)) {
      const candidate = { brandIndex, brand, start: folded.start[found.start] ?? 0, end: folded.end[found.end - 1] ?? text.length }
      if (!allowed(candidate)) continue
      if (spelling.exact !== null && text.slice(candidate.start, candidate.end).replace(/\s+/gu, " ") !== spelling.exact) continue
      const written = text.slice(candidate.start, candidate.end)
      // version 18: a style named after it ("Loungemöbel im Bauhaus-Stil") names no brand
      if (STYLE_COMPOUND.test(text.slice(candidate.end, candidate.end + 8))) continue
      // "into the right headspace" is not Headspace, "ein kleines Kraftwerk" not Kleines Kraftwerk
      // (unless the admin also writes the name in lower case: "tigerbox")
      if (spelling.capitalsRequired && !writtenLower.has(spelling.folded) && !carriesCapitals(written, spelling.written)) continue
      const asDomain = /^\.\p{Ll}{2,}/u.test(text.slice(candidate.end, candidate.end + 4))
      if (spelling.ordinary === undefined && written === written.toLowerCase() && !writtenLower.has(spelling.folded) && !asDomain) {
        lowered.push(candidate)
      } else if (spelling.ordinary === undefined) plain.push(candidate)
      else ordinary.push({ ...candidate, written: spelling.written, dictionaryCase: spelling.ordinary })
    }
  }
  // version 11: where the answer also names the brand another way (with its capital, or by another
  // spelling), a lower-case occurrence is another word ("un coupage de hojiblanca" beside the brand
  // **Hojiblanca**, "Wer einfach nur schöner wohnen möchte" beside **Schöner Wohnen**); alone, it is
  // the brand written casually
  if (plain.length === 0 && ordinary.length === 0) plain.push(...lowered)
  if (ordinary.length === 0) return plain
  const domain = websiteDomain(brand.website)
  const withEvidence = ordinary.filter((o) =>
    hasOwnEvidence(text, o.start, o.end, o.written, o.dictionaryCase) ||
    (capitalisedLikeName(text, o.start, o.end, o.written) &&
      (opensListWith(text, o.end, otherNames) || closesListWith(text, o.start, otherNames) ||
        comparedWith(text, o.start, otherNames)))
  )
  const established = plain.length > 0 || withEvidence.length > 0 ||
    (domain !== null && text.toLowerCase().includes(domain))
  // Once established, the name's capitalised occurrences count; at a sentence start, where a
  // capital proves nothing, only when no object follows it the way one follows an imperative
  // ("Obsidian stores everything" counts, "Close the deal" and "Discover your rewards" do not).
  const accepted = established
    ? ordinary.filter((o) =>
      withEvidence.includes(o) ||
      // version 21: a weekday or month proves nothing by its capital even once the brand is
      // established ("spend your Sunday mornings" beside the lawn-care brand **Sunday**)
      (!isCalendarWord(o.written) && capitalisedLikeName(text, o.start, o.end, o.written) &&
        (!isSentenceStart(text, o.start) || COORDINATED.test(text.slice(o.end, o.end + 40)) ||
          (SUBJECT_FOLLOWS.test(text.slice(o.end, o.end + 40)) && !opensImpersonally(text, o.end))))
    )
    : []
  return [...plain, ...accepted.map(({ brand, brandIndex, end, start }) => ({ brand, brandIndex, start, end }))]
}

/**
 * After an established name at a sentence start, a lower-case word that is not an imperative's
 * object (an article, a pronoun, a possessive, a quantifier): "Obsidian stores…", "Notion gets…".
 */
const SUBJECT_FOLLOWS =
  /^[*_]*\s+(?!(?:the|a|an|your|you|yours|our|us|my|me|his|her|their|them|it|its|this|that|these|those|more|new|every|all|some|any|up|out|off|down|in|on|with|to|for|and|or|der|die|das|den|dem|ein|eine|einen|ihre|ihr|ihren|sie|es|le|la|les|un|une|des|du|vos|votre|nos|notre|el|los|las|una|tu|tus|su|sus|nuestro|nuestra)\b)[\p{Ll}][\p{L}'’-]*/u

/** An established name opening a sentence in a list of names: "Notion and Obsidian take…". */
const COORDINATED = /^[*_]*\s*(?:,|\s(?:and|or|vs\.?|versus|und|oder|et|ou|y|o))\s+[*_]*\p{Lu}/u

/**
 * Finds the tracked brands mentioned in `text` (plain text or markdown).
 *
 * - Names and aliases match case- and accent-insensitively ("acmé", "ACME" match "Acme"), on word
 *   boundaries: the letters or digits around a match must not continue the word ("Apple" is not in
 *   "Pineapple"; "Acme's" and "ACME," match). Next to scripts written without spaces (Han, kana,
 *   Thai, ...) no boundary is required.
 * - Where the answer also writes a capitalised name with its capital, its lower-case occurrences are
 *   another word ("un coupage de hojiblanca" beside **Hojiblanca**); domains ("acme.com") and names
 *   the admin writes in lower case still count.
 * - A name or alias that is an ordinary word of the answer's language or English matches only with
 *   brand evidence (BrandEvidence.ts): "close the deal" is not Close.
 * - Split spellings match when written with the name's capitals: "Mailer Lite" is MailerLite,
 *   "Active Campaign" is ActiveCampaign, "Sound Stripe" is Soundstripe; joined ones with the first
 *   capital: "MailerLite" and "Hydroflask" are "Mailer Lite" and "Hydro Flask".
 * - A brand's match settings apply: case-sensitive names, a regular expression, exclusion phrases.
 * - Overlapping matches: the longest wins ("Acme CRM" over "Acme"), then the earliest.
 * - URLs, markdown link targets, HTML tags and e-mail addresses are not prose and never match;
 *   link texts do.
 * - The result lists the mentioned brands by position (first mention order).
 */
export const findMentions = (
  text: string,
  brands: ReadonlyArray<TrackedBrand>,
  options: MentionOptions = {}
): ReadonlyArray<BrandMention> => {
  const masked = maskNonProse(text)
  const folded = foldWithMap(masked)
  const language = options.language ?? "en"
  const names = brands.map((brand) => [brand.name, ...brand.aliases].map(foldName))
  const candidates = brands.flatMap((brand, brandIndex) =>
    brandCandidates(text, masked, folded, brand, brandIndex, language, names.filter((_, other) => other !== brandIndex).flat())
  )
  const accepted = selectNonOverlapping(candidates, text.length)
  const byBrand = new Map<number, { readonly brand: TrackedBrand; readonly spans: Array<MentionSpan> }>()
  for (const candidate of accepted) {
    const entry = byBrand.get(candidate.brandIndex) ?? { brand: candidate.brand, spans: [] }
    entry.spans.push({ start: candidate.start, end: candidate.end })
    byBrand.set(candidate.brandIndex, entry)
  }
  const found = [...byBrand.entries()].map(([brandIndex, { brand, spans }]) => {
    const ordered = [...spans].sort((a, b) => a.start - b.start)
    return { brandIndex, brand, spans: ordered, firstIndex: ordered[0]?.start ?? 0 }
  })
  const mentions = found.map(({ brand, brandIndex, firstIndex, spans }): BrandMention => ({
    brand,
    firstIndex,
    position: 1 + found.filter((other) => other.brandIndex !== brandIndex && other.firstIndex < firstIndex).length,
    excerpts: [...new Set(spans.map((span) => excerptAround(text, span.start, span.end)))],
    spans
  }))
  return mentions.sort((a, b) => a.firstIndex - b.firstIndex || a.position - b.position)
}
