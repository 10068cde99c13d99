import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { foldName } from "../../src/analysis/Folding.js"
import { excerptAround, findMentions, type TrackedBrand } from "../../src/analysis/Mentions.js"

const brand = (id: number, name: string, aliases: ReadonlyArray<string> = []): TrackedBrand => ({
  kind: "brand",
  id,
  name,
  aliases
})
const competitor = (id: number, name: string, aliases: ReadonlyArray<string> = []): TrackedBrand => ({
  kind: "competitor",
  id,
  name,
  aliases
})

const summary = (text: string, brands: ReadonlyArray<TrackedBrand>) =>
  findMentions(text, brands).map((m) => ({
    name: m.brand.name,
    position: m.position,
    matched: m.spans.map((s) => text.slice(s.start, s.end))
  }))

describe("findMentions", () => {
  it("matches case- and accent-insensitively on word boundaries", () => {
    const acme = brand(1, "Acme")
    expect(summary("Acme's tools, ACME, acmé and ACMÉ.", [acme])).toEqual([
      { name: "Acme", position: 1, matched: ["Acme", "ACME", "acmé", "ACMÉ"] }
    ])
    // decomposed accent (e + U+0301) maps back to both code units
    const decomposed = "Try acme\u0301 now"
    expect(summary(decomposed, [acme])[0]?.matched).toEqual(["acme\u0301"])
    expect(findMentions("Pineapple and Acmeist and subacme", [competitor(2, "Apple"), acme])).toEqual([])
  })

  it("matches accented names in unaccented text and aliases", () => {
    const text = "Le meilleur est Societe Generale, puis SG."
    expect(summary(text, [brand(1, "Société Générale", ["SG"])])).toEqual([
      { name: "Société Générale", position: 1, matched: ["Societe Generale", "SG"] }
    ])
  })

  it("lets the longest overlapping name win", () => {
    const text = "Acme CRM beats Acme, and acme  crm\nis cheaper."
    expect(summary(text, [brand(1, "Acme"), competitor(2, "Acme CRM")])).toEqual([
      { name: "Acme CRM", position: 1, matched: ["Acme CRM", "acme  crm"] },
      { name: "Acme", position: 2, matched: ["Acme"] }
    ])
  })

  it("computes position as 1 + brands first mentioned earlier", () => {
    const text = "Beta and Gamma lead; Acme follows. Beta again."
    const result = findMentions(text, [brand(1, "Acme"), competitor(2, "Beta"), competitor(3, "Gamma"), competitor(4, "Delta")])
    expect(result.map((m) => [m.brand.name, m.position, m.firstIndex])).toEqual([
      ["Beta", 1, 0],
      ["Gamma", 2, 9],
      ["Acme", 3, 21]
    ])
  })

  it("ignores URLs, link targets, HTML and e-mail addresses, but reads link texts", () => {
    const markdown = [
      "See https://acme.com/pricing and www.acme.io, or write to sales@acme.com.",
      "[Read the review](https://example.com/acme-review) <img src=\"acme.png\">",
      "[ref]: https://acme.com/docs",
      "Compare [Acme](https://beta.com) with Beta."
    ].join("\n")
    expect(summary(markdown, [brand(1, "Acme"), competitor(2, "Beta")])).toEqual([
      { name: "Acme", position: 1, matched: ["Acme"] },
      { name: "Beta", position: 2, matched: ["Beta"] }
    ])
  })

  it("needs no word boundary next to scripts written without spaces", () => {
    expect(summary("我推荐Acme的产品", [brand(1, "Acme")])[0]?.matched).toEqual(["Acme"])
    expect(summary("我喜欢苹果手机", [brand(1, "苹果")])[0]?.matched).toEqual(["苹果"])
  })

  it("handles names that start or end with punctuation", () => {
    expect(summary("We use C++ and C# daily.", [brand(1, "C++"), competitor(2, "C#")]).map((m) => m.matched)).toEqual([
      ["C++"],
      ["C#"]
    ])
  })

  it("ignores names without letters or digits", () => {
    expect(findMentions("A - B & C", [brand(1, "-", ["&", " "])])).toEqual([])
  })

  it("gives one excerpt per sentence", () => {
    const text = "Intro line.\nAcme is great. Many like Acme and Acme again! Beta is bad."
    const [acme] = findMentions(text, [brand(1, "Acme")])
    expect(acme?.excerpts).toEqual(["Acme is great.", "Many like Acme and Acme again!"])
  })
})

