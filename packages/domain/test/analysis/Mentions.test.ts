import { describe, expect, it } from "@effect/vitest"
import * as Either from "effect/Either"
import * as fc from "fast-check"
import { foldName } from "../../src/analysis/Folding.js"
import { checkMatchSettings } from "../../src/analysis/MatchSettings.js"
import { ordinaryWord } from "../../src/analysis/OrdinaryWords.js"
import { ampersandSpellings, excerptAround, findMentions, joinerSpellings, splitSpellings, joinedSpelling, type TrackedBrand } from "../../src/analysis/Mentions.js"

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
    const acmo = brand(1, "Acmo")
    expect(summary("Acmo's tools, ACMO, ACMÓ and acmo.com.", [acmo])).toEqual([
      { name: "Acmo", position: 1, matched: ["Acmo", "ACMO", "ACMÓ", "acmo"] }
    ])
    // a lower-case "acmó" is the brand when the answer never capitalises it (version 11: beside a
    // capitalised "Acmo" it is another word)
    expect(summary("Try acmó now.", [acmo])[0]?.matched).toEqual(["acmó"])
    // decomposed accent (e + U+0301) maps back to both code units
    const decomposed = "Try acmo\u0301 now"
    expect(summary(decomposed, [acmo])[0]?.matched).toEqual(["acmo\u0301"])
    expect(findMentions("Pineapple and Acmoist and subacmo", [competitor(2, "Apple"), acmo])).toEqual([])
  })

  it("matches accented names in unaccented text and aliases", () => {
    const text = "Le meilleur est Societe Generale, puis SG."
    expect(summary(text, [brand(1, "Société Générale", ["SG"])])).toEqual([
      { name: "Société Générale", position: 1, matched: ["Societe Generale", "SG"] }
    ])
  })

  it("lets the longest overlapping name win", () => {
    const text = "Acmo CRM beats Acmo, and ACMO  CRM\nis cheaper."
    expect(summary(text, [brand(1, "Acmo"), competitor(2, "Acmo CRM")])).toEqual([
      { name: "Acmo CRM", position: 1, matched: ["Acmo CRM", "ACMO  CRM"] },
      { name: "Acmo", position: 2, matched: ["Acmo"] }
    ])
  })

  it("takes a numbered heading, and an established name opening a list of names, as brand evidence", () => {
    expect(summary("### 3. Copper\nIt lives inside Gmail.", [brand(1, "Copper")]).map((m) => m.matched)).toEqual([["Copper"]])
    const names = summary("Notion and Obsidian differ. Notion is a cloud workspace.", [brand(1, "Obsidian"), competitor(2, "Notion")])
    expect(names.map((m) => [m.name, m.position])).toEqual([["Notion", 1], ["Obsidian", 2]])
    expect(summary("Notion and care matter. Notion is a wiki.", [brand(1, "Notion")]).map((m) => m.matched)).toEqual([["Notion"]])
    expect(summary("Close the deal and win.", [brand(1, "Close")])).toEqual([])
    expect(findMentions("Die Commerzbank ist teuer.", [brand(1, "Commerzbank")], { language: "de" }).length).toBe(1)
  })

  it("takes a subject after a model number, a list opened with another tracked brand, and more subject verbs as brand evidence", () => {
    expect(summary("Polestar 2 offers a sportier drive.", [brand(1, "Polestar")]).map((m) => m.matched)).toEqual([["Polestar"]])
    expect(summary("Polestar 2 is visible tonight? No: Polestar gazing.", [brand(1, "Kia")])).toEqual([])
    const listed = findMentions("Tidal und Apple Music bieten verlustfreies Audio.", [brand(1, "Tidal"), competitor(2, "Apple Music")], {
      language: "de"
    })
    expect(listed.map((m) => [m.brand.name, m.position])).toEqual([["Tidal", 1], ["Apple Music", 2]])
    // a list of ordinary words with no tracked brand in it proves nothing
    expect(summary("Tidal and coastal areas flood.", [brand(1, "Tidal")])).toEqual([])
    expect(summary("Ally pays a higher APY.", [brand(1, "Ally")]).map((m) => m.matched)).toEqual([["Ally"]])
    // version 12: the past of a bare fact
    expect(summary("Census did the same job until Fivetran acquired it.", [brand(1, "Census")]).map((m) => m.matched)).toEqual([["Census"]])
    expect(summary("The census did not count them.", [brand(1, "Census")])).toEqual([])
    // an aside of up to six words between the name and its verb
    expect(summary("Seek, made by the iNaturalist team, works without an account.", [brand(1, "Seek")]).map((m) => m.matched))
      .toEqual([["Seek"]])
  })

  it("takes a bold product name and a name closing a list with another tracked brand as brand evidence (version 8)", () => {
    const names = (text: string, tracked: ReadonlyArray<TrackedBrand>) =>
      findMentions(text, tracked, { language: "de" }).map((m) => [m.brand.name, m.position])
    // "Emma" and "Siemens" are capitalised entries of the German dictionary (a given name, a company)
    expect(names("Die **Emma One** kostet regulär mehr.", [brand(1, "Emma")])).toEqual([["Emma", 1]])
    expect(names("**Jura oder Siemens?**\nBeide sind solide.", [brand(1, "Siemens"), competitor(2, "Jura")]))
      .toEqual([["Jura", 1], ["Siemens", 2]])
    // a bold phrase, or a list without another tracked brand, proves nothing
    expect(summary("**Close the deal** today.", [brand(1, "Close")])).toEqual([])
    expect(names("Kaffee oder Emma?", [brand(1, "Emma")])).toEqual([])
    // a negation between the subject and its verb
    expect(findMentions("Apple n'a rien à proposer ici.", [brand(1, "Apple")], { language: "fr" }).length).toBe(1)
    expect(findMentions("Apple no tiene nada.", [brand(1, "Apple")], { language: "es" }).length).toBe(1)
  })

  it("takes a name a sentence compares another tracked brand with, and a list opened anywhere, as brand evidence (version 9)", () => {
    const names = (text: string, tracked: ReadonlyArray<TrackedBrand>) =>
      findMentions(text, tracked, { language: "de" }).map((m) => [m.brand.name, m.position])
    // "Aldi" and "Edeka" are capitalised entries of the German dictionary
    expect(names("**Ist Lidl günstiger als Aldi?**", [brand(1, "Aldi"), competitor(2, "Lidl")])).toEqual([["Lidl", 1], ["Aldi", 2]])
    expect(names("Bei Edeka und Rewe ist die Auswahl größer.", [brand(1, "Edeka"), competitor(2, "Rewe")]))
      .toEqual([["Edeka", 1], ["Rewe", 2]])
    // a comparison with no tracked brand before it proves nothing
    expect(names("Teurer als Aldi? Kaum.", [brand(1, "Aldi")])).toEqual([])
  })

  it("takes a one-word reply, a subject after an aside, a model name and a perfect tense as brand evidence (version 5)", () => {
    const matched = (text: string, name: string, language = "en") =>
      findMentions(text, [brand(1, name)], { language }).flatMap((m) => m.spans.map((s) => text.slice(s.start, s.end)))
    expect(matched("**Which payroll tool is best?**\nGusto. It is simple.", "Gusto")).toEqual(["Gusto"])
    expect(matched("Confluence, by contrast, feels dated and slow.", "Confluence")).toEqual(["Confluence"])
    expect(matched("Wer Windows braucht, greift zum Lenovo ThinkPad E14.", "Lenovo", "de")).toEqual(["Lenovo"])
    expect(matched("Dia ha cerrado cientos de tiendas.", "Dia", "es")).toEqual(["Dia"])
    // the same words as ordinary words stay ordinary
    expect(matched("Close the deal. Close, by contrast, the door.", "Close")).toEqual([])
    expect(matched("Discover the best cards. Don't chase the bonus.", "Discover")).toEqual([])
    expect(matched("See you on Monday 9 May.", "Monday")).toEqual([])
    expect(matched("Discover The 5 Best Cash-Back Cards below.", "Discover")).toEqual([])
  })

  it("computes position as 1 + brands first mentioned earlier", () => {
    const text = "Bexa and Gamza lead; Acmo follows. Bexa again."
    const result = findMentions(text, [brand(1, "Acmo"), competitor(2, "Bexa"), competitor(3, "Gamza"), competitor(4, "Delza")])
    expect(result.map((m) => [m.brand.name, m.position, m.firstIndex])).toEqual([
      ["Bexa", 1, 0],
      ["Gamza", 2, 9],
      ["Acmo", 3, 21]
    ])
  })

  it("ignores URLs, link targets, HTML and e-mail addresses, but reads link texts", () => {
    const markdown = [
      "See https://acmo.com/pricing and www.acmo.io, or write to sales@acmo.com.",
      "[Read the review](https://example.com/acmo-review) <img src=\"acmo.png\">",
      "[ref]: https://acmo.com/docs",
      "Compare [Acmo](https://bexa.com) with Bexa."
    ].join("\n")
    expect(summary(markdown, [brand(1, "Acmo"), competitor(2, "Bexa")])).toEqual([
      { name: "Acmo", position: 1, matched: ["Acmo"] },
      { name: "Bexa", position: 2, matched: ["Bexa"] }
    ])
  })

  it("needs no word boundary next to scripts written without spaces", () => {
    expect(summary("我推荐Acmo的产品", [brand(1, "Acmo")])[0]?.matched).toEqual(["Acmo"])
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
    const text = "Intro line.\nAcmo is great. Many like Acmo and Acmo again! Bexa is bad."
    const [acmo] = findMentions(text, [brand(1, "Acmo")])
    expect(acmo?.excerpts).toEqual(["Acmo is great.", "Many like Acmo and Acmo again!"])
  })
})

