import * as Effect from "effect/Effect"
import { analyseLocally } from "../src/analysis/ResponseAnalysis.js"
import { SentimentLexiconLive } from "../src/Sentiment.js"
const cases: Array<[string, string, Array<string>]> = [
  ["en", "Bolt is cheaper than Uber.", ["Bolt", "Uber"]],
  ["en", "easyJet is a little pricier but its boarding is less stressful, and Wizz Air is similar to Ryanair with frequent delays.", ["easyJet", "Wizz Air", "Ryanair"]],
  ["en", "Although it is pricey, Acmo is the best choice.", ["Acmo"]],
  ["en", "Acmo is less intuitive than Bexa.", ["Acmo", "Bexa"]],
  ["en", "| Phone | Pros | Cons |\n|---|---|---|\n| Fairphone 5 | Repairable, five years of updates | Average camera |", ["Fairphone"]],
  ["en", "Top Zoom alternatives:\n\n1. **Google Meet** – Runs in the browser and is included with Google Workspace.", ["Google Meet", "Zoom"]],
  ["en", "**What is the best free option?**\nBitwarden. It is open source.", ["Bitwarden"]],
  ["de", "Die Commerzbank hat Filialen vor Ort, aber das Konto kostet inzwischen monatliche Gebühren.", ["Commerzbank"]],
  ["en", "Jabra has exited the consumer earbuds market, so its models are best avoided.", ["Jabra"]],
  ["en", "Adobe Express is included with many Creative Cloud plans.", ["Adobe Express"]],
  ["de", "Die Deutsche Bahn ist schneller, doch Verspätungen und Zugausfälle sind an der Tagesordnung.", ["Deutsche Bahn"]],
  ["en", "### 2. HubSpot\n\nThe free CRM is generous.\n\n- **Cons:** annual contracts", ["HubSpot"]],
  ["en", "1. **Things**\n   - Gorgeous design\n   - Apple devices only", ["Things"]],
  ["en", "| App | Free plan | Calls |\n|---|---|---|\n| Slack | Yes | Huddles |", ["Slack"]],
  ["en", "Acmo, Bexa and Cora are popular options.", ["Acmo", "Bexa", "Cora"]],
  ["es", "Si buscas alternativas a Idealista, Fotocasa es la más completa.", ["Fotocasa", "Idealista"]],
  ["fr", "Fortuneo propose des cartes gratuites, mais son application est moins intuitive.", ["Fortuneo"]]
]
Effect.runPromise(Effect.gen(function*() {
  for (const [language, markdown, names] of cases) {
    const [brand, ...competitors] = names.map((name, i) => ({ kind: i === 0 ? "brand" as const : "competitor" as const, id: i + 1, name, aliases: [] }))
    const a = yield* analyseLocally({ text: "", markdown, language, brand: brand!, competitors, citations: [], searchQueries: [] })
    console.log(JSON.stringify(markdown))
    for (const f of [a.brand, ...a.competitors]) console.log(`  ${f.brand.name}: ${f.sentiment} ${JSON.stringify(f.evidence.map((e) => [e.clause, e.compound, e.words.map((w) => `${w.word} ${w.valence}`)]))}`)
  }
}).pipe(Effect.provide(SentimentLexiconLive)))
