import { describe, expect, it } from "@effect/vitest"
import { findMentions, type TrackedBrand } from "../../src/analysis/Mentions.js"
import { CONTRAST_AFTER, CONTRAST_BEFORE } from "../../src/analysis/DomainLexicon.js"
import { answerLead, nameWordPattern, scopeClauses } from "../../src/analysis/Scope.js"

const tracked = (...names: ReadonlyArray<string>): ReadonlyArray<TrackedBrand> =>
  names.map((name, index) => ({ kind: index === 0 ? "brand" : "competitor", id: index + 1, name, aliases: [] }))

/** Each brand's clauses as [text, weight]. */
const scope = (text: string, ...names: ReadonlyArray<string>) => {
  const brands = tracked(...names)
  const mentions = findMentions(text, brands)
  const scopes = scopeClauses(text, mentions.map((m) => ({ brand: m.brand.name, spans: m.spans })), nameWordPattern(names))
  return Object.fromEntries([...scopes].map(([name, clauses]) => [name, clauses.map((c) => [c.text, c.weight])]))
}

/** Each brand's clauses' layout lean (0: none). */
const leans = (text: string, ...names: ReadonlyArray<string>) => {
  const mentions = findMentions(text, tracked(...names))
  const scopes = scopeClauses(text, mentions.map((m) => ({ brand: m.brand.name, spans: m.spans })))
  return Object.fromEntries([...scopes].map(([name, clauses]) => [name, clauses.map((c) => c.lean ?? 0)]))
}

/** The brand an answer leads with (version 17). */
const lead = (text: string, ...names: ReadonlyArray<string>) =>
  answerLead(text, findMentions(text, tracked(...names)).map((m) => ({ brand: m.brand.name, spans: m.spans })))

describe("answerLead", () => {
  it("is the brand named first, passing over what an 'alternatives to' answer leaves", () => {
    expect(lead("1. **Pipedrive** – visual.\n2. **HubSpot** – free.", "HubSpot", "Pipedrive")).toBe("Pipedrive")
    expect(lead("Looking for alternatives to Asana? 1. **Trello** – simple.", "Asana", "Trello")).toBe("Trello")
    expect(lead("The best Notion alternative is Obsidian.", "Notion", "Obsidian")).toBe("Obsidian")
    expect(lead("Asana is pricey. Trello is simple.", "Trello", "Asana")).toBe("Asana")
    expect(lead("No tracked brand here.", "Asana")).toBe(undefined)
  })

  it("never leads with a brand the answer names anywhere as what it leaves (version 18)", () => {
    expect(lead("## Alternativas a Strava\n\nStrava sigue siendo popular. 1. **Runna** – clara.", "Strava", "Runna")).toBe("Runna")
    expect(lead("Evernote was the app for a decade.\n\n# Evernote alternatives\n\n1. **Notion** – wikis.", "Evernote", "Notion")).toBe("Notion")
    // a brand only compared with ("cheaper than Asana") still leads
    expect(lead("Asana is pricey. Trello is cheaper than Asana.", "Trello", "Asana")).toBe("Asana")
  })
})