describe("excerptAround", () => {
  it("cuts long sentences to a window at word boundaries", () => {
    const words = Array.from({ length: 100 }, (_, i) => `w${i}`).join(" ")
    const text = `${words} Acmo ${words}`
    const start = text.indexOf("Acmo")
    const excerpt = excerptAround(text, start, start + 4)
    expect(excerpt).toContain("Acmo")
    expect(excerpt.length).toBeLessThanOrEqual(404)
    expect(excerpt.split(" ").every((word) => word === "Acmo" || /^w\d+$/.test(word))).toBe(true)
  })

  it("always contains the mention and stays within the window", () => {
    const token = fc.constantFrom("word", "Acmo", ".", "!", "\n", "。", " ", "  ", "longerword", "e.g.")
    fc.assert(fc.property(fc.array(token, { maxLength: 300 }), fc.array(token, { maxLength: 300 }), (before, after) => {
      const head = before.join(" ")
      const text = `${head} Acmo ${after.join(" ")}`
      const start = head.length + 1
      const excerpt = excerptAround(text, start, start + 4)
      expect(excerpt).toContain("Acmo")
      expect(excerpt.length).toBeLessThanOrEqual(4 + 2 * 200)
      expect(excerpt).toBe(excerpt.trim())
    }), { numRuns: 200 })
  })

  it("does not end a sentence at a dot inside a word", () => {
    const text = "Acmo.com offers v2.5 of Acmo today. Next."
    expect(excerptAround(text, 24, 28)).toBe("Acmo.com offers v2.5 of Acmo today.")
  })
})