describe("excerptAround", () => {
  it("cuts long sentences to a window at word boundaries", () => {
    const words = Array.from({ length: 100 }, (_, i) => `w${i}`).join(" ")
    const text = `${words} Acme ${words}`
    const start = text.indexOf("Acme")
    const excerpt = excerptAround(text, start, start + 4)
    expect(excerpt).toContain("Acme")
    expect(excerpt.length).toBeLessThanOrEqual(404)
    expect(excerpt.split(" ").every((word) => word === "Acme" || /^w\d+$/.test(word))).toBe(true)
  })

  it("always contains the mention and stays within the window", () => {
    const token = fc.constantFrom("word", "Acme", ".", "!", "\n", "。", " ", "  ", "longerword", "e.g.")
    fc.assert(fc.property(fc.array(token, { maxLength: 300 }), fc.array(token, { maxLength: 300 }), (before, after) => {
      const head = before.join(" ")
      const text = `${head} Acme ${after.join(" ")}`
      const start = head.length + 1
      const excerpt = excerptAround(text, start, start + 4)
      expect(excerpt).toContain("Acme")
      expect(excerpt.length).toBeLessThanOrEqual(4 + 2 * 200)
      expect(excerpt).toBe(excerpt.trim())
    }), { numRuns: 200 })
  })

  it("does not end a sentence at a dot inside a word", () => {
    const text = "Acme.com offers v2.5 of Acme today. Next."
    expect(excerptAround(text, 24, 28)).toBe("Acme.com offers v2.5 of Acme today.")
  })
})

// Names of 3-8 letters that are never a filler word.
const letters = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: 3, maxLength: 8 })
const name = letters.map((s) => `q${s}`)
const fillers = fc.array(fc.constantFrom("the", "and", "then", "is", "good", ",", "."), { maxLength: 4 })

describe("findMentions properties", () => {
  it("never matches a name embedded in a longer word", () => {
    fc.assert(fc.property(name, letters, fc.boolean(), fc.boolean(), (n, extra, before, after) => {
      fc.pre(before || after)
      const word = `${before ? extra : ""}${n}${after ? extra : ""}`
      expect(findMentions(`Some ${word} here`, [brand(1, n)])).toEqual([])
    }))
  })

  it("always matches case and accent variations of the name", () => {
    const accents = ["", "\u0301", "\u0300", "\u0308", "\u0302"]
    const variant = (n: string) =>
      fc.tuple(...[...n].map((char) => fc.tuple(fc.boolean(), fc.constantFrom(...accents), fc.boolean()).map(
        ([upper, accent, compose]) => {
          const decomposed = (upper ? char.toUpperCase() : char) + accent
          return compose ? decomposed.normalize("NFC") : decomposed
        }
      ))).map((chars) => chars.join(""))
    const punctuation = fc.constantFrom(" ", ", ", "'s ", ". ", "! ", "\n", ") ")
    fc.assert(fc.property(name.chain((n) => fc.tuple(fc.constant(n), variant(n))), punctuation, ([n, spelled], after) => {
      const text = `Try (${spelled}${after}today`
      const mentions = findMentions(text, [brand(1, n)])
      expect(mentions).toHaveLength(1)
      const span = mentions[0]?.spans[0]
      expect(span === undefined ? "" : text.slice(span.start, span.end)).toBe(spelled)
      expect(foldName(spelled)).toBe(n)
    }))
  })

  it("ranks positions by first mention, whatever order the brands are listed in", () => {
    const scenario = fc.uniqueArray(name, { minLength: 1, maxLength: 6 }).chain((names) =>
      fc.tuple(
        fc.constant(names),
        fc.array(fc.tuple(fc.constantFrom(...names), fillers), { minLength: 1, maxLength: 12 }),
        fc.shuffledSubarray(names, { minLength: names.length })
      )
    )
    fc.assert(fc.property(scenario, ([names, sequence, shuffled]) => {
      const text = sequence.map(([n, filler]) => [n, ...filler].join(" ")).join(" ")
      const tracked = names.map((n, i) => competitor(i + 1, n))
      const byName = (list: ReadonlyArray<TrackedBrand>) =>
        Object.fromEntries(findMentions(text, list).map((m) => [m.brand.name, m.position]))
      const positions = byName(tracked)
      // the expected order: distinct names in order of first appearance
      const order = [...new Set(sequence.map(([n]) => n))]
      expect(positions).toEqual(Object.fromEntries(order.map((n, i) => [n, i + 1])))
      expect(byName(shuffled.map((n) => tracked[names.indexOf(n)] ?? competitor(0, n)))).toEqual(positions)
    }))
  })

  it("returns spans that fold back to one of the brand's names", () => {
    fc.assert(fc.property(fc.string({ maxLength: 80 }), name, (noise, n) => {
      const text = `${noise} ${n.toUpperCase()} ${noise}`
      for (const mention of findMentions(text, [brand(1, n, ["x"])])) {
        for (const span of mention.spans) expect(["x", n]).toContain(foldName(text.slice(span.start, span.end)))
      }
    }))
  })
})
