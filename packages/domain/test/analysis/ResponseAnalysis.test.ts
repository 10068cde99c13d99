import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { analyseResponse, analysedText, clampScore } from "../../src/analysis/ResponseAnalysis.js"
import { Sentiment, SentimentLexiconLive } from "../../src/Sentiment.js"

const acme = { kind: "brand" as const, id: 10, name: "Acme", aliases: ["Acme CRM"] }
const beta = { kind: "competitor" as const, id: 20, name: "Beta", aliases: [] }
const gamma = { kind: "competitor" as const, id: 30, name: "Gamma", aliases: [] }
const delta = { kind: "competitor" as const, id: 40, name: "Delta", aliases: [] }

layer(SentimentLexiconLive)("analyseResponse", (it) => {
  it.effect("combines mentions, positions, sentiment, citations and queries", () =>
    Effect.gen(function*() {
      const analysis = yield* analyseResponse({
        text: "Beta is the market leader. Acme CRM is great for small teams. Gamma is terrible.",
        markdown: "**Beta** is the market leader. [Acme CRM](https://acme.com) is great for small teams. Gamma is terrible.",
        language: "en",
        brand: acme,
        competitors: [beta, gamma, delta, beta],
        citations: ["https://acme.com/?utm_source=chatgpt", "https://www.g2.com/crm#top", "https://acme.com/", "nope"],
        searchQueries: [" best CRM ", "Best  crm", "crm for small teams"]
      })
      expect(analysis).toEqual({
        brand: { mentioned: true, position: 2, sentiment: 76.85 },
        competitors: [
          { competitorId: 20, position: 1, sentiment: 50 }, // no AFINN word in "Beta is the market leader."
          { competitorId: 30, position: 3, sentiment: 23.15 }
        ],
        citations: [
          { url: "https://acme.com/", domain: "acme.com" },
          { url: "https://www.g2.com/crm", domain: "g2.com" }
        ],
        searchQueries: ["best CRM", "crm for small teams"]
      })
    }))

  it.effect("reports an absent brand with null position and sentiment", () =>
    Effect.gen(function*() {
      const analysis = yield* analyseResponse({
        text: "",
        markdown: "Try [Beta](https://acme.com/vs-beta) instead.",
        language: "en",
        brand: acme,
        competitors: [beta],
        citations: [],
        searchQueries: []
      })
      expect(analysis.brand).toEqual({ mentioned: false, position: null, sentiment: null })
      expect(analysis.competitors).toEqual([{ competitorId: 20, position: 1, sentiment: 50 }])
    }))
})

const wildJudge = Layer.succeed(Sentiment, { score: (excerpts) => Effect.succeed(excerpts.length > 1 ? 250 : -3.14159) })

layer(wildJudge)("analyseResponse with another judge", (it) => {
  it.effect("keeps every score within 0..100 with two decimals", () =>
    Effect.gen(function*() {
      const analysis = yield* analyseResponse({
        text: "Acme. Acme again! Beta.",
        markdown: "",
        language: "en",
        brand: acme,
        competitors: [beta],
        citations: [],
        searchQueries: []
      })
      expect(analysis.brand).toEqual({ mentioned: true, position: 1, sentiment: 100 })
      expect(analysis.competitors).toEqual([{ competitorId: 20, position: 2, sentiment: 0 }])
      expect(clampScore(Number.NaN)).toBe(50)
      expect(clampScore(12.345)).toBe(12.35)
      expect(analysedText({ text: "  ", markdown: "md" })).toBe("md")
      expect(analysedText({ text: "plain", markdown: "md" })).toBe("plain")
    }))
})