describe("scopeClauses", () => {
  it("splits at clause markers and weighs what follows a contrast or an opening concession; a concession after its main clause weighs like it", () => {
    expect(scope("Todoist is polished, whereas TickTick is buggy.", "Todoist", "TickTick")).toEqual({
      Todoist: [["is polished,", 1]],
      TickTick: [["whereas is buggy.", 1]]
    })
    expect(scope("Acmo has easy apps, though connections drop.", "Acmo")).toEqual({
      Acmo: [["has easy apps,", 1], ["though connections drop.", 1]]
    })
    expect(scope("Although it is pricey, Acmo is the best.", "Acmo")).toEqual({
      Acmo: [["Although it is pricey,", CONTRAST_BEFORE], ["is the best.", CONTRAST_AFTER]]
    })
    expect(scope("Figma is powerful but expensive.", "Figma")).toEqual({ Figma: [["is powerful", CONTRAST_BEFORE], ["but expensive.", CONTRAST_AFTER]] })
    expect(scope("Great, yet another Acmo price hike.", "Acmo")).toEqual({ Acmo: [["Great, yet another price hike.", 1]] })
  })

  it("starts the contrast of an adverb where its clause starts (verb-second German, mid-clause adverbs, a trailing \"though\")", () => {
    expect(scope("Wix ist einfach, stößt jedoch schnell an Grenzen.", "Wix")).toEqual({
      Wix: [["ist einfach,", CONTRAST_BEFORE], ["stößt jedoch schnell an Grenzen.", CONTRAST_AFTER]]
    })
    expect(scope("Acmo ist gut. Die Preiserhöhung hat allerdings viele verärgert.", "Acmo")).toEqual({
      Acmo: [["ist gut.", 1], ["Die Preiserhöhung hat allerdings viele verärgert.", CONTRAST_AFTER]]
    })
    expect(scope("Acmo has fast autofocus; the menus are confusing, though.", "Acmo")).toEqual({
      Acmo: [["has fast autofocus;", 1], ["the menus are confusing, though.", 1]]
    })
    // a conjunction and an adverb after a comma cut where they stand
    expect(scope("Acmo ist schnell, aber teuer.", "Acmo")).toEqual({ Acmo: [["ist schnell,", CONTRAST_BEFORE], ["aber teuer.", CONTRAST_AFTER]] })
  })

  it("carries a brand to the sentences and list continuations that do not name it, within a block", () => {
    expect(scope("Polar has good sensors. However, the app is clunky.\n\nIt rains.", "Polar")).toEqual({
      Polar: [["has good sensors.", 1], ["However, the app is clunky.", CONTRAST_AFTER]]
    })
    expect(scope("- Acmo: cheap. Support is slow.\n- It rains.", "Acmo")).toEqual({ Acmo: [[": cheap.", 1], ["Support is slow.", 1]] })
  })

  it("does not give a comparison's baseline the clause that judges the brand compared", () => {
    expect(scope("Bolt is cheaper than Uber.", "Bolt", "Uber")).toEqual({ Bolt: [["is cheaper than .", 1]], Uber: [] })
    expect(scope("Acmo ist günstiger als Bexa.", "Acmo", "Bexa")).toEqual({ Acmo: [["ist günstiger als .", 1]], Bexa: [] })
    expect(scope("Acmo est plus cher que Bexa.", "Acmo", "Bexa")).toEqual({ Acmo: [["est plus cher que .", 1]], Bexa: [] })
    expect(scope("If you want alternatives to Bexa, Acmo is the most complete.", "Acmo", "Bexa")).toEqual({
      Acmo: [["is the most complete.", 1]],
      Bexa: []
    })
    expect(scope("Good alternatives to Bexa:\n\n- **Acmo** – clean editor.", "Acmo", "Bexa")).toEqual({
      Acmo: [["– clean editor.", 1]],
      Bexa: []
    })
    expect(scope("Acmo y Bexa son caros.", "Acmo", "Bexa")).toEqual({ Acmo: [["y son caros.", 1]], Bexa: [["y son caros.", 1]] })
  })

  it("cuts a clause before \", and <brand>\" that starts a new subject, not inside a list of names", () => {
    expect(scope("Acmo is pricier but calmer, and Bexa is often late.", "Acmo", "Bexa")).toEqual({
      Acmo: [["is pricier", CONTRAST_BEFORE], ["but calmer", CONTRAST_AFTER]],
      Bexa: [[", and is often late.", 1]]
    })
    expect(scope("Acmo, Bexa, and Cora are popular.", "Acmo", "Bexa", "Cora")).toEqual({
      Acmo: [[", , and are popular.", 1]],
      Bexa: [[", , and are popular.", 1]],
      Cora: [[", , and are popular.", 1]]
    })
  })

  it("carries a heading's brand through its section, and a list item's brand to its nested items", () => {
    expect(scope("### 1. Acmo\n\nIt is fast.\n\n- Cheap plans\n\n### 2. Bexa\n\nIt is slow.", "Acmo", "Bexa")).toEqual({
      Acmo: [["It is fast.", 1], ["Cheap plans", 1]],
      Bexa: [["It is slow.", 1]]
    })
    expect(scope("## Alternatives to Acmo\n\nAll are cheap.", "Acmo")).toEqual({ Acmo: [] })
    expect(scope("1. **Acmo**\n   - Fast sync\n\n   - Clunky editor\n2. Other tools\n   - Slow", "Acmo")).toEqual({
      Acmo: [["Fast sync", 1], ["Clunky editor", 1]]
    })
  })

  it("puts a clause under a Pros or Cons column, or after a \"Cons:\" label, on that side", () => {
    expect(leans("| Phone | Best for | Drawbacks |\n|---|---|---|\n| Acmo | Video | Slow charging |", "Acmo")).toEqual({ Acmo: [1, -1] })
    expect(leans("| Tool | Pros | Cons |\n|---|---|---|\n| Acmo | Big screen | Average camera |", "Acmo")).toEqual({ Acmo: [1, -1] })
    expect(leans("| Operador | Ventajas | Inconvenientes |\n|---|---|---|\n| Acmo | Cobertura | Es el más caro |", "Acmo")).toEqual({ Acmo: [1, -1] })
    expect(leans("| Portal | Mejor para | Inconvenientes |\n|---|---|---|\n| Acmo | Comprar | Anuncios duplicados |", "Acmo")).toEqual({ Acmo: [1, -1] })
    expect(leans("### Acmo\n- **Pros:** big screen\n- **Cons:** average camera\n- Made in 2020", "Acmo")).toEqual({ Acmo: [1, -1, 0] })
  })

  it("leans the items of a recommending list and the answer to \"which is best?\" to praise, not a plain listing", () => {
    expect(leans("Top alternatives to Bexa:\n\n1. **Acmo** – runs in the browser.", "Acmo", "Bexa")).toEqual({ Acmo: [1], Bexa: [] })
    expect(leans("Tools people use:\n\n1. **Acmo** – runs in the browser.", "Acmo")).toEqual({ Acmo: [0] })
    expect(leans("**What is the best free option?**\nAcmo. It is open source.", "Acmo")).toEqual({ Acmo: [1, 0] })
    expect(leans("**Is Acmo safe?**\nAcmo was breached.", "Acmo")).toEqual({ Acmo: [0] })
  })

  it("gives a clause that names brands only after \"than\" to the brand it continues (version 6)", () => {
    expect(scope("- **Acmo** – strong integrations; the free plan is more limited than Bexa's.", "Acmo", "Bexa")).toEqual({
      Acmo: [["– strong integrations;", 1], ["the free plan is more limited than 's.", 1]],
      Bexa: []
    })
    // with no brand to continue, the baseline keeps it
    expect(scope("Nothing is cheaper than Bexa.", "Acmo", "Bexa")).toEqual({ Bexa: [["Nothing is cheaper than .", 1]] })
    // a sentence that opens with "nothing" praises its baseline; any other is about the block's brand (version 11)
    expect(scope("Acmo is great. Nothing is cheaper than Bexa.", "Acmo", "Bexa")).toEqual({
      Acmo: [["is great.", 1]],
      Bexa: [["Nothing is cheaper than .", 1]]
    })
    expect(scope("Acmo is quick. It publishes its prices, unlike Bexa. Image quality is a step behind Bexa.", "Acmo", "Bexa")).toEqual({
      Acmo: [["is quick.", 1], ["It publishes its prices, unlike .", 1], ["Image quality is a step behind .", 1]],
      Bexa: []
    })
    expect(scope("Acmo is great. The German catalogue is much smaller than at Bexa.", "Acmo", "Bexa")).toEqual({
      Acmo: [["is great.", 1], ["The German catalogue is much smaller than at .", 1]],
      Bexa: []
    })
    expect(scope("Acmo is great. Its plans are cheaper than Bexa's.", "Acmo", "Bexa")).toEqual({
      Acmo: [["is great.", 1], ["Its plans are cheaper than 's.", 1]],
      Bexa: []
    })
  })

  it("does not score questions, and carries their brands to the answer", () => {
    expect(scope("**Is Acmo good?**\nIt used to be. Now it is slow.\n\n**What else?**\nNothing.", "Acmo")).toEqual({
      Acmo: [["It used to be.", 1], ["Now it is slow.", 1]]
    })
    expect(scope("Readers asked whether Acmo is worth it.", "Acmo")).toEqual({ Acmo: [] })
    // a bold question and its answer on one line are two sentences
    expect(scope("**Is Acmo good?** It used to be. Now it is slow.", "Acmo")).toEqual({
      Acmo: [["It used to be.", 1], ["Now it is slow.", 1]]
    })
  })

  it("skips a feature matrix's Yes/No cells", () => {
    expect(scope("| App | Free plan | Calls |\n|---|---|---|\n| Acmo | Yes | ✓ |", "Acmo")).toEqual({ Acmo: [] })
  })

  it("gives a table row's cells to that row's brand and skips the header", () => {
    expect(scope("| Tool | Verdict |\n|---|---|\n| Acmo | Fast |\n| Bexa | Slow |", "Acmo", "Bexa")).toEqual({
      Acmo: [["Fast", 1]],
      Bexa: [["Slow", 1]]
    })
  })

  it("gives a row's cells to the brand of its first cell, not to brands a cell compares it with (version 7)", () => {
    expect(scope("| Model | Strengths | Weaknesses |\n|---|---|---|\n| Acmo | Fast | Noise cancelling lags behind Bexa |", "Acmo", "Bexa"))
      .toEqual({ Acmo: [["Fast", 1], ["Noise cancelling lags behind", 1]], Bexa: [] })
    // a first cell without a brand leaves the row to the brands it names
    expect(scope("| Use | Pick |\n|---|---|\n| Travel | Acmo, fast |", "Acmo")).toEqual({ Acmo: [["Travel", 1], [", fast", 1]] })
  })

  it("goes on with the brand before a FAQ heading that asks about \"it\" (version 8)", () => {
    expect(scope("### Which card is best?\nAcmo is popular.\n\n### Is it worth paying for?\nFor most families, yes.\n\n### Are there cheaper options?\nBexa costs less.", "Acmo", "Bexa"))
      .toEqual({ Acmo: [["is popular.", 1], ["For most families, yes.", 1]], Bexa: [["costs less.", 1]] })
  })

  it("endorses the brands that answer a heading or a question asking for the best, after a clause naming none (version 10)", () => {
    expect(leans("### Which kibble brands do vets recommend?\n\nVets most often mention Purina and Hill's.", "Purina", "Hill's"))
      .toEqual({ Purina: [1], "Hill's": [1] })
    expect(leans("**Quelle est la meilleure mutuelle ?**\nTout dépend de votre profil. Harmonie, première mutuelle de France.", "Harmonie"))
      .toEqual({ Harmonie: [1] })
    // a heading that asks nothing of the kind endorses no one
    expect(leans("### How much does it cost?\n\nAcmo starts at $10.", "Acmo")).toEqual({ Acmo: [0] })
  })

  it("judges no brand in an opening condition, and hands the brand it names to the main clause (version 10)", () => {
    expect(scope("If you used Getir for quick grocery runs, you'll need another app: it pulled out of the UK.", "Getir")).toEqual({
      Getir: [["you'll need another app: it pulled out of the UK.", 1]]
    })
  })

  it("leaves asides in parentheses out, and cuts at 'en revanche', 'hingegen', 'en cambio' (version 10)", () => {
    expect(scope("Dott is the main choice in Europe (except Paris, which banned rental scooters).", "Dott")).toEqual({
      Dott: [["is the main choice in Europe .", 1]]
    })
    expect(scope("La Redoute est pratique. Le service client est en revanche difficile à joindre.", "La Redoute")).toEqual({
      "La Redoute": [["est pratique.", 1], ["Le service client est en revanche difficile à joindre.", CONTRAST_AFTER]]
    })
    expect(scope("Acmo ist schnell, Bexa hingegen langsam.", "Acmo", "Bexa")).toEqual({ Acmo: [["ist schnell,", CONTRAST_BEFORE]], Bexa: [["hingegen langsam.", CONTRAST_AFTER]] })
  })

  it("judges the brands a heading names by its verdict, not the brand of an alternatives heading (version 11)", () => {
    expect(scope("### 3. Potensic Atom 2 — best budget option\n\nUnder $300 with 4K video.", "Potensic")).toEqual({
      Potensic: [["3. Atom 2 — best budget option", 1], ["Under $300 with 4K video.", 1]]
    })
    expect(scope("## Best Substack alternatives\n\nAll are cheap.", "Substack")).toEqual({ Substack: [] })
    // the heading takes no lean from the recommending list item before it
    expect(leans("Top picks:\n\n- **Acmo** – runs in the browser.\n\n### Bexa X10 — enterprise fleets", "Acmo", "Bexa")).toEqual({ Acmo: [1], Bexa: [0] })
  })

  it("reads French 'bon' and 'bons' as recommending a list (version 11)", () => {
    expect(leans("Voici de bons outils :\n\n1. **Acmo** – pensé pour les TPE.", "Acmo")).toEqual({ Acmo: [1] })
    expect(leans("C'est le bon moment pour choisir :\n\n1. **Acmo** – pensé pour les TPE.", "Acmo")).toEqual({ Acmo: [1] })
  })

  it("marks a clause that opens with advice to choose the brand it names (version 11)", () => {
    const advised = (text: string, ...names: ReadonlyArray<string>) => {
      const mentions = findMentions(text, tracked(...names))
      const scopes = scopeClauses(text, mentions.map((m) => ({ brand: m.brand.name, spans: m.spans })))
      return Object.fromEntries([...scopes].map(([name, clauses]) => [name, clauses.map((c) => c.advised === true)]))
    }
    expect(advised("Acmo is the best buy; choose Bexa if you want something discreet.", "Acmo", "Bexa")).toEqual({ Acmo: [false], Bexa: [true] })
    expect(advised("Get the Acmo One if you can; otherwise start with the Bexa.", "Acmo", "Bexa")).toEqual({ Acmo: [true], Bexa: [true] })
    expect(advised("Many teams choose Acmo. Few pick Bexa.", "Acmo", "Bexa")).toEqual({ Acmo: [false], Bexa: [false] })
    expect(advised("Sinon, optez pour Acmo.", "Acmo")).toEqual({ Acmo: [true] })
    // version 12: after a line label, and a closing verdict's items, one per brand
    expect(advised("**Verdict:** Start with Acmo; move to Bexa when speed matters.", "Acmo", "Bexa")).toEqual({ Acmo: [true], Bexa: [false] })
    expect(advised("**In short:** Acmo for sensitive skin, Bexa if texture is everything, Cora only if you swim.", "Acmo", "Bexa", "Cora"))
      .toEqual({ Acmo: [true], Bexa: [true], Cora: [false] })
    expect(advised("Acmo for sensitive skin, Bexa if texture is everything.", "Acmo", "Bexa")).toEqual({ Acmo: [false] , Bexa: [false] })
    expect(advised("**Conclusión:** Acmo para documentos; Bexa para viajar.", "Acmo", "Bexa")).toEqual({ Acmo: [true], Bexa: [true] })
    // a sentence does not end at the "!" of a name
    expect(advised("**In short:** Bexa for long days, Acmo! if texture is everything.", "Acmo!", "Bexa")).toEqual({ "Acmo!": [true], Bexa: [true] })
  })

  it("takes no lean from a heading across a line that introduces a list without recommending it (decided in version 12)", () => {
    const text = "## Best chess apps\n\nThese are the apps worth installing:\n\n1. **Acmo** – It does the job for under-12s."
    expect(leans(text, "Acmo")).toEqual({ Acmo: [0] })
  })

  it("leaves out the baseline of an elided French comparison and of 'una alternativa sólida a' (version 12)", () => {
    expect(scope("Acmo mise sur un suivi personnalisé ; c'est un peu plus cher qu'Ornio, mais son taux de réussite est excellent.", "Acmo", "Ornio")).toEqual({
      Acmo: [["mise sur un suivi personnalisé ;", 1], ["c'est un peu plus cher qu' ,", CONTRAST_BEFORE], ["mais son taux de réussite est excellent.", CONTRAST_AFTER]],
      Ornio: []
    })
    expect(scope("Acmo vende online. Es una alternativa sólida a Bexa, aunque su stock es menor.", "Acmo", "Bexa")).toEqual({
      Acmo: [["vende online.", 1], ["Es una alternativa sólida a ,", 1], ["aunque su stock es menor.", 1]],
      Bexa: []
    })
    expect(scope("Acmo uses a canvas. It usually costs a fraction of Bexa's price.", "Acmo", "Bexa")).toEqual({
      Acmo: [["uses a canvas.", 1], ["It usually costs a fraction of 's price.", 1]],
      Bexa: []
    })
  })

  it("reads a brand the clause would not be chosen over, and the name before 'alternative', as baselines (version 14)", () => {
    expect(scope("1. **Acmo** – The grind is excellent, but at $700 it's hard to recommend over the Bexa for most people.", "Acmo", "Bexa")).toEqual({
      Acmo: [["– The grind is excellent,", CONTRAST_BEFORE], ["but at $700 it's hard to recommend over the for most people.", CONTRAST_AFTER]],
      Bexa: []
    })
    expect(scope("1. **Acmo** – The best Bexa alternative on Mac: fast and well designed.", "Acmo", "Bexa")).toEqual({
      Acmo: [["– The best alternative on Mac: fast and well designed.", 1]],
      Bexa: []
    })
  })

  it("leaves out the brand a German clause compares with after 'gegenüber' (version 18)", () => {
    expect(scope("Bexa hat schöne Grundrisse, fällt bei der Verarbeitung aber gegenüber Acmo deutlich ab.", "Bexa", "Acmo")).toEqual({
      Bexa: [["hat schöne Grundrisse,", CONTRAST_BEFORE], ["fällt bei der Verarbeitung aber gegenüber deutlich ab.", CONTRAST_AFTER]],
      Acmo: []
    })
  })

  it("judges no brand with a sentence ending in a full stop that only names the options below (version 18)", () => {
    const text = "Acmo used to be the default free app. If you want something that costs less, these are the best options.\n\n## 1. Bexa\nThe gold standard."
    expect(scope(text, "Acmo", "Bexa")).toEqual({
      Acmo: [["used to be the default free app.", 1]],
      Bexa: [["The gold standard.", 1]]
    })
    // a sentence about the brand itself still judges it
    expect(scope("Acmo is solid. These are the best options.", "Acmo")).toEqual({
      Acmo: [["is solid.", 1]]
    })
    expect(scope("Acmo is solid. These are expensive.", "Acmo")).toEqual({
      Acmo: [["is solid.", 1], ["These are expensive.", 1]]
    })
  })

  it("judges no brand with a sentence introducing the list below, and leaves out baselines of 'justify over' and 'a complement to' (version 15)", () => {
    expect(scope("Acmo is the biggest registrar, but its renewals jump sharply. If that's why you're leaving, these registrars are better value:\n\n1. **Bexa** – Cheap renewals.", "Acmo", "Bexa")).toEqual({
      Acmo: [["is the biggest registrar,", CONTRAST_BEFORE], ["but its renewals jump sharply.", CONTRAST_AFTER]],
      Bexa: [["– Cheap renewals.", 1]]
    })
    expect(scope("1. **Acmo** – Lovely road feel, but at this price it's hard to justify over the newer Bexa units.", "Acmo", "Bexa")).toEqual({
      Acmo: [["– Lovely road feel,", CONTRAST_BEFORE], ["but at this price it's hard to justify over the newer units.", CONTRAST_AFTER]],
      Bexa: []
    })
    expect(scope("L'Acmo est gratuite. C'est un excellent complément à Bexa.", "Acmo", "Bexa")).toEqual({
      Acmo: [["L' est gratuite.", 1], ["C'est un excellent complément à .", 1]],
      Bexa: []
    })
    expect(scope("1. **Acmo** – Impressive to watch. At $3,000 it costs three times as much as a Bexa.", "Acmo", "Bexa")).toEqual({
      Acmo: [["– Impressive to watch.", 1], ["At $3,000 it costs three times as much as a .", 1]],
      Bexa: []
    })
    expect(scope("Acmo folds away neatly. A solid alternative to the Bexa, especially in Europe.", "Acmo", "Bexa")).toEqual({
      Acmo: [["folds away neatly.", 1], ["A solid alternative to the , especially in Europe.", 1]],
      Bexa: []
    })
  })

  it("reads a maker or owner named after 'developed by' as a baseline, not the clause's subject (version 12)", () => {
    expect(scope("### Is Acmo better than earplugs?\n\nThey're tiny buds, developed by former Bexa engineers. The sleep detection works well.", "Acmo", "Bexa")).toEqual({
      Acmo: [["They're tiny buds, developed by former engineers.", 1], ["The sleep detection works well.", 1]],
      Bexa: []
    })
  })

  it("gives the block's brand a 'rival gives more' marker when a clause names a rival that gives more (version 21)", () => {
    const lost = (text: string, ...names: ReadonlyArray<string>) => {
      const mentions = findMentions(text, tracked(...names))
      const scopes = scopeClauses(text, mentions.map((m) => ({ brand: m.brand.name, spans: m.spans })))
      return Object.fromEntries([...scopes].map(([name, clauses]) => [name, clauses.map((c) => c.lost === true)]))
    }
    expect(lost("Helix is comfortable enough, but you get more for less with Nectar.", "Helix", "Nectar"))
      .toEqual({ Helix: [false, true], Nectar: [false] })
    expect(lost("- **Acmo** – It's cheap, but you get more for your money from Bexa.", "Acmo", "Bexa"))
      .toEqual({ Acmo: [false, true], Bexa: [false] })
    expect(lost("Acmo is pricey. HubSpot's free CRM does more for less.", "Acmo", "HubSpot"))
      .toEqual({ Acmo: [false, true], HubSpot: [false] })
    // a rival that is only the baseline of the clause ("a fraction of the price with Bexa"): the clause stays the brand's, with the marker
    expect(lost("Acmo is easy to take. But at $79 a month you can cover the basics for a fraction of the price with Bexa.", "Acmo", "Bexa"))
      .toEqual({ Acmo: [false, true, false], Bexa: [] })
    // a rival merely named, or a clause that also names the block's brand, takes nothing from it
    expect(lost("Helix is comfortable. Nectar is also good value.", "Helix", "Nectar")).toEqual({ Helix: [false], Nectar: [false] })
    expect(lost("You get more for less with Nectar than with Helix.", "Helix", "Nectar")).toEqual({ Helix: [], Nectar: [false] })
  })

  it("cuts at a dash between two brands' clauses, carries a heading's verdict past 'but', and finds more rivals that give more (version 22)", () => {
    const lost = (text: string, ...names: ReadonlyArray<string>) => {
      const mentions = findMentions(text, tracked(...names))
      const scopes = scopeClauses(text, mentions.map((m) => ({ brand: m.brand.name, spans: m.spans })))
      return Object.fromEntries([...scopes].map(([name, clauses]) => [name, clauses.map((c) => c.lost === true ? "(lost)" : c.text)]))
    }
    expect(lost("Skip Acmo unless the design is the whole point — you get more protection for less money with Bexa or Cora.", "Acmo", "Bexa", "Cora"))
      .toEqual({
        Acmo: ["Skip unless the design is the whole point", "(lost)"],
        Bexa: ["— you get more protection for less money with or ."],
        Cora: ["— you get more protection for less money with or ."]
      })
    // an aside names no one new, and a product name in the item's emphasis is no clause of its own
    expect(scope("Acmo — a 1998 company from Ohio — makes three models.", "Acmo")).toEqual({ Acmo: [["— a 1998 company from Ohio — makes three models.", 1]] })
    const item = "All in 1 – About 10p a tablet and close to on everyday loads."
    expect(lost("3. **Acmo All in 1** – About 10p a tablet and close to Bexa on everyday loads.", "Acmo", "Bexa")).toEqual({ Acmo: [item], Bexa: [item] })
    expect(scope("### 5. Acmo Go – Clever, but pricey\n\nThe cups are clever.", "Acmo")).toEqual({
      Acmo: [["5. Go – Clever,", 0.5], ["but pricey", 2], ["The cups are clever.", 1]]
    })
    expect(lost("### Acmo Go\n\nThe cups are clever, but most parents get the same output from the Bexa Stride for less.", "Acmo", "Bexa").Acmo)
      .toContain("(lost)")
    expect(lost("Acmo fährt überwiegend mit Mietwagen. Wer planbar zahlen möchte, fährt mit einem Taxi über Bexa meist besser.", "Acmo", "Bexa").Acmo)
      .toContain("(lost)")
    // the same from a rival at the same price takes nothing
    expect(lost("Acmo is clever. You get the same output from the Bexa Stride.", "Acmo", "Bexa").Acmo).not.toContain("(lost)")
    // version 23: for the same money a rival gives more
    expect(lost("Acmo tractors are nice, but for the same money, a comparable Bexa gives you more horsepower.", "Acmo", "Bexa").Acmo)
      .toContain("(lost)")
    expect(lost("For the same money, the Bexa Duo cools a room more effectively.", "Acmo", "Bexa").Bexa).not.toContain("(lost)")
    // a multiple of a rival's price is a baseline: the next sentence stays the item's
    expect(scope("6. **Acmo** – Once the agency favourite. It now costs roughly double Bexa's entry price. Most have moved on.", "Acmo", "Bexa").Bexa).toEqual([])
  })

  it("keeps a clause that opens with 'Like X,' or compares 'next to X' for the brand of its block (version 21)", () => {
    expect(scope("4. **Acmo**\n   Acmo has you covered. Like Bexa, it releases new scents every year. The jars tunnel.", "Acmo", "Bexa")).toEqual({
      Acmo: [["has you covered.", 1], ["Like , it releases new scents every year.", 1], ["The jars tunnel.", 1]],
      Bexa: []
    })
    // "Like Bexa, Cora is…" names its own subject
    expect(scope("Like Bexa, Cora is flexible.", "Bexa", "Cora")).toEqual({ Bexa: [["Like , is flexible.", 1]], Cora: [["Like , is flexible.", 1]] })
    expect(scope("Acmo still works. But the editor feels dated next to Bexa's.", "Acmo", "Bexa")).toEqual({
      Acmo: [["still works.", 1], ["But the editor feels dated next to 's.", 2]],
      Bexa: []
    })
  })

  it("blanks the capitalised words of tracked names, not their ordinary lower-case uses", () => {
    expect(scope("Less Annoying CRM is simple. Annoying is cheap. It is not annoying.", "Less Annoying CRM")).toEqual({
      "Less Annoying CRM": [["is simple.", 1], ["is cheap.", 1], ["It is not annoying.", 1]]
    })
  })
})
