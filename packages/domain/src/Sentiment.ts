/// <reference path="./nlpjs.d.ts" />
import type { BaseStemmer, SentimentDictionaries, Stopwords, Tokenizer } from "@nlpjs/core"
import { Container } from "@nlpjs/core"
import { LangDe, SentimentDe, StemmerDe, StopwordsDe, TokenizerDe } from "@nlpjs/lang-de"
import { LangEs, SentimentEs, StemmerEs, StopwordsEs, TokenizerEs } from "@nlpjs/lang-es"
import { LangFr, SentimentFr, StemmerFr, StopwordsFr, TokenizerFr } from "@nlpjs/lang-fr"
import { LangIt, SentimentIt, StemmerIt, StopwordsIt, TokenizerIt } from "@nlpjs/lang-it"
import { LangNl, SentimentNl, StemmerNl, StopwordsNl, TokenizerNl } from "@nlpjs/lang-nl"
import { LangPt, SentimentPt, StemmerPt, StopwordsPt, TokenizerPt } from "@nlpjs/lang-pt"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Records from "effect/Record"
import AfinnSentiment from "sentiment"
import { formatDecimal } from "./DecimalString.js"
import { average } from "./Metrics.js"

/**
 * How favourably a text speaks of a brand: 0 (very negative) to 100 (very positive), 50 neutral,
 * judged on the excerpts around the brand's mentions. A service, so an LLM judge can replace the
 * lexicon without touching the analysis.
 */
export class Sentiment extends Context.Tag("@sightline/domain/Sentiment")<Sentiment, {
  readonly score: (excerpts: ReadonlyArray<string>, language: string) => Effect.Effect<number>
}>() {}

/**
 * Languages with a lexicon: English uses AFINN-165 (`sentiment`), the others the word lists of the
 * nlp.js language packs. Any other language scores 50 (neutral): no lexicon is better than a
 * foreign one.
 */
export const LEXICON_LANGUAGES = ["en", "de", "es", "fr", "it", "nl", "pt"] as const
export type LexiconLanguage = typeof LEXICON_LANGUAGES[number]

/** How fast the 0..100 scale saturates: a mean AFINN score of SCALE per excerpt reads 88.08. */
export const SCALE = 5

/** AFINN valences run from -AFINN_MAX to +AFINN_MAX; other lexicons are rescaled to that range. */
export const AFINN_MAX = 5

/**
 * Maps a mean AFINN score per excerpt (unbounded) to 0..100: `50 + 50 * tanh(score / SCALE)`,
 * rounded half away from zero to two decimals (the precision `responses.brand_sentiment` keeps).
 * Monotone (strictly increasing before rounding), 0 gives 50, never outside 0..100.
 * Examples: +3 (one "good") -> 76.85, +1 -> 59.87, -2 -> 31.00, -3 (one "bad") -> 23.15.
 */
export const scaleScore = (afinnScore: number): number =>
  Number(formatDecimal(50 + 50 * Math.tanh(afinnScore / SCALE)))

/** The lexicon language for a brand language ("en-GB" -> "en", "DE" -> "de"); none for others. */
export const lexiconLanguage = (language: string): Option.Option<LexiconLanguage> => {
  const base = language.trim().toLowerCase().split(/[-_]/)[0] ?? ""
  return Option.fromNullable(LEXICON_LANGUAGES.find((candidate) => candidate === base))
}

/** nlp.js's own normalisation (lowercase, diacritics stripped), applied to the negation words. */
const normalise = (word: string): string => word.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()

type LexiconSource = "senticon" | "pattern" | "afinn"

interface LanguagePack {
  readonly Lang: new() => { register(container: Container): void }
  readonly Tokenizer: new(container: Container, shouldNormalize: boolean) => Tokenizer
  readonly Stemmer: new(container: Container) => BaseStemmer
  readonly Stopwords: new(container: Container) => Stopwords
  readonly dictionaries: SentimentDictionaries
  /** Which of the pack's word lists is used (see docs/metrics.md for why). */
  readonly source: LexiconSource
  /** Negators added to nlp.js's list, which is empty for French and Italian. */
  readonly extraNegations: ReadonlyArray<string>
  /** Frequent function words that the list gives a valence by a homonym (Dutch "zeer": very / pain). */
  readonly extraStopwords: ReadonlyArray<string>
}

