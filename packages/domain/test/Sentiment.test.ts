import { describe, expect, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { sentimentLabel } from "../src/Metrics.js"
import { lexiconLanguage, scaleScore, Sentiment, SentimentLexiconLive } from "../src/Sentiment.js"

describe("scaleScore", () => {
  it("maps AFINN scores to 0..100 with 50 neutral", () => {
    expect(scaleScore(0)).toBe(50)
    expect(scaleScore(3)).toBe(76.85)
    expect(scaleScore(1)).toBe(59.87)
    expect(scaleScore(-2)).toBe(31)
    expect(scaleScore(-3)).toBe(23.15)
    expect(scaleScore(1000)).toBe(100)
    expect(scaleScore(-1000)).toBe(0)
  })

  it("is monotone, within 0..100, and symmetric around 50", () => {
    const score = fc.double({ min: -200, max: 200, noNaN: true })
    fc.assert(fc.property(score, score, (a, b) => {
      const [low, high] = a <= b ? [a, b] : [b, a]
      expect(scaleScore(low)).toBeLessThanOrEqual(scaleScore(high))
      expect(scaleScore(a)).toBeGreaterThanOrEqual(0)
      expect(scaleScore(a)).toBeLessThanOrEqual(100)
      expect(scaleScore(a) + scaleScore(-a)).toBeCloseTo(100, 1)
    }))
  })
})

describe("lexiconLanguage", () => {
  it("uses English for languages the lexicon lacks", () => {
    expect(lexiconLanguage("en")).toBe("en")
    expect(lexiconLanguage("EN-gb")).toBe("en")
    expect(lexiconLanguage("fr")).toBe("en")
    expect(lexiconLanguage("../../etc")).toBe("en")
  })
})

layer(SentimentLexiconLive)("SentimentLexiconLive", (it) => {
  it.effect("scores excerpts by their mean AFINN score", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      expect(yield* sentiment.score(["Acme is great."], "en")).toBe(76.85) // great = +3
      expect(yield* sentiment.score(["Acme is not good."], "en")).toBe(23.15) // negated good = -3
      expect(yield* sentiment.score(["Acme is a CRM."], "en")).toBe(50)
      expect(yield* sentiment.score([], "en")).toBe(50)
      // the mean per excerpt: (+3 + 0) / 2 = 1.5; other languages use the English lexicon
      expect(yield* sentiment.score(["Acme is great.", "Acme is a CRM."], "de")).toBe(scaleScore(1.5))
      expect(scaleScore(1.5)).toBe(64.57)
    }))

  it.effect("labels clearly positive and negative answers accordingly", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      const positive = yield* sentiment.score(["Acme is excellent, reliable and loved by users."], "en")
      const negative = yield* sentiment.score(["Acme is terrible, buggy and a waste of money."], "en")
      expect(sentimentLabel(positive)).toBe("positive")
      expect(sentimentLabel(negative)).toBe("negative")
    }))
})
