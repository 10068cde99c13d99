import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
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

/** Languages the bundled lexicon has; any other language is scored with the English lexicon. */
export const LEXICON_LANGUAGES: ReadonlyArray<string> = ["en"]

/** How fast the 0..100 scale saturates: a mean AFINN score of SCALE per excerpt reads 88.08. */
export const SCALE = 5

/**
 * Maps a mean AFINN score per excerpt (unbounded) to 0..100: `50 + 50 * tanh(score / SCALE)`,
 * rounded half away from zero to two decimals (the precision `responses.brand_sentiment` keeps).
 * Monotone (strictly increasing before rounding), 0 gives 50, never outside 0..100.
 * Examples: +3 (one "good") -> 76.85, +1 -> 59.87, -2 -> 31.00, -3 (one "bad") -> 23.15.
 */
export const scaleScore = (afinnScore: number): number =>
  Number(formatDecimal(50 + 50 * Math.tanh(afinnScore / SCALE)))

/** The lexicon language used for a brand language ("en-GB" -> "en"; unknown -> "en"). */
export const lexiconLanguage = (language: string): string => {
  const base = language.trim().toLowerCase().split(/[-_]/)[0] ?? ""
  return LEXICON_LANGUAGES.includes(base) ? base : "en"
}

/**
 * The lexicon judge: each excerpt gets the AFINN-165 score of the `sentiment` package (sum of word
 * valences -5..+5, with English negation: "not good" counts as bad); the excerpts' mean is mapped
 * by `scaleScore`. No excerpts: 50 (neutral).
 */
export const makeLexiconSentiment = (): Context.Tag.Service<Sentiment> => {
  const analyser = new AfinnSentiment()
  return {
    score: (excerpts, language) =>
      Effect.sync(() => {
        const lexicon = lexiconLanguage(language)
        return scaleScore(average(excerpts.map((excerpt) => analyser.analyze(excerpt, { language: lexicon }).score)))
      })
  }
}

export const SentimentLexiconLive: Layer.Layer<Sentiment> = Layer.sync(Sentiment, makeLexiconSentiment)
