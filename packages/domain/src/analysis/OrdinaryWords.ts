import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { foldName } from "./Folding.js"

/**
 * Ordinary words per language, from the Hunspell dictionaries of the `dictionary-*` packages
 * (wooorm/dictionaries: maintained LibreOffice/hunspell word lists). Only the stems listed in the
 * `.dic` file are read (no affix expansion): brand names are looked up as one word.
 */
export const WORD_LIST_LANGUAGES = ["en", "de", "fr", "es"] as const
type WordListLanguage = typeof WORD_LIST_LANGUAGES[number]

const PACKAGES: Record<WordListLanguage, string> = {
  en: "dictionary-en",
  de: "dictionary-de",
  fr: "dictionary-fr",
  es: "dictionary-es"
}

/** How the dictionary writes a word: "lower" when any entry is lower-case, else "capitalised". */
export type DictionaryCase = "lower" | "capitalised"

const require = createRequire(import.meta.url)

/**
 * A dictionary stem: how it is written, and its affix flags as the .dic file writes them (which
 * suffixes it takes; split only when a suffix rule is tried, so loading stays one pass of strings).
 */
interface Stem {
  readonly case: DictionaryCase
  readonly flags: string
}

/** A Hunspell suffix rule: a stem with `flag` that ends like `condition` drops `strip` and adds `add`. */
interface SuffixRule {
  readonly flag: string
  readonly strip: string
  readonly add: string
  readonly condition: RegExp
}

interface WordList {
  readonly stems: ReadonlyMap<string, Stem>
  readonly suffixes: ReadonlyArray<SuffixRule>
  /** The .aff file's FLAG: how `Stem.flags` splits into flags. */
  readonly flagKind: string
  /** `listedCase` of the words looked up so far: every analysed answer asks again for its brands' names. */
  readonly looked: Map<string, DictionaryCase | undefined>
}

const cache = new Map<WordListLanguage, WordList>()

/** Splits a flag string as the .aff file's FLAG says: one character (default, UTF-8), two (long), or numbers. */
const splitFlags = (flags: string, kind: string): ReadonlyArray<string> =>
  kind === "long" ? flags.match(/../gu) ?? [] : kind === "num" ? flags.split(",") : [...flags]

const readSuffixes = (aff: string, kind: string): ReadonlyArray<SuffixRule> => {
  const rules: Array<SuffixRule> = []
  for (const line of aff.split("\n")) {
    const [tag, flag, strip, add, condition] = line.trim().split(/\s+/u)
    // a group's header ("SFX R Y 4") has a cross-product flag where a rule has its strip
    if (tag !== "SFX" || flag === undefined || strip === undefined || add === undefined || condition === undefined || strip === "Y" || strip === "N") continue
    const folded = (part: string) => (part === "0" ? "" : foldName(part))
    try {
      rules.push({
        flag,
        strip: folded(strip),
        add: folded(add.split("/", 1)[0] ?? ""),
        condition: new RegExp(`${condition === "." ? "" : foldName(condition)}$`, "u")
      })
    } catch {
      continue
    }
  }
  return rules.filter((rule) => splitFlags(rule.flag, kind).length === 1)
}

const load = (language: WordListLanguage): WordList => {
  const cached = cache.get(language)
  if (cached !== undefined) return cached
  const folder = dirname(require.resolve(PACKAGES[language]))
  const aff = readFileSync(join(folder, "index.aff"), "utf8")
  const kind = /^FLAG\s+(\S+)/mu.exec(aff)?.[1] ?? "char"
  const stems = new Map<string, Stem>()
  const lines = readFileSync(join(folder, "index.dic"), "utf8").split("\n")
  for (const line of lines.slice(1)) {
    const [word = "", flags = ""] = line.trim().split(/\s/u, 1)[0]?.split("/", 2) ?? []
    if (word.length === 0) continue
    const key = foldName(word)
    const lower = word === word.toLowerCase()
    const known = stems.get(key)
    // "num" flags are comma-separated: keep the separator between two entries' lists
    const merged = known === undefined ? flags : `${known.flags}${kind === "num" ? "," : ""}${flags}`
    if (lower || known === undefined) stems.set(key, { case: lower ? "lower" : "capitalised", flags: merged })
    else stems.set(key, { ...known, flags: merged })
  }
  const list = { stems, suffixes: readSuffixes(aff, kind), flagKind: kind, looked: new Map() }
  cache.set(language, list)
  return list
}

/**
 * How the dictionary writes `key` (folded): as a stem, or as a stem with one of its suffixes
 * ("later" is "late" with the comparative suffix, "Framer" is "frame" + "r").
 */
const listedCase = (language: WordListLanguage, key: string): DictionaryCase | undefined => {
  const list = load(language)
  const stem = list.stems.get(key)
  if (stem !== undefined) return stem.case
  if (list.looked.has(key)) return list.looked.get(key)
  let derived: DictionaryCase | undefined
  for (const rule of list.suffixes) {
    if (!key.endsWith(rule.add) || key.length <= rule.add.length) continue
    const base = key.slice(0, key.length - rule.add.length) + rule.strip
    const found = list.stems.get(base)
    if (found !== undefined && splitFlags(found.flags, list.flagKind).includes(rule.flag) && rule.condition.test(base)) {
      derived = found.case
      break
    }
  }
  list.looked.set(key, derived)
  return derived
}