// Names of 3-8 letters that are never a filler word, nor an ordinary word of the English word list
// ("quad", "quot"): those match only with brand evidence, a rule tested on its own below.
const letters = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: 3, maxLength: 8 })
const name = letters.map((s) => `q${s}`).filter((n) => ordinaryWord(n, "en") === undefined)
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

describe("ordinary-word names, split spellings and match settings", () => {
  const found = (text: string, brands: ReadonlyArray<TrackedBrand>, language = "en") =>
    findMentions(text, brands, { language }).map((m) => [m.brand.name, m.spans.map((s) => text.slice(s.start, s.end))])

  it("matches an ordinary-word name only with brand evidence", () => {
    const close = brand(1, "Close")
    expect(found("If you want to close more deals, try a CRM. In a nutshell: compare.", [close, competitor(2, "Nutshell")])).toEqual([])
    expect(found("Close the deal today.", [close])).toEqual([])
    expect(found("1. **Close** – built for calling.", [close])).toEqual([["Close", ["Close"]]])
    expect(found("- Close – built for calling.", [close])).toEqual([["Close", ["Close"]]])
    expect(found("| Close | calling |", [close])).toEqual([["Close", ["Close"]]])
    expect(found("Teams pick Close for calling.", [close])).toEqual([["Close", ["Close"]]])
    expect(found("Close is a sales CRM. Close the deal.", [close])).toEqual([["Close", ["Close"]]])
    expect(found("Polar watches are accurate. It is polar cold.", [brand(1, "Polar")])).toEqual([["Polar", ["Polar"]]])
  })

  it("knows inflected ordinary words through the dictionary's suffix rules: 'later' is 'late' + 'r' (version 11)", () => {
    expect(ordinaryWord("Later", "en")).toBe("lower")
    expect(ordinaryWord("Framer", "en")).toBe("lower")
    expect(ordinaryWord("Matches", "en")).toBe("lower")
    expect(ordinaryWord("Pipedrive", "en")).toBeUndefined()
    const later = competitor(2, "Later")
    const text = "- **Buffer** – simple.\n- **Later** – visual.\n\nMany users found out later that prices rose."
    expect(found(text, [brand(1, "Buffer"), later])).toEqual([["Buffer", ["Buffer"]], ["Later", ["Later"]]])
    expect(found("Many users only found out later, after the price hike. Buffer is simpler.", [brand(1, "Buffer"), later])).toEqual([
      ["Buffer", ["Buffer"]]
    ])
  })

  it("reads a lower-case occurrence of a capitalised name as another word when the answer writes the name with its capital (version 11)", () => {
    const hojiblanca = competitor(2, "Hojiblanca")
    const text = "1. **Oleoestepa** – un coupage de hojiblanca y arbequina.\n2. **Carbonell** – correcto.\n3. **Hojiblanca** – suave."
    expect(found(text, [brand(1, "Carbonell"), hojiblanca, competitor(3, "Oleoestepa")], "es").map(([name]) => name)).toEqual(["Oleoestepa", "Carbonell", "Hojiblanca"])
    expect(findMentions(text, [brand(1, "Carbonell"), hojiblanca], { language: "es" }).find((m) => m.brand.name === "Hojiblanca")?.spans.length).toBe(1)
    // written only in lower case, it is the brand written casually
    expect(found("we moved to hubspot last year.", [brand(1, "HubSpot")])).toEqual([["HubSpot", ["hubspot"]]])
    // a name or alias the admin writes in lower case keeps its lower-case occurrences
    expect(found("Toniebox oder tigerbox? Die **tigerbox TOUCH** setzt auf ein Abo.", [brand(1, "Tigerbox", ["tigerbox", "tigerbox TOUCH"])], "de")).toEqual([
      ["Tigerbox", ["tigerbox", "tigerbox TOUCH"]]
    ])
  })

  it("finds a name made only of ordinary words only where it is written with its capitals (version 14)", () => {
    const headspace = competitor(2, "Headspace")
    // "headspace" is missing from the spelling dictionary; the larger English word list has it
    expect(found("It can take a while to get into the right headspace with someone new.", [brand(1, "Talkspace"), headspace])).toEqual([])
    expect(found("Headspace also offers therapy.", [brand(1, "Talkspace"), headspace])).toEqual([["Headspace", ["Headspace"]]])
    // a German compound of two listed words ("Kraft" + "werk"), after a lower-case adjective
    const kraftwerk = competitor(2, "Kleines Kraftwerk")
    const text = "Ein Balkonkraftwerk ist ein kleines Kraftwerk für die Steckdose. **Priwatt** verkauft Sets. **Kleines Kraftwerk** setzt auf Sets ohne Speicher."
    expect(findMentions(text, [brand(1, "Priwatt"), kraftwerk], { language: "de" }).map((m) => [m.brand.name, m.position, m.spans.map((s) => text.slice(s.start, s.end))])).toEqual([
      ["Priwatt", 1, ["Priwatt"]],
      ["Kleines Kraftwerk", 2, ["Kleines Kraftwerk"]]
    ])
    // a name that is no word keeps its casual lower-case use
    expect(found("we moved to hubspot last year.", [brand(1, "HubSpot")])).toEqual([["HubSpot", ["hubspot"]]])
  })

  it("takes an English-only word written with its capital in another language, and a hyphenated compound's head, as the brand (version 15)", () => {
    const indeed = competitor(2, "Indeed")
    expect(found("### Quel est le meilleur site ?\n\nIndeed, si vous cherchez le plus grand nombre d'offres.", [brand(1, "HelloWork"), indeed], "fr")).toEqual([["Indeed", ["Indeed"]]])
    // in English, "Indeed," opening a sentence is the adverb
    expect(found("Indeed, most job boards charge employers.", [brand(1, "HelloWork"), indeed])).toEqual([])
    // German lists some company names among its nouns; "-Rasierer" makes one the head of a compound
    expect(found("**Lohnt sich ein Panasonic-Rasierer?** Ja, wenn es schnell gehen soll.", [brand(1, "Braun"), competitor(2, "Panasonic")], "de")).toEqual([["Panasonic", ["Panasonic"]]])
  })

  it("takes a possessive, and an established name opening a sentence before a verb, as the brand (version 6)", () => {
    const chase = brand(1, "Chase")
    expect(found("Chase's savings account pays almost nothing.", [chase])).toEqual([["Chase", ["Chase"]]])
    expect(found("Monday's meeting is early.", [brand(1, "Monday.com", ["Monday"])])).toEqual([])
    const obsidian = brand(1, "Obsidian")
    const notion = competitor(2, "Notion")
    expect(found("Notion and Obsidian differ. Obsidian stores notes as files.", [obsidian, notion])).toEqual([
      ["Notion", ["Notion"]],
      ["Obsidian", ["Obsidian", "Obsidian"]]
    ])
    // an imperative before its object is still no mention, even once the brand is established
    expect(found("Close is a sales CRM. Close the deal. Close your pipeline.", [brand(1, "Close")])).toEqual([["Close", ["Close"]]])
    expect(found("Obsidian rocks are volcanic.", [obsidian])).toEqual([])
  })

  it("needs more than a capital for words the dictionary capitalises (Monday), and accepts other evidence", () => {
    const monday = brand(1, "Monday.com", ["Monday"])
    expect(found("Plan the review for Monday morning.", [monday])).toEqual([])
    expect(found("Monday is the busiest day.", [monday])).toEqual([])
    // German capitalises every noun (and lists names such as "Otto"): the capital is no evidence, a verb is
    expect(found("Wir fahren mit Otto in den Urlaub.", [brand(1, "Otto")], "de")).toEqual([])
    expect(found("Viele bestellen bei Otto. Otto liefert schnell.", [brand(1, "Otto")], "de")).toEqual([["Otto", ["Otto", "Otto"]]])
    // version 23: a shop's verbs
    expect(found("Otto führt neben Möbeln auch ein großes Modesortiment.", [brand(1, "Otto")], "de")).toEqual([["Otto", ["Otto"]]])
    expect(found("Monday boards are colourful.", [monday])).toEqual([["Monday.com", ["Monday"]]])
    expect(found("Monday.com is pricey. Monday boards are colourful.", [monday])).toEqual([["Monday.com", ["Monday.com", "Monday"]]])
  })

  it("takes an alias or the website as evidence that the brand is meant", () => {
    const ally = { ...brand(1, "Ally", ["Ally Bank"]), website: "https://www.ally.com" }
    expect(found("Ally Bank has no fees. We like what Ally does. An ally helps.", [ally])).toEqual([["Ally", ["Ally Bank", "Ally"]]])
    expect(found("See ally.com: the rates at Ally are high.", [ally])).toEqual([["Ally", ["Ally"]]])
    expect(found("PayPal is convenient.", [brand(1, "PayPal")])).toEqual([["PayPal", ["PayPal"]]])
  })

  it("matches split spellings written with the name's capitals", () => {
    const brands = [brand(1, "MailerLite"), competitor(2, "Active Campaign")]
    expect(found("Mailer Lite and ActiveCampaign both work; mailer lite does not count.", brands)).toEqual([
      ["MailerLite", ["Mailer Lite"]],
      ["Active Campaign", ["ActiveCampaign"]]
    ])
  })

  it("splits a one-word name anywhere, written with both capitals, and joins a two-word name with its first capital (version 17)", () => {
    const brands = [brand(1, "Soundstripe"), competitor(2, "Hydro Flask"), competitor(3, "Any Time")]
    expect(found("What about Sound Stripe? Hydroflask and HYDROFLASK last; a sound stripe is not it, nor is hydroflask.", brands))
      .toEqual([
        ["Soundstripe", ["Sound Stripe"]],
        ["Hydro Flask", ["Hydroflask", "HYDROFLASK"]]
      ])
    // the joined spelling of "Any Time" is the word "anytime", which is not the brand
    expect(found("Anytime is fine. Call us anytime.", brands)).toEqual([])
    // version 18: letters and a number apart or together ("Beer 52" for Beer52)
    expect(found("For most people, **Beer 52**. Beer52 ships monthly.", [brand(1, "Beer52")])).toEqual([["Beer52", ["Beer 52", "Beer52"]]])
    expect(splitSpellings("Beer52")).toEqual(["Beer 52"])
    expect(splitSpellings("Beer 52")).toEqual(["Beer52"])
    // version 18: a style named after the brand is no mention of it
    expect(found("Loungemöbel im Bauhaus-Stil. **OBI und Bauhaus** – auch eine Option.", [brand(1, "Bauhaus")], "de")).toEqual([["Bauhaus", ["Bauhaus"]]])
    // version 18: a two-letter first part ("My Protein")
    expect(found("## Is My Protein any good? my protein shake is not it.", [brand(1, "Myprotein")])).toEqual([["Myprotein", ["My Protein"]]])
  })

  it("reads an ordinary-word name in a bold numbered item as the brand, and 'Klar ist, dass' as no subject (version 17)", () => {
    const peacock = brand(1, "Peacock")
    expect(found("**4. Peacock: best value for sports**\nA peacock is a bird.", [peacock])).toEqual([["Peacock", ["Peacock"]]])
    const klar = competitor(1, "Klar")
    expect(found("Vorab: Klar ist, dass Pulver besser wäscht.\n\n5. **Klar** – parfümfrei.", [klar], "de")).toEqual([
      ["Klar", ["Klar"]]
    ])
    expect(found("Klar ist ein Öko-Waschmittel.", [klar], "de")).toEqual([["Klar", ["Klar"]]])
  })

  it("takes a word the German dictionary capitalises anywhere in a heading as the brand (version 18)", () => {
    const brands = [brand(1, "Philips"), competitor(2, "Panasonic"), competitor(3, "Otto")]
    expect(found("## Ist die Philips Quick Clean Pod gut?\n\nFür gelegentliches Reinigen reicht sie.\n\n## Was taugt die Station von Panasonic?\n\nSehr viel. Wir fahren mit Otto in den Urlaub.", brands, "de")).toEqual([
      ["Philips", ["Philips"]],
      ["Panasonic", ["Panasonic"]]
    ])
    // outside a heading the capital is still no evidence
    expect(found("Die Station von Panasonic reinigt gründlich.", brands, "de")).toEqual([])
  })

  it("matches a name's ampersand written out, and a written-out conjunction as an ampersand (version 16)", () => {
    const brands = [brand(1, "Riese & Müller"), competitor(2, "Tuft and Needle")]
    expect(found("Riese und Müller baut robuste Räder; riese und müller zählt nicht. Tuft & Needle auch.", brands)).toEqual([
      ["Riese & Müller", ["Riese und Müller"]],
      ["Tuft and Needle", ["Tuft & Needle"]]
    ])
    expect(ampersandSpellings("Arm & Hammer")).toEqual(["Arm and Hammer", "Arm und Hammer", "Arm et Hammer", "Arm y Hammer"])
    expect(ampersandSpellings("Juvé y Camps")).toEqual(["Juvé & Camps"])
    expect(ampersandSpellings("Bank of America")).toEqual([])
    expect(ampersandSpellings("salt and pepper")).toEqual([])
  })

  it("matches a hyphen or plus written apart, a model number before a capitalised word, and a bold lower-case entry (version 21)", () => {
    const brands = [brand(1, "Health-Ade"), competitor(2, "Kuehne+Nagel"), competitor(3, "Brew Dr")]
    expect(found("### Is Health Ade better than GT's?\n\n5. **Kuehne + Nagel** – large. Kuehne Nagel too. Brew-Dr is mild; health ade is not.", brands))
      .toEqual([
        ["Health-Ade", ["Health Ade"]],
        ["Kuehne+Nagel", ["Kuehne + Nagel", "Kuehne Nagel"]],
        ["Brew Dr", ["Brew-Dr"]]
      ])
    expect(joinerSpellings("Kuehne+Nagel")).toEqual(["Kuehne Nagel", "Kuehne + Nagel"])
    expect(joinerSpellings("Health-Ade")).toEqual(["Health Ade"])
    expect(joinerSpellings("Bank of America")).toEqual([])
    // letters split at an inner capital and a number apart; a subject after an aside that "earns"
    expect(found("1. **Immobilien Scout 24** – die größte Auswahl.", [brand(1, "ImmobilienScout24")], "de"))
      .toEqual([["ImmobilienScout24", ["Immobilien Scout 24"]]])
    expect(found("Porch, once pitched as a direct rival, now earns most of its money elsewhere. Fix the porch step.", [competitor(1, "Porch")]))
      .toEqual([["Porch", ["Porch"]]])
    // a weekday proves nothing by its capital, even once the brand is established
    expect(found("Spend your Sunday mornings outside.\n\n| **Sunday** | DIY plan |", [competitor(1, "Sunday")]))
      .toEqual([["Sunday", ["Sunday"]]])
    // a name the German dictionary lists ("Renault"), before a model number and a capitalised word
    const renault = competitor(1, "Renault")
    expect(found("Der Renault 5 E-Tech bietet mehr Ausstattung.", [renault], "de")).toEqual([["Renault", ["Renault"]]])
    expect(found("Die Station von Renault reinigt gründlich.", [renault], "de")).toEqual([])
    // a lower-case logo alone in bold heading a table row (once established, the capitalised word counts too, as documented)
    const star = competitor(1, "Star")
    expect(found("| **star** | Preise auf JET-Niveau |\n\nDer heimliche Star ist die Uhrzeit.", [star], "de")).toEqual([["Star", ["star", "Star"]]])
    expect(found("Das ist ein star unter vielen, nicht **star** im Satz.", [star], "de")).toEqual([])
  })

  it("applies case-sensitive and regex modes and exclusion phrases", () => {
    const exact = { ...brand(1, "Wise"), match: { mode: "case-sensitive" as const, pattern: null, exclusions: [] } }
    expect(found("It is wise to use Wise. WISE is loud.", [exact])).toEqual([["Wise", ["Wise"]]])
    const regex = { ...brand(1, "Drip"), match: { mode: "regex" as const, pattern: "\\bDrip(?: ESP)?\\b", exclusions: [] } }
    expect(found("Drip ESP beats a drip campaign; Drip too.", [regex])).toEqual([["Drip", ["Drip ESP", "Drip"]]])
    const broken = { ...brand(1, "Drip"), match: { mode: "regex" as const, pattern: "(", exclusions: [] } }
    expect(found("Drip", [broken])).toEqual([])
    const excluded = { ...brand(1, "Acmo"), match: { mode: "auto" as const, pattern: null, exclusions: ["acmo of perfection"] } }
    expect(found("The Acmo of perfection. Acmo is great.", [excluded])).toEqual([["Acmo", ["Acmo"]]])
  })

  it("checks admin settings before they are stored", () => {
    expect(checkMatchSettings({ mode: "regex", pattern: "\\bAcme\\b", exclusions: [" a  b ", "a b"] }))
      .toEqual(Either.right({ mode: "regex", pattern: "\\bAcme\\b", exclusions: ["a b"] }))
    expect(Either.isLeft(checkMatchSettings({ mode: "regex", pattern: null, exclusions: [] }))).toBe(true)
    expect(Either.isLeft(checkMatchSettings({ mode: "regex", pattern: "a|", exclusions: [] }))).toBe(true)
    expect(Either.isLeft(checkMatchSettings({ mode: "auto", pattern: "x", exclusions: [] }))).toBe(true)
    expect(Either.isLeft(checkMatchSettings({ mode: "fuzzy", pattern: null, exclusions: [] }))).toBe(true)
    expect(Either.isLeft(checkMatchSettings({ mode: "auto", pattern: null, exclusions: [" "] }))).toBe(true)
  })

  it("splits and joins spellings", () => {
    expect(splitSpellings("MailerLite")).toEqual(["Mailer Lite"])
    expect(splitSpellings("Notion")).toEqual(["No Tion", "Not Ion", "Noti On"])
    expect(splitSpellings("Soundstripe")).toEqual(["So Undstripe", "Sou Ndstripe", "Soun Dstripe", "Sound Stripe", "Sounds Tripe", "Soundst Ripe", "Soundstr Ipe", "Soundstri Pe"])
    expect(splitSpellings("Acme")).toEqual(["Ac Me"])
    expect(splitSpellings("Ace")).toEqual([])
    expect(splitSpellings("Mailer Lite")).toEqual([])
    expect(joinedSpelling("Mailer Lite")).toBe("MailerLite")
    expect(joinedSpelling("MailerLite")).toBe(null)
    expect(joinedSpelling("Bank of America")).toBe(null)
  })
})
