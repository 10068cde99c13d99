import * as Effect from "effect/Effect"
import { sentimentLabel } from "../../../src/Metrics.js"
import type { LabelledAnswer, LabelledCitation, LabelledSet, ReaderSentiment } from "./LabelledSet.js"

/** What an analyser says about one tracked brand of an answer. */
export interface Predicted {
  readonly mentioned: boolean
  readonly position: number | null
  /** 0..100, null when not mentioned. */
  readonly sentiment: number | null
}

export type AnalyseAnswer<E, R> = (answer: LabelledAnswer) => Effect.Effect<ReadonlyMap<string, Predicted>, E, R>
export type NormaliseCitation = (url: string) => { readonly url: string; readonly domain: string } | undefined

export interface Figures {
  readonly pairs: number
  readonly precision: number
  readonly recall: number
  readonly f1: number
  /** Over the brands both the reader and the analyser found. */
  readonly positionExact: number
  readonly positionPairs: number
  /** Over the brands both found: the analyser's label (sentimentLabel of its score) vs the reader's. */
  readonly sentimentAgreement: number
  readonly kappa: number
  readonly sentimentPairs: number
  readonly negatives: number
  readonly negativesCaught: number
  readonly negativesScoredPositive: number
  readonly citationsCorrect: number
  readonly citations: number
  /** The pairs the analyser got wrong, for reading. */
  readonly errors: ReadonlyArray<string>
}

const LABELS: ReadonlyArray<ReaderSentiment> = ["positive", "neutral", "negative"]

/** Cohen's kappa of two labellings of the same items. */
export const cohensKappa = (pairs: ReadonlyArray<readonly [ReaderSentiment, ReaderSentiment]>): number => {
  const n = pairs.length
  if (n === 0) return 0
  const observed = pairs.filter(([a, b]) => a === b).length / n
  const expected = LABELS.reduce((sum, label) =>
    sum + (pairs.filter(([a]) => a === label).length / n) * (pairs.filter(([, b]) => b === label).length / n), 0)
  return expected === 1 ? 1 : (observed - expected) / (1 - expected)
}

const ratio = (a: number, b: number): number => (b === 0 ? 1 : a / b)

/** Scores an analyser against a labelled set. */
export const evaluate = <E, R>(set: LabelledSet, analyse: AnalyseAnswer<E, R>, normalise: NormaliseCitation) =>
  Effect.gen(function*() {
    let tp = 0
    let fp = 0
    let fn = 0
    let pairs = 0
    let positionExact = 0
    let positionPairs = 0
    let negatives = 0
    let negativesCaught = 0
    let negativesScoredPositive = 0
    const sentiments: Array<readonly [ReaderSentiment, ReaderSentiment]> = []
    const errors: Array<string> = []
    for (const answer of set.answers) {
      const predicted = yield* analyse(answer)
      for (const [name, label] of Object.entries(answer.labels)) {
        pairs++
        const guess = predicted.get(name) ?? { mentioned: false, position: null, sentiment: null }
        if (label === null) {
          if (guess.mentioned) {
            fp++
            errors.push(`${answer.id} ${name}: false mention`)
          }
          continue
        }
        if (label.sentiment === "negative") negatives++
        if (!guess.mentioned) {
          fn++
          errors.push(`${answer.id} ${name}: missed`)
          continue
        }
        tp++
        positionPairs++
        if (guess.position === label.position) positionExact++
        else errors.push(`${answer.id} ${name}: position ${guess.position} (reader ${label.position})`)
        const said = sentimentLabel(guess.sentiment)
        const predictedLabel: ReaderSentiment = said === "not_mentioned" ? "neutral" : said
        sentiments.push([label.sentiment, predictedLabel])
        if (predictedLabel !== label.sentiment) {
          errors.push(`${answer.id} ${name}: ${predictedLabel} ${guess.sentiment} (reader ${label.sentiment})`)
        }
        if (label.sentiment === "negative" && predictedLabel === "negative") negativesCaught++
        if (label.sentiment === "negative" && predictedLabel === "positive") negativesScoredPositive++
      }
    }
    const citationsCorrect = set.citations.filter((citation: LabelledCitation) => {
      const got = normalise(citation.url)
      const ok = got !== undefined && got.url === citation.expected && got.domain === citation.domain
      if (!ok) errors.push(`citation ${citation.url}: ${got?.url} ${got?.domain}`)
      return ok
    }).length
    const precision = ratio(tp, tp + fp)
    const recall = ratio(tp, tp + fn)
    const figures: Figures = {
      pairs,
      precision,
      recall,
      f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
      positionExact: ratio(positionExact, positionPairs),
      positionPairs,
      sentimentAgreement: ratio(sentiments.filter(([a, b]) => a === b).length, sentiments.length),
      kappa: cohensKappa(sentiments),
      sentimentPairs: sentiments.length,
      negatives,
      negativesCaught,
      negativesScoredPositive,
      citationsCorrect,
      citations: set.citations.length,
      errors
    }
    return figures
  })

const fixed = (value: number): string => value.toFixed(3)
const percent = (value: number): string => `${(100 * value).toFixed(1)}%`

/** The figures as the table in docs/metrics.md shows them. */
export const formatFigures = (name: string, figures: Figures): string =>
  [
    `${name}: ${figures.pairs} brand-and-answer pairs`,
    `  mention precision / recall / F1  ${fixed(figures.precision)} / ${fixed(figures.recall)} / ${fixed(figures.f1)}`,
    `  position exact                   ${percent(figures.positionExact)} (${figures.positionPairs} pairs)`,
    `  sentiment agreement              ${percent(figures.sentimentAgreement)} (kappa ${fixed(figures.kappa)}, ${figures.sentimentPairs} pairs)`,
    `  negative mentions caught         ${figures.negativesCaught} of ${figures.negatives} (${figures.negativesScoredPositive} scored positive)`,
    `  citations normalised             ${figures.citationsCorrect}/${figures.citations}`
  ].join("\n")
