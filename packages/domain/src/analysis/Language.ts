import { detect } from "tinyld"
import { LEXICON_LANGUAGES } from "./WordLexicons.js"

/** Below this many letters the detector is not asked: the brand's language is used instead. */
export const MIN_DETECTABLE_LETTERS = 20

/**
 * The language an answer is written in (ISO 639-1), detected with tinyld among the languages the
 * analyser has a lexicon for; the brand's configured language when the text is too short or the
 * detector has no answer. An English answer for a brand set to German is read as English.
 */
export const detectLanguage = (text: string, fallback: string): string => {
  const letters = text.match(/\p{L}/gu)?.length ?? 0
  if (letters < MIN_DETECTABLE_LETTERS) return fallback
  const found = detect(text, { only: [...LEXICON_LANGUAGES] })
  return found.length > 0 ? found : fallback
}