const isWordListLanguage = (language: string): language is WordListLanguage =>
  WORD_LIST_LANGUAGES.some((candidate) => candidate === language)

/** The word list of an answer's language ("fr-CA" -> "fr"), if there is one. */
const wordListLanguage = (language: string): WordListLanguage | undefined => {
  const base = language.toLowerCase().split(/[-_]/u)[0] ?? ""
  return isWordListLanguage(base) ? base : undefined
}

/**
 * The share of a text's lower-case words (two letters or more) that the language's dictionary lists
 * (its stems only: "flight" is found, "flights" is not, in every language alike). Undefined for a
 * language without a word list.
 */
export const dictionaryShare = (text: string, language: string): number | undefined => {
  if (!isWordListLanguage(language)) return undefined
  const words = (text.normalize("NFC").match(/(?<![\p{L}\p{N}])\p{Ll}{2,}(?![\p{L}\p{N}])/gu) ?? []).map(foldName)
  if (words.length === 0) return undefined
  const listed = load(language).stems
  return words.filter((word) => listed.get(word)?.case === "lower").length / words.length
}

/**
 * Capitalised words that are still ordinary words in English: the dictionary's other capitalised
 * entries are proper nouns (people, places, companies) and so no reason to doubt a brand.
 */
const ENGLISH_CALENDAR = new Set([
  "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february", "march",
  "april", "may", "june", "july", "august", "september", "october", "november", "december"
])

/** English weekday and month names: capitalised, yet ordinary words. */
export const isCalendarWord = (word: string): boolean => ENGLISH_CALENDAR.has(foldName(word))

const caseIn = (language: WordListLanguage, key: string): DictionaryCase | undefined => {
  const found = listedCase(language, key)
  if (found !== "capitalised") return found
  // German capitalises every noun: its capitalised entries are ordinary words.
  return language === "de" || (language === "en" && ENGLISH_CALENDAR.has(key)) ? "capitalised" : undefined
}

/**
 * English words beyond the spelling dictionary (`word-list`, about 274,000 words): closed compounds
 * and newer words that Hunspell's en_US list leaves out ("headspace", "asana"). Read on first use.
 */
let englishWords: ReadonlySet<string> | undefined

const isListedEnglishWord = (key: string): boolean => {
  englishWords ??= new Set(readFileSync(join(dirname(require.resolve("word-list")), "words.txt"), "utf8").split("\n"))
  return englishWords.has(key)
}

/**
 * How an ordinary word is written when `name` (one word) is one in the answer's language or in
 * English (which answers in every language borrow from); undefined when it is no ordinary word.
 * Version 15: in an answer in another listed language, a word only English has is no ordinary word
 * (written with its capital it is the name: "Indeed, si vous cherchez…").
 * "lower" wins: "close" is an ordinary lower-case word, "Monday" only ever capitalised. Names
 * written with inner capitals ("PayPal") or in capitals ("ING") are names, not ordinary words.
 */
export const ordinaryWord = (name: string, language: string): DictionaryCase | undefined => {
  const trimmed = name.trim()
  const key = foldName(trimmed)
  if (key.length === 0 || /[^\p{L}]/u.test(key)) return undefined
  if (/\p{Lu}/u.test(trimmed.slice(1)) || (trimmed.length > 1 && trimmed === trimmed.toUpperCase())) return undefined
  const languages: Array<WordListLanguage> = ["en"]
  const base = wordListLanguage(language)
  if (base !== undefined && base !== "en") languages.push(base)
  const found = languages.map((l) => caseIn(l, key))
  if (languages.length > 1 && found[1] === undefined) return undefined
  return found.includes("lower") ? "lower" : found.includes("capitalised") ? "capitalised" : undefined
}

/**
 * A name made only of ordinary words ("Headspace", "Kleines Kraftwerk", "Best Buy"): every word of it
 * is an ordinary word of the answer's language or English, by the spelling dictionaries or, for
 * English, the larger word list. Such a name is the brand only where it is written with its capitals.
 */
export const madeOfOrdinaryWords = (name: string, language: string): boolean =>
  name.trim().split(/\s+/u).every((word) =>
    ordinaryWord(word, language) !== undefined || isListedEnglishWord(foldName(word)) ||
    (wordListLanguage(language) === "de" && isGermanCompound(foldName(word)))
  )

/** The shortest stem a German compound is read as made of ("Kraft" + "werk"). */
const MIN_COMPOUND_PART = 3

/**
 * A German compound of two listed words, with or without a linking "s": "Kraftwerk",
 * "Arbeitsplatz". The dictionary lists compounds' parts, not the compounds themselves.
 */
const isGermanCompound = (key: string): boolean => {
  const stems = load("de").stems
  for (let cut = MIN_COMPOUND_PART; key.length - cut >= MIN_COMPOUND_PART; cut++) {
    const head = key.slice(0, cut)
    const tail = key.slice(cut)
    if (!stems.has(tail)) continue
    if (stems.has(head) || (head.endsWith("s") && stems.has(head.slice(0, -1)))) return true
  }
  return false
}
