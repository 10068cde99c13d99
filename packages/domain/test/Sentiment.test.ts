import { describe, expect, it, layer } from "@effect/vitest"
import { SentimentDe } from "@nlpjs/lang-de"
import { SentimentFr } from "@nlpjs/lang-fr"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as fc from "fast-check"
import { sentimentLabel } from "../src/Metrics.js"
import {
  AFINN_MAX,
  LEXICON_LANGUAGES,
  lexiconLanguage,
  scaleScore,
  Sentiment,
  SentimentLexiconLive
} from "../src/Sentiment.js"

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
  it("finds the lexicon of a language and none for languages without one", () => {
    expect(lexiconLanguage("en")).toEqual(Option.some("en"))
    expect(lexiconLanguage("EN-gb")).toEqual(Option.some("en"))
    expect(lexiconLanguage("de_AT")).toEqual(Option.some("de"))
    expect(lexiconLanguage("fr")).toEqual(Option.some("fr"))
    expect(lexiconLanguage("sv")).toEqual(Option.none())
    expect(lexiconLanguage("")).toEqual(Option.none())
    expect(lexiconLanguage("../../etc")).toEqual(Option.none())
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
      // the mean per excerpt: (+3 + 0) / 2 = 1.5
      expect(yield* sentiment.score(["Acme is great.", "Acme is a CRM."], "en-US")).toBe(scaleScore(1.5))
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

/** The list's words of the largest valence (either sign), to push sums towards saturation. */
const strongest = (list: Readonly<Record<string, number>> | undefined): ReadonlyArray<string> =>
  Object.entries(list ?? {}).sort(([, a], [, b]) => Math.abs(b) - Math.abs(a)).slice(0, 40).map(([word]) => word)

layer(SentimentLexiconLive)("SentimentLexiconLive in other languages", (it) => {
  it.effect("scores German with the German Senticon list, rescaled to AFINN units", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      const gut = SentimentDe.senticon?.["gut"] ?? Number.NaN
      expect(gut).toBeGreaterThan(0)
      expect(yield* sentiment.score(["Kontora ist gut."], "de")).toBe(scaleScore(AFINN_MAX * gut))
      expect(yield* sentiment.score(["Kontora ist nicht gut."], "de")).toBe(scaleScore(-AFINN_MAX * gut))

      const positive = yield* sentiment.score(["Kontora ist sehr gut und zuverlässig."], "de")
      const negative = yield* sentiment.score(["Kontora ist schlecht und teuer."], "de")
      const neutral = "Die Software von Kontora ist die Lösung für die Buchhaltung."
      expect(positive).toBeGreaterThanOrEqual(60)
      expect(negative).toBeLessThan(40)
      expect(yield* sentiment.score([neutral], "de")).toBeGreaterThanOrEqual(40)
      expect(yield* sentiment.score([neutral], "de")).toBeLessThanOrEqual(60)
      // the English list reads the article "die" (x3) as the verb: the bug this lexicon fixes
      expect(yield* sentiment.score([neutral], "en")).toBeLessThan(40)
      expect(yield* sentiment.score(["Kontora bietet keine gute Integration."], "de-DE")).toBeLessThan(40)
    }))

  it.effect("scores French with the French Pattern list and French negation", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      const bon = SentimentFr.pattern?.["bon"] ?? Number.NaN
      expect(bon).toBeGreaterThan(0)
      expect(yield* sentiment.score(["Kontora est bon."], "fr")).toBe(scaleScore(AFINN_MAX * bon))
      expect(yield* sentiment.score(["Kontora n'est pas bon."], "fr")).toBe(scaleScore(-AFINN_MAX * bon))

      const positive = yield* sentiment.score(["Kontora est très bon et fiable."], "fr")
      // "mauvais" is listed as a whole word; its stem "mauv" has valence 0
      const negative = yield* sentiment.score(["Kontora est mauvais et décevant."], "fr")
      const neutral = yield* sentiment.score(["Le logiciel de Kontora est la solution pour la comptabilité."], "fr-CA")
      expect(positive).toBeGreaterThanOrEqual(60)
      expect(negative).toBeLessThan(40)
      expect(neutral).toBeGreaterThanOrEqual(40)
      expect(neutral).toBeLessThanOrEqual(60)
    }))

  it.effect("scores languages without a lexicon 50, not with the English list", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      expect(yield* sentiment.score(["Acme is great.", "Acme is terrible."], "sv")).toBe(50)
      expect(yield* sentiment.score(["Acme is great."], "")).toBe(50)
    }))

  it.effect("keeps every score within 0..100 for arbitrary text in every language", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      const listed = [
        ...strongest(SentimentDe.senticon),
        ...strongest(SentimentFr.pattern),
        "nicht",
        "keine",
        "pas",
        "no",
        "gut",
        "schlecht",
        "bon",
        "mauvais",
        "excellent",
        "terrible",
        "constructor",
        "__proto__",
        "toString"
      ]
      const word = fc.oneof(fc.string(), fc.constantFrom(...listed))
      const excerpt = fc.array(word, { maxLength: 40 }).map((words) => words.join(" "))
      const language = fc.constantFrom(...LEXICON_LANGUAGES, "de-AT", "pt_BR", "sv", "")
      fc.assert(
        fc.property(fc.array(excerpt, { maxLength: 5 }), language, (excerpts, code) => {
          const score = Effect.runSync(sentiment.score(excerpts, code))
          expect(Number.isFinite(score)).toBe(true)
          expect(score).toBeGreaterThanOrEqual(0)
          expect(score).toBeLessThanOrEqual(100)
          expect(Number(score.toFixed(2))).toBe(score)
        }),
        { numRuns: 500 }
      )
    }))
})
