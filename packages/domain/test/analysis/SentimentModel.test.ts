import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { fitMultinomial, probabilities, softmax } from "../../src/analysis/LogisticRegression.js"
import { chosenLabel, MISSED_CRITICISM_COST, scoreOfProbabilities, weighedForCost } from "../../src/analysis/SentimentModel.js"
import { SENTIMENT_WEIGHTS } from "../../src/analysis/SentimentWeights.js"
import { sentimentLabel } from "../../src/Metrics.js"
import { labelledSetFiles } from "./labelled/LabelledSet.js"
import { labelledPairs, train } from "./labelled/Training.js"

describe("multinomial logistic regression", () => {
  it("softmax sums to 1 and keeps the order of the scores, even for huge scores", () => {
    fc.assert(fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 5 }), (scores) => {
      const p = softmax(scores)
      expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9)
      scores.forEach((a, i) => scores.forEach((b, j) => a > b && expect(p[i] ?? 0).toBeGreaterThanOrEqual(p[j] ?? 0)))
    }))
  })

  it("learns a separable three-class problem and ranks the right class first", () => {
    // feature 0 says "class 0", feature 1 "class 2", neither "class 1"
    const examples = [
      ...Array.from({ length: 20 }, () => ({ features: [[0, 1]] as const, label: 0 })),
      ...Array.from({ length: 20 }, () => ({ features: [] as const, label: 1 })),
      ...Array.from({ length: 20 }, () => ({ features: [[1, 1]] as const, label: 2 }))
    ]
    const model = fitMultinomial(examples, { classes: 3, featureCount: 2, penalty: 0.1 })
    const best = (features: ReadonlyArray<readonly [number, number]>) => {
      const p = probabilities(model, features)
      return p.indexOf(Math.max(...p))
    }
    expect([best([[0, 1]]), best([]), best([[1, 1]])]).toEqual([0, 1, 2])
    expect(probabilities(model, [[0, 1]])[0]).toBeGreaterThan(0.9)
  })

  it("shrinks the weights as the penalty grows, and gives the same weights for the same examples", () => {
    const examples = [{ features: [[0, 1]] as const, label: 0 }, { features: [[0, -1]] as const, label: 1 }, { features: [[0, 0.5]] as const, label: 0 }]
    const size = (penalty: number) => {
      const w = fitMultinomial(examples, { classes: 2, featureCount: 1, penalty }).weights
      return Math.abs((w[0] ?? 0) - (w[1] ?? 0))
    }
    expect(size(10)).toBeLessThan(size(1))
    expect(size(1)).toBeLessThan(size(0.1))
    expect(fitMultinomial(examples, { classes: 2, featureCount: 1, penalty: 1 }).weights)
      .toEqual(fitMultinomial(examples, { classes: 2, featureCount: 1, penalty: 1 }).weights)
  })
})

/** Three class probabilities that sum to 1. */
const classProbabilities = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
  .filter(([a, b, c]) => a + b + c > 0)
  .map(([a, b, c]) => [a / (a + b + c), b / (a + b + c), c / (a + b + c)])

describe("the learned sentiment weights", () => {
  it("turn probabilities into a score whose label is always the most likely class", () => {
    fc.assert(fc.property(classProbabilities, (probs) => {
      const score = scoreOfProbabilities(probs)
      const [negative = 0, neutral = 0, positive = 0] = probs
      if (positive > neutral && positive > negative) expect(sentimentLabel(score)).toBe("positive")
      else if (negative > neutral && negative > positive) expect(sentimentLabel(score)).toBe("negative")
      else expect(sentimentLabel(score)).toBe("neutral")
      expect(Number(score.toFixed(2))).toBe(score)
    }), { numRuns: 500 })
    expect(scoreOfProbabilities([0, 0, 1])).toBe(100)
    expect(scoreOfProbabilities([1, 0, 0])).toBe(0)
    expect(scoreOfProbabilities([0.2, 0.6, 0.2])).toBe(50)
  })

  it("weigh a missed criticism by its cost: only ever towards negative, and negative when criticism is half as likely as the rest", () => {
    fc.assert(fc.property(classProbabilities, (probs) => {
      const weighed = weighedForCost(probs)
      expect(weighed.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9)
      expect(weighed[0] ?? 0).toBeGreaterThanOrEqual((probs[0] ?? 0) - 1e-12)
      const before = chosenLabel(probs)
      const after = chosenLabel(weighed)
      if (before === "negative") expect(after).toBe("negative")
      if (after !== before) expect(after === "negative" || (before === "positive" && after === "neutral")).toBe(true)
    }), { numRuns: 500 })
    expect(MISSED_CRITICISM_COST).toBe(2)
    expect(chosenLabel([0.3, 0.5, 0.2])).toBe("neutral")
    expect(chosenLabel(weighedForCost([0.3, 0.5, 0.2]))).toBe("negative")
    expect(chosenLabel(weighedForCost([0.2, 0.5, 0.3]))).toBe("neutral")
    expect(chosenLabel(weighedForCost([0.24, 0.26, 0.5]))).toBe("positive")
  })

  it("are what `pnpm --filter @sightline/domain train` makes of the labelled sets in the repository", () => {
    const files = labelledSetFiles()
    const pairs = labelledPairs(files)
    const trained = train(pairs, SENTIMENT_WEIGHTS.trainedOn)
    expect(SENTIMENT_WEIGHTS.trainedOn).toBe(`labelled sets 1-${files.length}, ${pairs.length} pairs`)
    expect(Object.keys(trained.features).sort()).toEqual(Object.keys(SENTIMENT_WEIGHTS.features).sort())
    for (const [feature, w] of Object.entries(trained.features)) {
      const shipped = SENTIMENT_WEIGHTS.features[feature] ?? [NaN, NaN, NaN]
      w.forEach((x, k) => expect(Math.abs(x - (shipped[k] ?? NaN))).toBeLessThanOrEqual(1e-3))
    }
  }, 120_000)
})
