// Prints the analyser's figures on the labelled sets: `pnpm --filter @sightline/domain evaluate [--errors]`.
// Any judge the CLI runs is scored the same way, through `sightline analyse --json`:
//   evaluate --requests set-19.json > requests.jsonl
//   ANALYSIS_JUDGE=openai OPENAI_API_KEY=… pnpm -s cli analyse --json < requests.jsonl > results.jsonl
//   evaluate --results set-19.json results.jsonl [--errors]
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import { readFileSync } from "node:fs"
import { resolve } from "node:path"
import { SentimentLexiconLive } from "../../../src/Sentiment.js"
import { analyseLabelled, normaliseOne } from "./Adapter.js"
import { evaluate, type Figures, formatFigures } from "./Evaluation.js"
import { labelledSetFiles, readLabelledSet } from "./LabelledSet.js"
import { formatTally, replayedAnalysis, requestLines } from "./Replay.js"

const args = process.argv.slice(2)
const showErrors = args.includes("--errors")
const [mode, setFile = "", resultsFile = ""] = args.filter((arg) => arg !== "--errors")

const report = (file: string, figures: Figures) =>
  Console.log([formatFigures(file, figures), ...(showErrors ? figures.errors.map((error) => `    ${error}`) : [])].join("\n"))

const everySet = Effect.gen(function*() {
  const files = labelledSetFiles()
  for (const file of files) {
    const set = yield* Effect.option(Effect.try(() => readLabelledSet(file)))
    if (set._tag === "None") continue
    yield* report(file, yield* evaluate(set.value, analyseLabelled, normaliseOne))
  }
})

const requests = Effect.sync(() => readLabelledSet(setFile)).pipe(
  Effect.flatMap((set) => Console.log(requestLines(set).join("\n")))
)

const results = Effect.gen(function*() {
  const set = readLabelledSet(setFile)
  const lines = readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), resultsFile), "utf8").split("\n")
  const { analyse, tally } = yield* replayedAnalysis(set, lines)
  yield* report(setFile, yield* evaluate(set, analyse, normaliseOne))
  yield* Console.log(formatTally(tally))
})

const program = mode === "--requests" ? requests : mode === "--results" ? results : everySet

Effect.runPromise(program.pipe(Effect.provide(SentimentLexiconLive))).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error))
  process.exitCode = 1
})
