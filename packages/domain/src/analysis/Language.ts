import * as Option from "effect/Option"
import { francAll } from "franc-min"
import { dictionaryShare } from "./OrdinaryWords.js"
import { LEXICON_LANGUAGES, type LexiconLanguage, lexiconLanguage } from "./WordLexicons.js"

/** Below this many letters the detector is not asked: the brand's language is used instead. */
export const MIN_DETECTABLE_LETTERS = 50

/**
 * franc scores every candidate relative to the best (1). When the brand's language scores at least
 * this, franc cannot tell them apart and the brand's language is kept: short English read as Dutch
 * (0.99) stays English, a German answer for an English brand (English at 0.72) reads German. Where
 * both languages have a dictionary (de, en, es, fr), the one listing more of the words decides instead.
 */
export const KEEP_BRAND_LANGUAGE_FROM = 0.95

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
 * too short, franc is undecided ("und"), or the brand's language scores close to the best. An English answer for a brand set to German is read as English.
 */
export const detectLanguage = (text: string, fallback: string): string => {
  const letters = text.match(/\p{L}/gu)?.length ?? 0
  if (letters < MIN_DETECTABLE_LETTERS) return fallback
  const scores = francAll(text, { only: Object.values(ISO_639_3), minLength: MIN_DETECTABLE_LETTERS })
  const brand = Option.getOrUndefined(lexiconLanguage(fallback))
  const brandScore = brand === undefined ? 0 : scores.find(([code]) => code === ISO_639_3[brand])?.[1] ?? 0
  const [best] = scores
  const detected = LEXICON_LANGUAGES.find((code) => ISO_639_3[code] === best?.[0])
  if (brandScore < KEEP_BRAND_LANGUAGE_FROM || brand === undefined) return detected ?? fallback
  if (detected === undefined || detected === brand) return fallback
  // franc cannot tell them apart: the language whose dictionary lists more of the words decides, where
  // both have one (English and French trigrams are close: a long English list read as French)
  const detectedShare = dictionaryShare(text, detected)
  const brandShare = dictionaryShare(text, brand)
  return detectedShare !== undefined && brandShare !== undefined && detectedShare > brandShare ? detected : fallback
}
