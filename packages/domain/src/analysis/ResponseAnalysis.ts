import * as Effect from "effect/Effect"
import { formatDecimal } from "../DecimalString.js"
import { Sentiment } from "../Sentiment.js"
import { type NormalisedCitation, normaliseCitations, normaliseSearchQueries } from "./Citations.js"
import { findMentions, type TrackedBrand } from "./Mentions.js"

/** What Sightline keeps of one answer: the own brand's and competitors' mentions, sources, queries. */
export interface ResponseAnalysis {
  readonly brand: {
    readonly mentioned: boolean
    /** null exactly when not mentioned (as the `responses` table requires). */
    readonly position: number | null
    readonly sentiment: number | null
  }
  /** Only the mentioned competitors, by position. */
  readonly competitors: ReadonlyArray<{ readonly competitorId: number; readonly position: number; readonly sentiment: number }>
  readonly citations: ReadonlyArray<NormalisedCitation>
  readonly searchQueries: ReadonlyArray<string>
}

export interface ResponseAnalysisInput {
  readonly text: string
  readonly markdown: string
  /** The brand's language code (sentiment lexicon choice). */
  readonly language: string
  readonly brand: TrackedBrand
  readonly competitors: ReadonlyArray<TrackedBrand>
  /** Cited URLs as the engine returned them. */
  readonly citations: ReadonlyArray<string>
  readonly searchQueries: ReadonlyArray<string>
}

/**
 * The text mentions are looked for in: the plain-text answer, or the markdown when the engine
 * gave no plain text. Both work (link targets and URLs are masked either way); the plain text is
 * preferred because its sentences make cleaner excerpts.
 */
export const analysedText = (input: { readonly text: string; readonly markdown: string }): string =>
  input.text.trim().length > 0 ? input.text : input.markdown

/** A judge's score as the database keeps it: within 0..100, two decimals; NaN reads neutral. */
export const clampScore = (score: number): number =>
  Number.isNaN(score) ? 50 : Number(formatDecimal(Math.min(100, Math.max(0, score))))

/**
 * Analyses one answer. Positions count the own brand and every competitor; competitors listed
 * twice (same id) count once. Sentiment is judged per mentioned brand on its excerpts.
 */
export const analyseResponse = Effect.fn("analyseResponse")(function*(input: ResponseAnalysisInput) {
  const sentiment = yield* Sentiment
  const competitors = input.competitors.filter((competitor, index, all) =>
    all.findIndex((other) => other.id === competitor.id) === index
  )
  const tracked: ReadonlyArray<TrackedBrand> = [input.brand, ...competitors]
  const mentions = findMentions(analysedText(input), tracked)
  const scored = yield* Effect.forEach(
    mentions,
    (mention) =>
      Effect.map(sentiment.score(mention.excerpts, input.language), (score) => ({ mention, score: clampScore(score) })),
    { concurrency: 4 }
  )
  const own = scored.find(({ mention }) => mention.brand === input.brand)
  const analysis: ResponseAnalysis = {
    brand: own === undefined
      ? { mentioned: false, position: null, sentiment: null }
      : { mentioned: true, position: own.mention.position, sentiment: own.score },
    competitors: scored
      .filter(({ mention }) => mention.brand !== input.brand)
      .map(({ mention, score }) => ({ competitorId: mention.brand.id, position: mention.position, sentiment: score })),
    citations: normaliseCitations(input.citations),
    searchQueries: normaliseSearchQueries(input.searchQueries)
  }
  return analysis
})
