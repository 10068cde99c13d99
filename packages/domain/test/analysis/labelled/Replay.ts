import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { AnalyseAnswer, Predicted } from "./Evaluation.js"
import type { LabelledAnswer, LabelledSet } from "./LabelledSet.js"

/**
 * A labelled set through `sightline analyse --json`, so any judge the CLI runs (the local analyser,
 * or a model judge with ANALYSIS_JUDGE and a key) is scored like the local one: `requestLines`
 * writes one request per answer, the CLI answers line for line, and `replayedAnalysis` reads its
 * result lines back as the predictions `evaluate` scores.
 */

/** The `analyse --json` request of one labelled answer (its citations are scored apart). */
export const requestLine = (answer: LabelledAnswer): string =>
  JSON.stringify({
    markdown: answer.markdown,
    language: answer.brandLanguage,
    brand: answer.brand,
    competitors: answer.competitors
  })

export const requestLines = (set: LabelledSet): ReadonlyArray<string> => set.answers.map(requestLine)

const Finding = Schema.Struct({
  mentioned: Schema.Boolean,
  position: Schema.NullOr(Schema.Number),
  sentiment: Schema.NullOr(Schema.Number)
})

const AnalysedLine = Schema.Struct({
  brand: Finding,
  competitors: Schema.Array(Schema.extend(Finding, Schema.Struct({ name: Schema.String }))),
  judge: Schema.Struct({ kind: Schema.String, model: Schema.NullOr(Schema.String), fallback: Schema.NullOr(Schema.String) })
})
type AnalysedLine = typeof AnalysedLine.Type

/** The CLI's place-holder for a request it could not read. */
const FailedLine = Schema.Struct({ error: Schema.String })

const ResultLine = Schema.parseJson(Schema.Union(AnalysedLine, FailedLine))

export class ReplayFailed extends Schema.TaggedError<ReplayFailed>()("ReplayFailed", {
  message: Schema.String
}) {}

/** Who judged the replayed answers: "openai gpt-4.1-mini" 18, "local" 2 (with the fallbacks' reasons). */
export interface JudgeTally {
  readonly judges: ReadonlyMap<string, number>
  readonly fallbacks: ReadonlyArray<string>
}

/**
 * The predictions of the result lines (blank lines skipped), in the order of the set's answers.
 * Fails when the counts differ, a line is not a result, or the CLI could not read a request.
 */
export const replayedAnalysis = (set: LabelledSet, lines: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const results = lines.filter((line) => line.trim().length > 0)
    if (results.length !== set.answers.length) {
      return yield* new ReplayFailed({ message: `${results.length} result lines for ${set.answers.length} answers` })
    }
    const byId = new Map<string, AnalysedLine>()
    for (const [index, line] of results.entries()) {
      const answer = set.answers[index]
      const result = yield* Schema.decodeUnknown(ResultLine)(line).pipe(
        Effect.mapError(() => new ReplayFailed({ message: `result line ${index + 1} is not an analyse --json result` }))
      )
      if ("error" in result) return yield* new ReplayFailed({ message: `result line ${index + 1}: ${result.error}` })
      if (answer !== undefined) byId.set(answer.id, result)
    }
    const judges = new Map<string, number>()
    const fallbacks: Array<string> = []
    for (const { judge } of byId.values()) {
      const who = judge.model === null ? judge.kind : `${judge.kind} ${judge.model}`
      judges.set(who, (judges.get(who) ?? 0) + 1)
      if (judge.fallback !== null) fallbacks.push(judge.fallback)
    }
    const analyse: AnalyseAnswer<never, never> = (answer) =>
      Effect.sync(() => {
        const result = byId.get(answer.id)
        const predicted = new Map<string, Predicted>()
        if (result === undefined) return predicted
        predicted.set(answer.brand.name, result.brand)
        for (const competitor of result.competitors) predicted.set(competitor.name, competitor)
        return predicted
      })
    const tally: JudgeTally = { judges, fallbacks }
    return { analyse, tally }
  })

export const formatTally = (tally: JudgeTally): string =>
  [
    `  judged by                        ${[...tally.judges].map(([who, count]) => `${who} (${count})`).join(", ")}`,
    ...tally.fallbacks.map((reason) => `  fell back to local               ${reason}`)
  ].join("\n")
