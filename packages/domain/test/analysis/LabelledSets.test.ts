import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { SentimentLexiconLive } from "../../src/Sentiment.js"
import { analyseLabelled, normaliseOne } from "./labelled/Adapter.js"
import { cohensKappa, evaluate } from "./labelled/Evaluation.js"
import { readLabelledSet } from "./labelled/LabelledSet.js"

layer(SentimentLexiconLive)("the labelled sets (docs/metrics.md)", (it) => {
  it.effect("set 1 (tuning set) reaches the issue's targets", () =>
    Effect.gen(function*() {
      const figures = yield* evaluate(readLabelledSet("set-1.json"), analyseLabelled, normaliseOne)
      expect(figures.pairs).toBeGreaterThanOrEqual(150)
      expect(figures.precision).toBeGreaterThanOrEqual(0.99)
      expect(figures.recall).toBeGreaterThanOrEqual(0.99)
      expect(figures.positionExact).toBeGreaterThanOrEqual(0.97)
      expect(figures.sentimentAgreement).toBeGreaterThanOrEqual(0.8)
      expect(figures.kappa).toBeGreaterThanOrEqual(0.6)
      expect(figures.negativesCaught / figures.negatives).toBeGreaterThanOrEqual(0.75)
      expect(figures.citationsCorrect).toBe(figures.citations)
    }))

  it.effect("set 2 (tuned on in round 2) reaches the issue's targets", () =>
    Effect.gen(function*() {
      const figures = yield* evaluate(readLabelledSet("set-2.json"), analyseLabelled, normaliseOne)
      expect(figures.precision).toBeGreaterThanOrEqual(0.99)
      expect(figures.recall).toBeGreaterThanOrEqual(0.99)
      expect(figures.positionExact).toBeGreaterThanOrEqual(0.97)
      expect(figures.sentimentAgreement).toBeGreaterThanOrEqual(0.8)
      expect(figures.kappa).toBeGreaterThanOrEqual(0.6)
      expect(figures.negativesCaught / figures.negatives).toBeGreaterThanOrEqual(0.75)
      expect(figures.citationsCorrect).toBe(figures.citations)
    }))

  it.effect("set 3 (held out) stays at the figures docs/metrics.md reports", () =>
    Effect.gen(function*() {
      const figures = yield* evaluate(readLabelledSet("set-3.json"), analyseLabelled, normaliseOne)
      expect(figures.pairs).toBeGreaterThanOrEqual(60)
      expect(figures.precision).toBeGreaterThanOrEqual(0.99)
      expect(figures.recall).toBeGreaterThanOrEqual(0.99)
      expect(figures.positionExact).toBeGreaterThanOrEqual(0.97)
      expect(figures.sentimentAgreement).toBeGreaterThanOrEqual(0.73)
      expect(figures.kappa).toBeGreaterThanOrEqual(0.59)
      expect(figures.negativesCaught).toBeGreaterThanOrEqual(9)
      expect(figures.citationsCorrect).toBe(figures.citations)
    }))

  it.effect("Cohen's kappa is 1 for agreement, 0 for chance", () =>
    Effect.sync(() => {
      expect(cohensKappa([["positive", "positive"], ["negative", "negative"]])).toBe(1)
      expect(cohensKappa([["positive", "positive"], ["positive", "negative"], ["negative", "positive"], ["negative", "negative"]])).toBe(0)
    }))
})
