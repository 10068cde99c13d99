import { franc } from "franc-min"
import { LEXICON_LANGUAGES, type LexiconLanguage } from "./WordLexicons.js"

/** Below this many letters the detector is not asked: the brand's language is used instead. */
export const MIN_DETECTABLE_LETTERS = 50

/** franc's ISO 639-3 codes of the languages the analyser has a lexicon for. */
const ISO_639_3: Record<LexiconLanguage, string> = {
  en: "eng",
  de: "deu",
  es: "spa",
  fr: "fra",
  it: "ita",
  nl: "nld",
  pt: "por"
}

/**
 * The language an answer is written in (ISO 639-1), detected with franc (trigram profiles) among
 * the languages the analyser has a lexicon for; the brand's configured language when the text is
 * too short or franc is undecided. An English answer for a brand set to German is read as English.
 */
export const detectLanguage = (text: string, fallback: string): string => {
  const letters = text.match(/\p{L}/gu)?.length ?? 0
  if (letters < MIN_DETECTABLE_LETTERS) return fallback
  const found = franc(text, { only: Object.values(ISO_639_3), minLength: MIN_DETECTABLE_LETTERS })
  return LEXICON_LANGUAGES.find((code) => ISO_639_3[code] === found) ?? fallback
}
