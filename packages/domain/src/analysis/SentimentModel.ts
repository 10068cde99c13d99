import { formatDecimal } from "../DecimalString.js"
import { sentimentLabel } from "../Metrics.js"
import type { ClauseEvidence, SentimentJudgement } from "../Sentiment.js"
import { softmax } from "./LogisticRegression.js"

/**
 * The learned step of the sentiment score (version 19). The rules (Sentiment.ts) judge a brand's
 * clauses; a multinomial logistic regression, trained on the labelled sets
 * (test/analysis/labelled/train.ts), then reads the rules' findings together with the words of those
 * clauses and decides the label. It learns what the rules cannot list: which plain facts a reader
 * takes as criticism ("only", "limited", "switched"), and how much a caveat weighs against praise.
 */

/** The labels in the weights' order. */
export const SENTIMENT_CLASSES = ["negative", "neutral", "positive"] as const

/** Learned weights: an intercept and, per feature, a weight per class (SENTIMENT_CLASSES order). */
export interface SentimentWeights {
  readonly trainedOn: string
  readonly penalty: number
  readonly intercept: readonly [number, number, number]
  readonly features: Readonly<Record<string, readonly [number, number, number]>>
}

/** Names of the features taken from the rules' judgement; words are features by themselves. */
export const RULES_SCORE = "(rules score)"
/** Also the rules' evidence clause for the answer's lead (Sentiment.ts). */
export const RULES_LEAD = "(named first)"
export const RULES_PRAISE = "(praise)"
export const RULES_CRITICISM = "(criticism)"
export const RULES_OPINIONS = "(opinion clauses)"

const WORD = /[\p{L}\p{N}]/u

/**
 * A brand's features: the rules' score (−1..+1 around 50) and label ("(rules negative)"), whether
 * the rules took it as the answer's lead, the sums of its praising and criticising clauses' compounds, how many clauses carried an
 * opinion, and each distinct word (folded, tracked names already blanked) of its clauses once.
 */
export const sentimentFeatures = (
  judgement: SentimentJudgement,
  clauseTokens: ReadonlyArray<ReadonlyArray<string>>
): Map<string, number> => {
  const opinions = judgement.evidence.filter((clause) => clause.clause !== RULES_LEAD)
  const features = new Map<string, number>([
    [RULES_SCORE, (judgement.score - 50) / 50],
    [RULES_LEAD, opinions.length < judgement.evidence.length ? 1 : 0],
    [RULES_PRAISE, opinions.reduce((sum, clause) => sum + Math.max(0, clause.compound), 0)],
    [RULES_CRITICISM, opinions.reduce((sum, clause) => sum + Math.min(0, clause.compound), 0)],
    [RULES_OPINIONS, opinions.length],
    [`(rules ${sentimentLabel(judgement.score)})`, 1]
  ])
  for (const tokens of clauseTokens) {
    for (const token of tokens) if (WORD.test(token)) features.set(token, 1)
  }
  return features
}

/** A feature's weights, none for an unknown one (nor for "constructor" and other names objects inherit). */
const weightOf = (weights: SentimentWeights, feature: string) =>
  Object.hasOwn(weights.features, feature) ? weights.features[feature] : undefined

/** The class probabilities (SENTIMENT_CLASSES order) of a brand's features. */
export const classProbabilities = (weights: SentimentWeights, features: ReadonlyMap<string, number>): Array<number> => {
  let [negative, neutral, positive] = weights.intercept
  for (const [feature, value] of features) {
    const w = weightOf(weights, feature)
    if (w === undefined) continue
    negative += value * w[0]
    neutral += value * w[1]
    positive += value * w[2]
  }
  return softmax([negative, neutral, positive])
}

/**
 * How much more a missed criticism costs than a false alarm. The label is chosen from the model's
 * probabilities with P(negative) weighted by this cost (`weighedForCost`): a brand is called
 * negative when criticism is at least half as likely as the likeliest other reading. Measured
 * leave-one-set-out over sets 1-49 (version 21's weights): cost 1 agrees with the reader on 83.1%
 * (κ 0.703) and catches 553 of 733 criticised brands; cost 2 on 82.9% (κ 0.702) and 605 of 733; the
 * gain held in every group of sets (1-20, 21-39, 40-45, 46-49) for at most 0.4 points of agreement.
 */
