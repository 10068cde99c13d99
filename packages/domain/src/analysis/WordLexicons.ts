/// <reference path="../nlpjs.d.ts" />
import type { BaseStemmer, SentimentDictionaries, Stopwords, Tokenizer } from "@nlpjs/core"
import { Container } from "@nlpjs/core"
import { LangDe, SentimentDe, StemmerDe, StopwordsDe, TokenizerDe } from "@nlpjs/lang-de"
import { LangEs, SentimentEs, StemmerEs, StopwordsEs, TokenizerEs } from "@nlpjs/lang-es"
import { LangFr, SentimentFr, StemmerFr, StopwordsFr, TokenizerFr } from "@nlpjs/lang-fr"
import { LangIt, SentimentIt, StemmerIt, StopwordsIt, TokenizerIt } from "@nlpjs/lang-it"
import { LangNl, SentimentNl, StemmerNl, StopwordsNl, TokenizerNl } from "@nlpjs/lang-nl"
import { LangPt, SentimentPt, StemmerPt, StopwordsPt, TokenizerPt } from "@nlpjs/lang-pt"
import * as Option from "effect/Option"

/**
 * Languages with a lexicon: English uses VADER's lexicon, the others the word lists of the nlp.js
 * language packs; de, es and fr also have a review vocabulary (DomainLexicon.ts). Any other language
 * scores 50 (neutral): no lexicon is better than a foreign one.
 */
export const LEXICON_LANGUAGES = ["en", "de", "es", "fr", "it", "nl", "pt"] as const
export type LexiconLanguage = typeof LEXICON_LANGUAGES[number]

/** VADER's valences run from -VADER_MAX to +VADER_MAX; the nlp.js lists are rescaled to that range. */
export const VADER_MAX = 4

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

/** One language's word list, valences already on VADER's -4..+4 scale. */
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
 * VADER_MAX and AFINN valences (-5..+5) by 4/5, so that every lexicon speaks VADER's units.
 */
const makeWordLexicon = (container: Container, pack: LanguagePack): WordLexicon => {
  container.use(pack.Lang)
  const dictionary = pack.dictionaries[pack.source] ?? {}
  const factor = pack.source === "afinn" ? VADER_MAX / 5 : VADER_MAX
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

/** The word lexicons of every language but English (built once; nlp.js packs are large). */
export const makeWordLexicons = (): Record<Exclude<LexiconLanguage, "en">, WordLexicon> => {
  const container = new Container()
  return {
    de: makeWordLexicon(container, LANGUAGE_PACKS.de),
    es: makeWordLexicon(container, LANGUAGE_PACKS.es),
    fr: makeWordLexicon(container, LANGUAGE_PACKS.fr),
    it: makeWordLexicon(container, LANGUAGE_PACKS.it),
    nl: makeWordLexicon(container, LANGUAGE_PACKS.nl),
    pt: makeWordLexicon(container, LANGUAGE_PACKS.pt)
  }
}
