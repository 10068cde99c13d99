// Prints, for each answer of a set, every brand's reader label, score and the evidence behind it:
// `pnpm --filter @sightline/domain explain set-1.json [answer-id...]`.
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { sentimentLabel } from "../../../src/Metrics.js"
import { SentimentLexiconLive } from "../../../src/Sentiment.js"
import { explainLabelled } from "./Adapter.js"
import { readLabelledSet } from "./LabelledSet.js"

const [file = "set-1.json", ...ids] = process.argv.slice(2)
const onlyErrors = ids.includes("--errors")
const program = Effect.gen(function*() {
  const set = readLabelledSet(file)
  for (const answer of set.answers) {
    if (ids.length > 0 && !onlyErrors && !ids.includes(answer.id)) continue
    const found = yield* explainLabelled(answer)
    if (Option.isNone(found)) continue
    const analysis = found.value
    for (const finding of [analysis.brand, ...analysis.competitors]) {
      const label = answer.labels[finding.brand.name]
      const said = finding.sentiment === null ? "-" : sentimentLabel(finding.sentiment)
      const wrong = label != null && said !== label.sentiment
      if (onlyErrors && !wrong) continue
      console.log(`${answer.id} ${finding.brand.name}: ${said} ${finding.sentiment} (reader ${label?.sentiment ?? "-"})${wrong ? "  <-- " : ""}`)
      for (const clause of finding.evidence) {
        console.log(`    ${clause.compound.toFixed(3)}  ${clause.clause}  [${clause.words.map((w) => `${w.word} ${w.valence}`).join(", ")}]`)
      }
    }
  }
})

Effect.runPromise(program.pipe(Effect.provide(SentimentLexiconLive)))
