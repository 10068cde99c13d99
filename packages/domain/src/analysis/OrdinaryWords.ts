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
const cache = new Map<WordListLanguage, ReadonlyMap<string, DictionaryCase>>()

const load = (language: WordListLanguage): ReadonlyMap<string, DictionaryCase> => {
  const cached = cache.get(language)
  if (cached !== undefined) return cached
  const file = join(dirname(require.resolve(PACKAGES[language])), "index.dic")
  const words = new Map<string, DictionaryCase>()
  const lines = readFileSync(file, "utf8").split("\n")
  for (const line of lines.slice(1)) {
    const word = line.split("/", 1)[0]?.trim() ?? ""
    if (word.length === 0 || /\s/u.test(word)) continue
    const key = foldName(word)
    const lower = word === word.toLowerCase()
    if (lower || !words.has(key)) words.set(key, lower ? "lower" : "capitalised")
  }
  cache.set(language, words)
  return words
}

const isWordListLanguage = (language: string): language is WordListLanguage =>
  WORD_LIST_LANGUAGES.some((candidate) => candidate === language)

/**
 * The share of a text's lower-case words (two letters or more) that the language's dictionary lists
 * (its stems only: "flight" is found, "flights" is not, in every language alike). Undefined for a
 * language without a word list.
 */
export const dictionaryShare = (text: string, language: string): number | undefined => {
  if (!isWordListLanguage(language)) return undefined
  const words = (text.normalize("NFC").match(/(?<![\p{L}\p{N}])\p{Ll}{2,}(?![\p{L}\p{N}])/gu) ?? []).map(foldName)
  if (words.length === 0) return undefined
  const listed = load(language)
  return words.filter((word) => listed.get(word) === "lower").length / words.length
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
  const found = load(language).get(key)
  if (found !== "capitalised") return found
  // German capitalises every noun: its capitalised entries are ordinary words.
  return language === "de" || (language === "en" && ENGLISH_CALENDAR.has(key)) ? "capitalised" : undefined
}

/**
 * How an ordinary word is written when `name` (one word) is one in the answer's language or in
 * English (which answers in every language borrow from); undefined when it is no ordinary word.
 * "lower" wins: "close" is an ordinary lower-case word, "Monday" only ever capitalised. Names
 * written with inner capitals ("PayPal") or in capitals ("ING") are names, not ordinary words.
 */
export const ordinaryWord = (name: string, language: string): DictionaryCase | undefined => {
  const trimmed = name.trim()
  const key = foldName(trimmed)
  if (key.length === 0 || /[^\p{L}]/u.test(key)) return undefined
  if (/\p{Lu}/u.test(trimmed.slice(1)) || (trimmed.length > 1 && trimmed === trimmed.toUpperCase())) return undefined
  const languages: Array<WordListLanguage> = ["en"]
  const base = language.toLowerCase().split(/[-_]/u)[0] ?? ""
  if (isWordListLanguage(base) && base !== "en") languages.push(base)
  const found = languages.map((l) => caseIn(l, key))
  return found.includes("lower") ? "lower" : found.includes("capitalised") ? "capitalised" : undefined
}