export const MISSED_CRITICISM_COST = 2

/** The class probabilities the label and score are chosen from: P(negative) weighted by MISSED_CRITICISM_COST, renormalised. */
export const weighedForCost = ([negative = 0, neutral = 0, positive = 0]: ReadonlyArray<number>): Array<number> => {
  const total = MISSED_CRITICISM_COST * negative + neutral + positive
  return total > 0 ? [MISSED_CRITICISM_COST * negative / total, neutral / total, positive / total] : [0, 1, 0]
}

/** The probabilities a brand's label and score are chosen from: its class probabilities weighed for cost. */
export const labelProbabilities = (weights: SentimentWeights, features: ReadonlyMap<string, number>): Array<number> =>
  weighedForCost(classProbabilities(weights, features))

/** The likeliest label; a tie between the top two is neutral. */
export const chosenLabel = ([negative = 0, neutral = 0, positive = 0]: ReadonlyArray<number>): typeof SENTIMENT_CLASSES[number] =>
  positive > neutral && positive > negative ? "positive" : negative > neutral && negative > positive ? "negative" : "neutral"

/**
 * The score of the most likely label (`chosenLabel`), inside that label's band, further in the surer the model:
 * positive 60 + 40·margin, negative 40 − 40·margin (margin: its probability over the next class's),
 * neutral 50 + 10·(P(positive) − P(negative)). So the stored label is always the model's choice.
 */
export const scoreOfProbabilities = (p: ReadonlyArray<number>): number => {
  const [negative = 0, neutral = 0, positive = 0] = p
  const rounded = (score: number) => Number(formatDecimal(score))
  switch (chosenLabel(p)) {
    case "positive":
      return Math.max(60, rounded(60 + 40 * (positive - Math.max(neutral, negative))))
    case "negative":
      return Math.min(39.99, rounded(40 - 40 * (negative - Math.max(neutral, positive))))
    case "neutral":
      return Math.min(59.99, Math.max(40, rounded(50 + 10 * (positive - negative))))
  }
}

/** How many features the evidence names: those that moved "positive against negative" most. */
const EVIDENCE_FEATURES = 8
const MIN_EVIDENCE_WEIGHT = 0.05

/**
 * The rules' judgement decided by the learned weights (a brand with no words and no opinion keeps
 * the rules' 50). The evidence keeps the rules' clauses and
 * adds "(learned weights)": P(positive) − P(negative) (`weighedForCost`) as its compound, and the features that moved
 * positive against negative most, each with that contribution as its valence.
 */
export const calibrate = (
  weights: SentimentWeights,
  judgement: SentimentJudgement,
  clauseTokens: ReadonlyArray<ReadonlyArray<string>>
): SentimentJudgement => {
  // nothing said of the brand ("on the network of X"): neutral, as the rules say
  if (judgement.evidence.length === 0 && clauseTokens.every((tokens) => tokens.length === 0)) return judgement
  const features = sentimentFeatures(judgement, clauseTokens)
  const p = labelProbabilities(weights, features)
  const contributions = [...features].flatMap(([feature, value]) => {
    const w = weightOf(weights, feature)
    const contribution = w === undefined ? 0 : value * (w[2] - w[0])
    return Math.abs(contribution) >= MIN_EVIDENCE_WEIGHT ? [{ word: feature, valence: Number(contribution.toFixed(2)) }] : []
  }).sort((a, b) => Math.abs(b.valence) - Math.abs(a.valence) || a.word.localeCompare(b.word)).slice(0, EVIDENCE_FEATURES)
  const learned: ClauseEvidence = {
    clause: "(learned weights)",
    compound: Number(((p[2] ?? 0) - (p[0] ?? 0)).toFixed(4)),
    words: contributions
  }
  return { score: scoreOfProbabilities(p), evidence: [...judgement.evidence, learned] }
}
