import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import type { TrackedBrand } from "../../src/analysis/Mentions.js"
import { analyseAnswer } from "../../src/analysis/ResponseAnalysis.js"
import { Sentiment, SentimentLexiconLive } from "../../src/Sentiment.js"

const competitor = (id: number, name: string): TrackedBrand => ({ kind: "competitor", id, name, aliases: [] })

const OPINIONS = [
  "is polished and reliable",
  "is clunky and pricey",
  "has no fees and no upsells",
  "is not good",
  "is a CRM for small teams",
  "is powerful but expensive",
  "feels dated, though the support is excellent",
  "is great value"
]
const opinion = fc.constantFrom(...OPINIONS)

layer(SentimentLexiconLive)("analysis properties", (it) => {
  it.effect("a tracked name's own tokens never move its score", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      const names = fc.constantFrom("Less Annoying CRM", "Great Bank", "Terrible Tools", "Opportunity", "Invincible Bikes", "Ghost")
      fc.assert(fc.property(names, fc.array(opinion, { minLength: 1, maxLength: 3 }), (name, opinions) => {
        const text = (brand: string) => opinions.map((o) => `${brand} ${o}.`).join(" ")
        const score = (brand: string) =>
          Effect.runSync(analyseAnswer({
            text: "",
            markdown: text(brand),
            language: "en",
            brand: { kind: "brand", id: 1, name: brand, aliases: [] },
            competitors: [],
            citations: [],
            searchQueries: []
          }).pipe(Effect.provideService(Sentiment, sentiment))).brand.sentiment
        expect(score(name)).toBe(score("Zorblat"))
      }), { numRuns: 200 })
    }))

  it.effect("adding an unrelated sentence about another brand never changes this brand's score", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      const other = fc.constantFrom("Globex", "Initech", "Umbrella")
      const where = fc.constantFrom("after", "before", "paragraph")
      fc.assert(fc.property(fc.array(opinion, { minLength: 1, maxLength: 3 }), other, opinion, where, (mine, name, theirs, at) => {
        const base = mine.map((o) => `Acmo ${o}.`).join(" ")
        const extra = `${name} ${theirs}.`
        const withExtra = at === "after" ? `${base} ${extra}` : at === "before" ? `${extra} ${base}` : `${base}\n\n${extra}`
        const analyse = (markdown: string) =>
          Effect.runSync(analyseAnswer({
            text: "",
            markdown,
            language: "en",
            brand: { kind: "brand", id: 1, name: "Acmo", aliases: [] },
            competitors: [competitor(2, "Globex"), competitor(3, "Initech"), competitor(4, "Umbrella")],
            citations: [],
            searchQueries: []
          }).pipe(Effect.provideService(Sentiment, sentiment)))
        expect(analyse(withExtra).brand.sentiment).toBe(analyse(base).brand.sentiment)
      }), { numRuns: 200 })
    }))
})