const LANGUAGE_PACKS: Record<Exclude<LexiconLanguage, "en">, LanguagePack> = {
  de: {
    Lang: LangDe,
    Tokenizer: TokenizerDe,
    Stemmer: StemmerDe,
    Stopwords: StopwordsDe,
    dictionaries: SentimentDe,
    source: "senticon",
    extraNegations: [],
    extraStopwords: []
  },
  // Spanish Senticon scores frequent words ("es" -> "ser", "para" -> "par") and "no" positively.
  es: {
    Lang: LangEs,
    Tokenizer: TokenizerEs,
    Stemmer: StemmerEs,
    Stopwords: StopwordsEs,
    dictionaries: SentimentEs,
    source: "afinn",
    extraNegations: [],
    extraStopwords: []
  },
  fr: {
    Lang: LangFr,
    Tokenizer: TokenizerFr,
    Stemmer: StemmerFr,
    Stopwords: StopwordsFr,
    dictionaries: SentimentFr,
    source: "pattern",
    extraNegations: ["ne", "n", "pas", "jamais", "aucun", "aucune", "sans"],
    extraStopwords: []
  },
  it: {
    Lang: LangIt,
    Tokenizer: TokenizerIt,
    Stemmer: StemmerIt,
    Stopwords: StopwordsIt,
    dictionaries: SentimentIt,
    source: "pattern",
    extraNegations: ["non", "mai", "nessun", "nessuno", "nessuna", "senza"],
    extraStopwords: []
  },
  nl: {
    Lang: LangNl,
    Tokenizer: TokenizerNl,
    Stemmer: StemmerNl,
    Stopwords: StopwordsNl,
    dictionaries: SentimentNl,
    source: "pattern",
    extraNegations: [],
    extraStopwords: ["zeer"]
  },
  pt: {
    Lang: LangPt,
    Tokenizer: TokenizerPt,
    Stemmer: StemmerPt,
    Stopwords: StopwordsPt,
    dictionaries: SentimentPt,
    source: "afinn",
    extraNegations: [],
    extraStopwords: []
  }
}

/** One language's word list, valences already on AFINN's -5..+5 scale. */
export interface WordLexicon {
  readonly source: LexiconSource
  readonly valences: ReadonlyMap<string, number>
  readonly negations: ReadonlySet<string>
  readonly isStopword: (word: string) => boolean
  readonly tokenize: (text: string) => ReadonlyArray<string>
  readonly stem: (word: string) => string | undefined
}

/**
 * Builds a language pack's lexicon. Senticon and Pattern valences (-1..+1) are multiplied by
 * AFINN_MAX, so that every lexicon feeds `scaleScore` in the units of AFINN (-5..+5).
 */
const makeWordLexicon = (container: Container, pack: LanguagePack): WordLexicon => {
  container.use(pack.Lang)
  const dictionary = pack.dictionaries[pack.source] ?? {}
  const factor = pack.source === "afinn" ? 1 : AFINN_MAX
  const tokenizer = new pack.Tokenizer(container, true)
  const stemmer = new pack.Stemmer(container)
  const stopwords = new pack.Stopwords(container)
  const extraStopwords = new Set(pack.extraStopwords.map(normalise))
  return {
    source: pack.source,
    valences: new Map(Object.entries(dictionary).map(([word, valence]) => [word, valence * factor])),
    negations: new Set([...pack.dictionaries.negations.words, ...pack.extraNegations].map(normalise)),
    isStopword: (word) => stopwords.isStopword(word) || extraStopwords.has(word),
    tokenize: (text) => tokenizer.tokenize(text, true),
    stem: (word) => stemmer.stemWord(word)
  }
}

/**
 * An excerpt's score in AFINN units: the sum of its words' valences. Stop words count nothing (in
 * some lists frequent words carry a homonym's valence: Spanish "con", Portuguese "para"). A word is
 * looked up as written (normalised) and otherwise by its stem, as some list entries are full words
 * whose stem differs (French "mauvais" -> "mauv"). A negator flips the next word found in the list
 * ("nicht sehr gut", "keine gute Lösung").
 */
export const wordLexiconScore = (lexicon: WordLexicon, text: string): number => {
  let score = 0
  let negated = false
  for (const token of lexicon.tokenize(text)) {
    if (lexicon.negations.has(token)) {
      negated = true
      continue
    }
    if (lexicon.isStopword(token)) continue
    const stem = lexicon.stem(token)
    const valence = lexicon.valences.get(token) ?? (stem === undefined ? undefined : lexicon.valences.get(stem))
    if (valence !== undefined) {
      score += negated ? -valence : valence
      negated = false
    }
  }
  return score
}

/**
 * The lexicon judge. English excerpts get the AFINN-165 score of the `sentiment` package (sum of
 * word valences -5..+5, with English negation: "not good" counts as bad); de, es, fr, it, nl and pt
 * excerpts get `wordLexiconScore` with the nlp.js lexicon of their language. The excerpts' mean is
 * mapped by `scaleScore`. No excerpts, or a language without a lexicon: 50 (neutral).
 */
export const makeLexiconSentiment = (): Context.Tag.Service<Sentiment> => {
  const afinn = new AfinnSentiment()
  const container = new Container()
  const scorers: Record<LexiconLanguage, (text: string) => number> = {
    en: (text) => afinn.analyze(text, { language: "en" }).score,
    ...Records.map(LANGUAGE_PACKS, (pack) => {
      const lexicon = makeWordLexicon(container, pack)
      return (text: string) => wordLexiconScore(lexicon, text)
    })
  }
  return {
    score: (excerpts, language) =>
      Effect.sync(() =>
        Option.match(lexiconLanguage(language), {
          onNone: () => 50,
          onSome: (code) => scaleScore(average(excerpts.map(scorers[code])))
        })
      )
  }
}

export const SentimentLexiconLive: Layer.Layer<Sentiment> = Layer.sync(Sentiment, makeLexiconSentiment)
