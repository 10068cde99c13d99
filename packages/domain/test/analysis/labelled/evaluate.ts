// Prints the analyser's figures on the labelled sets: `pnpm --filter @sightline/domain evaluate [--errors]`.
import * as Effect from "effect/Effect"
import { readdirSync } from "node:fs"
import { SentimentLexiconLive } from "../../../src/Sentiment.js"
import { analyseLabelled, normaliseOne } from "./Adapter.js"
import { evaluate, formatFigures } from "./Evaluation.js"
import { readLabelledSet } from "./LabelledSet.js"

const showErrors = process.argv.includes("--errors")
/** Every labelled set next to this script, in number order (a new set-N.json is picked up as it lands). */
const setNumber = (file: string): number => Number(/^set-(\d+)\.json$/u.exec(file)?.[1] ?? NaN)
const files = readdirSync(new URL(".", import.meta.url))
  .filter((file) => !Number.isNaN(setNumber(file)))
  .sort((a, b) => setNumber(a) - setNumber(b))
const program = Effect.gen(function*() {
  for (const file of files) {
    const set = yield* Effect.option(Effect.try(() => readLabelledSet(file)))
    if (set._tag === "None") continue
    const figures = yield* evaluate(set.value, analyseLabelled, normaliseOne)
    console.log(formatFigures(file, figures))
    if (showErrors) for (const error of figures.errors) console.log(`    ${error}`)
  }
})

Effect.runPromise(program.pipe(Effect.provide(SentimentLexiconLive)))
