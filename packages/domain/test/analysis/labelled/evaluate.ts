// Prints the analyser's figures on the labelled sets: `pnpm --filter @sightline/domain evaluate [--errors]`.
import * as Effect from "effect/Effect"
import { SentimentLexiconLive } from "../../../src/Sentiment.js"
import { analyseLabelled, normaliseOne } from "./Adapter.js"
import { evaluate, formatFigures } from "./Evaluation.js"
import { readLabelledSet } from "./LabelledSet.js"

const showErrors = process.argv.includes("--errors")
const program = Effect.gen(function*() {
  for (const file of ["set-1.json", "set-2.json", "set-3.json", "set-4.json", "set-5.json", "set-6.json", "set-7.json", "set-8.json", "set-9.json", "set-10.json", "set-11.json", "set-12.json", "set-13.json", "set-14.json", "set-15.json", "set-16.json", "set-17.json", "set-18.json", "set-19.json"]) {
    const set = yield* Effect.option(Effect.try(() => readLabelledSet(file)))
    if (set._tag === "None") continue
    const figures = yield* evaluate(set.value, analyseLabelled, normaliseOne)
    console.log(formatFigures(file, figures))
    if (showErrors) for (const error of figures.errors) console.log(`    ${error}`)
  }
})

Effect.runPromise(program.pipe(Effect.provide(SentimentLexiconLive)))
