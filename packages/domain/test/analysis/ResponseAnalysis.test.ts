import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ANALYSER_VERSION, analyseResponse, analysedText, clampScore, LOCAL_JUDGE } from "../../src/analysis/ResponseAnalysis.js"
import { Sentiment, SentimentRulesLive } from "../../src/Sentiment.js"

const acmo = { kind: "brand" as const, id: 10, name: "Acmo", aliases: ["Acmo CRM"] }
const bexa = { kind: "competitor" as const, id: 20, name: "Bexa", aliases: [] }
const gamma = { kind: "competitor" as const, id: 30, name: "Gamza", aliases: [] }
const delta = { kind: "competitor" as const, id: 40, name: "Delza", aliases: [] }

layer(SentimentRulesLive)("analyseResponse (the rules alone, for their exact scores)", (it) => {
  it.effect("combines mentions, positions, sentiment, citations and queries", () =>
    Effect.gen(function*() {
      const analysis = yield* analyseResponse({
        text: "Bexa is the market leader. Acmo CRM is great for small teams. Gamza is terrible.",
        markdown: "**Bexa** is the market leader. [Acmo CRM](https://acmo.com) is great for small teams. Gamza is terrible.",
        language: "en",
        brand: acmo,
        competitors: [bexa, gamma, delta, bexa],
        citations: ["https://acmo.com/?utm_source=chatgpt", "https://www.g2.com/crm#top", "https://acmo.com/", "nope"],
        searchQueries: [" best CRM ", "Best  crm", "crm for small teams"]
      })
      expect(analysis).toEqual({
        brand: { mentioned: true, position: 2, sentiment: 81.24 }, // "great" (3.1) in its clause
        competitors: [
          { competitorId: 20, position: 1, sentiment: 72.5 }, // "leader" (0.8), and named first: the lead (2.5) lifts it
          { competitorId: 30, position: 3, sentiment: 26.17 } // "terrible" (-2.1)
        ],
        citations: [
          { url: "https://acmo.com/", domain: "acmo.com" },
          { url: "https://www.g2.com/crm", domain: "g2.com" }
        ],
        searchQueries: ["best CRM", "crm for small teams"],
        analyserVersion: ANALYSER_VERSION,
        judge: LOCAL_JUDGE
      })
    }))

  it.effect("reports an absent brand with null position and sentiment", () =>
    Effect.gen(function*() {
      const analysis = yield* analyseResponse({
        text: "",
        markdown: "Try [Bexa](https://acmo.com/vs-bexa) instead.",
        language: "en",
        brand: acmo,
        competitors: [bexa],
        citations: [],
        searchQueries: []
      })
      expect(analysis.brand).toEqual({ mentioned: false, position: null, sentiment: null })
      expect(analysis.competitors).toEqual([{ competitorId: 20, position: 1, sentiment: 50 }])
    }))
})

const wildJudge = Layer.succeed(Sentiment, {
  score: (clauses) => Effect.succeed({ score: clauses.length > 1 ? 250 : -3.14159, evidence: [] })
})

layer(wildJudge)("analyseResponse with another judge", (it) => {
  it.effect("keeps every score within 0..100 with two decimals", () =>
    Effect.gen(function*() {
      const analysis = yield* analyseResponse({
        text: "Acmo. Acmo again! Bexa.",
        markdown: "",
        language: "en",
        brand: acmo,
        competitors: [bexa],
        citations: [],
        searchQueries: []
      })
      expect(analysis.brand).toEqual({ mentioned: true, position: 1, sentiment: 100 })
      expect(analysis.competitors).toEqual([{ competitorId: 20, position: 2, sentiment: 0 }])
      expect(clampScore(Number.NaN)).toBe(50)
      expect(clampScore(12.345)).toBe(12.35)
      expect(analysedText({ text: "  ", markdown: "md" })).toBe("md")
      expect(analysedText({ text: "plain", markdown: "md" })).toBe("md")
      expect(analysedText({ text: "plain", markdown: " " })).toBe("plain")
    }))
})
