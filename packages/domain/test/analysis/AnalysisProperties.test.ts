import { expect, layer } from "@effect/vitest"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import type { TrackedBrand } from "../../src/analysis/Mentions.js"
import { analyseAnswer } from "../../src/analysis/ResponseAnalysis.js"
import { compound, LEAD_VALENCE, scaleScore, Sentiment, SentimentLexiconLive, SentimentRulesLive } from "../../src/Sentiment.js"

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

/** The local analysis of an English answer for Acmo, with Globex, Initech and Umbrella tracked. */
const analyseWith = (sentiment: Context.Tag.Service<Sentiment>, markdown: string) =>
  Effect.runSync(analyseAnswer({
    text: "",
    markdown,
    language: "en",
    brand: { kind: "brand", id: 1, name: "Acmo", aliases: [] },
    competitors: [competitor(2, "Globex"), competitor(3, "Initech"), competitor(4, "Umbrella")],
    citations: [],
    searchQueries: []
  }).pipe(Effect.provideService(Sentiment, sentiment)))

layer(SentimentLexiconLive)("analysis properties", (it) => {
  it.effect("a tracked name's own tokens never move its score", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      const names = fc.constantFrom("Less Annoying CRM", "Great Bank", "Terrible Tools", "Opportunity", "Invincible Bikes", "Ghost")
      // an opinion that itself uses a word of the name ("is a CRM" for Less Annoying CRM) says something
      // else once that word is the name's: the learned weights read every word, not only opinion words
      const namedBy = (name: string, o: string) => name.toLowerCase().split(" ").some((word) => o.toLowerCase().split(" ").includes(word))
      const case_ = names.chain((name) =>
        fc.tuple(fc.constant(name), fc.array(fc.constantFrom(...OPINIONS.filter((o) => !namedBy(name, o))), { minLength: 1, maxLength: 3 }))
      )
      fc.assert(fc.property(case_, ([name, opinions]) => {
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

  it.effect("adding an unrelated sentence about another brand never changes this brand's score (before it, only the lead moves)", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      const other = fc.constantFrom("Globex", "Initech", "Umbrella")
      const where = fc.constantFrom("after", "before", "paragraph")
      fc.assert(fc.property(fc.array(opinion, { minLength: 1, maxLength: 3 }), other, opinion, where, (mine, name, theirs, at) => {
        const base = mine.map((o) => `Acmo ${o}.`).join(" ")
        const extra = `${name} ${theirs}.`
        const withExtra = at === "after" ? `${base} ${extra}` : at === "before" ? `${extra} ${base}` : `${base}\n\n${extra}`
        // named first, the other brand takes the lead (version 17): what its sentence says still does not matter
        const expected = at === "before" ? `${name} was founded in 1999. ${base}` : base
        expect(analyseWith(sentiment, withExtra).brand.sentiment).toBe(analyseWith(sentiment, expected).brand.sentiment)
      }), { numRuns: 200 })
    }))

  it.effect("an opening condition that names no brand never changes a brand's score (version 5)", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      const condition = fc.constantFrom(
        "If the notion of a cloud-only notebook worries you",
        "If you want the highest rate and can live without a branch",
        "If you hate bloated and slow tools",
        "If budget is tight"
      )
      fc.assert(fc.property(condition, opinion, (when, mine) => {
        expect(analyseWith(sentiment, `${when}, Acmo ${mine}.`).brand.sentiment)
          .toBe(analyseWith(sentiment, `Acmo ${mine}.`).brand.sentiment)
      }), { numRuns: 100 })
    }))

  it.effect("a list's intro and the list of other brands never change what the sentences before the intro say (version 5)", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      const intro = fc.constantFrom("Good alternatives:", "Top picks instead:", "The best options:")
      fc.assert(fc.property(fc.array(opinion, { minLength: 1, maxLength: 3 }), intro, opinion, (mine, line, theirs) => {
        const base = mine.map((o) => `Acmo ${o}.`).join(" ")
        const listed = `${base} ${line}\n\n- **Globex** – ${theirs}.\n- **Initech** – ${theirs}.`
        expect(analyseWith(sentiment, listed).brand.sentiment).toBe(analyseWith(sentiment, base).brand.sentiment)
      }), { numRuns: 100 })
    }))

  it.effect("a brand that only qualifies another (\"on the network of X\") takes none of its verdict (version 5)", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      const attachment = fc.constantFrom("on the network of", "owned by", "built on top of", "from")
      // one clause: after "but" or "though" the attached brand would open a clause of its own
      const plain = fc.constantFrom(...OPINIONS.filter((o) => !/\b(?:but|though)\b/u.test(o)))
      fc.assert(fc.property(plain, attachment, (mine, via) => {
        const analysis = analyseWith(sentiment, `Acmo ${mine}, ${via} Globex.`)
        expect(analysis.competitors.find((c) => c.brand.name === "Globex")?.sentiment).toBe(50)
      }), { numRuns: 100 })
    }))
})

// the lead is a rule of the rules; the learned weights read it as one feature among others
layer(SentimentRulesLive)("analysis properties of the rules alone", (it) => {
  it.effect("the answer's lead only raises a brand whose own clauses lean positive (version 17)", () =>
    Effect.gen(function*() {
      const sentiment = yield* Sentiment
      fc.assert(fc.property(fc.array(opinion, { minLength: 1, maxLength: 3 }), (mine) => {
        const base = mine.map((o) => `Acmo ${o}.`).join(" ")
        const leading = analyseWith(sentiment, base).brand
        const following = analyseWith(sentiment, `Globex was founded in 1999. ${base}`).brand
        expect(leading.sentiment ?? 0).toBeGreaterThanOrEqual(following.sentiment ?? 0)
        // the lead lifts a lean between neutral and its own score, and leaves the rest alone
        const lifts = (following.sentiment ?? 0) > 50 && (following.sentiment ?? 0) < scaleScore(compound(LEAD_VALENCE))
        expect(leading.evidence.some((clause) => clause.clause === "(named first)")).toBe(lifts)
        if (!lifts) expect(leading.sentiment).toBe(following.sentiment)
      }), { numRuns: 200 })
    }))
})
