/** Training the learned sentiment weights (src/analysis/SentimentModel.ts) on the labelled sets; train.ts is the command. */
import * as Option from "effect/Option"
import { fitMultinomial, type SparseExample } from "../../../src/analysis/LogisticRegression.js"
import { NOTHING_IGNORED, scopeAnswer } from "../../../src/analysis/ResponseAnalysis.js"
import {
  chosenLabel,
  labelProbabilities,
  SENTIMENT_CLASSES,
  sentimentFeatures,
  type SentimentWeights
} from "../../../src/analysis/SentimentModel.js"
import { lexiconLanguage, makeRuleReader } from "../../../src/Sentiment.js"
import { labelledInput } from "./Adapter.js"
import { readLabelledSet, type ReaderSentiment, setNumber } from "./LabelledSet.js"

/** λ of the L2 penalty (scikit-learn's C = 0.1), chosen on sets 36-41 held out before version 19. */
export const PENALTY = 10
/** A word enters the weights when at least this many training pairs use it (2 measured 0.3 points lower). */
export const MIN_PAIRS = 1

export interface LabelledPair {
  readonly set: number
  readonly id: string
  readonly brand: string
  readonly label: ReaderSentiment
  readonly features: ReadonlyMap<string, number>
}

/** Every pair the analyser and the reader both call mentioned, with the rules' features. */
export const labelledPairs = (files: ReadonlyArray<string>): ReadonlyArray<LabelledPair> => {
  const read = makeRuleReader()
  return files.flatMap((file) =>
    readLabelledSet(file).answers.flatMap((answer) =>
      Option.match(labelledInput(answer), {
        onNone: () => [],
        onSome: (input) => {
          const scoped = scopeAnswer(input)
          const code = lexiconLanguage(scoped.language)
          return scoped.tracked.flatMap((brand): ReadonlyArray<LabelledPair> => {
            const label = answer.labels[brand.name]
            const mention = scoped.mentioned.get(brand)
            if (label == null || mention === undefined || Option.isNone(code)) return []
            const { judgement, words } = read(mention.clauses, code.value, NOTHING_IGNORED)
            return [{ set: setNumber(file), id: answer.id, brand: brand.name, label: label.sentiment, features: sentimentFeatures(judgement, words) }]
          })
        }
      })
    )
  )
}

/** Fits the weights on the pairs; words used by fewer than MIN_PAIRS pairs are left out. */
export const train = (pairs: ReadonlyArray<LabelledPair>, trainedOn: string): SentimentWeights => {
  const uses = new Map<string, number>()
  for (const pair of pairs) for (const feature of pair.features.keys()) uses.set(feature, (uses.get(feature) ?? 0) + 1)
  const vocabulary = [...uses].filter(([feature, n]) => n >= MIN_PAIRS || feature.startsWith("(")).map(([feature]) => feature).sort()
  const index = new Map(vocabulary.map((feature, i) => [feature, i]))
  const examples: ReadonlyArray<SparseExample> = pairs.map((pair) => ({
    label: SENTIMENT_CLASSES.indexOf(pair.label),
    features: [...pair.features].flatMap(([feature, value]) => {
      const i = index.get(feature)
      return i === undefined || value === 0 ? [] : [[i, value] as const]
    })
  }))
  const fitted = fitMultinomial(examples, { classes: 3, featureCount: vocabulary.length, penalty: PENALTY })
  const round = (w: number) => Number(w.toFixed(4))
  const features: Record<string, readonly [number, number, number]> = {}
  vocabulary.forEach((feature, i) => {
    const w = [0, 1, 2].map((k) => round(fitted.weights[i * 3 + k] ?? 0))
    if (w.some((x) => x !== 0)) features[feature] = [w[0] ?? 0, w[1] ?? 0, w[2] ?? 0]
  })
  const [negative = 0, neutral = 0, positive = 0] = fitted.intercept.map(round)
  return { trainedOn, penalty: PENALTY, intercept: [negative, neutral, positive], features }
}

/** The label the weights choose for a pair, as the analyser stores it (`scoreOfProbabilities`). */
export const predict = (weights: SentimentWeights, pair: LabelledPair): ReaderSentiment =>
  chosenLabel(labelProbabilities(weights, pair.features))
