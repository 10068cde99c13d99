import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { analyseJsonLine } from "../../src/analysis/AnalyseJson.js"
import { SentimentLexiconLive } from "../../src/Sentiment.js"
import { analyseLabelled, normaliseOne } from "./labelled/Adapter.js"
import { evaluate } from "./labelled/Evaluation.js"
import { readLabelledSet } from "./labelled/LabelledSet.js"
import { formatTally, replayedAnalysis, requestLines } from "./labelled/Replay.js"

const set = readLabelledSet("set-2.json")

/** What `sightline analyse --json` answers to the set's request lines (the local analyser). */
const analysed = Effect.forEach(requestLines(set), (line, index) => analyseJsonLine(line, index + 1))
const analysedLines = Effect.map(analysed, (results) => results.map((result) => JSON.stringify(result)))

describe("labelled sets through analyse --json (evaluate --requests / --results)", () => {
  it.effect("the replayed local analysis scores exactly as the analyser does in process", () =>
    Effect.gen(function*() {
      const lines = yield* analysedLines
      const { analyse, tally } = yield* replayedAnalysis(set, ["", ...lines, ""])
      const replayed = yield* evaluate(set, analyse, normaliseOne)
      const direct = yield* evaluate(set, analyseLabelled, normaliseOne)
      expect(replayed).toEqual(direct)
      expect(replayed.sentimentPairs).toBeGreaterThan(40)
      expect(tally.judges).toEqual(new Map([["local", set.answers.length]]))
      expect(formatTally(tally)).toContain(`local (${set.answers.length})`)
    }).pipe(Effect.provide(SentimentLexiconLive)))

  it.effect("a model judge's lines are tallied with their fallbacks, and its scores are the ones evaluated", () =>
    Effect.gen(function*() {
      const results = yield* analysed
      // the first answer judged by a model that calls every brand negative, the second a fallback
      const judged = results.map((result, index) =>
        JSON.stringify(
          index === 0
            ? {
              ...result,
              brand: { ...result.brand, sentiment: 10 },
              competitors: result.competitors.map((finding) => ({ ...finding, sentiment: 10 })),
              judge: { kind: "openai", model: "gpt-test", fallback: null }
            }
            : index === 1
            ? { ...result, judge: { kind: "local", model: null, fallback: "openai gpt-test: timed out" } }
            : result
        )
      )
      const { analyse, tally } = yield* replayedAnalysis(set, judged)
      expect(tally.judges).toEqual(new Map([["openai gpt-test", 1], ["local", set.answers.length - 1]]))
      expect(tally.fallbacks).toEqual(["openai gpt-test: timed out"])
      const first = set.answers[0]
      if (first === undefined) return expect.unreachable()
      const predicted = yield* analyse(first)
      const mentioned = [...predicted.values()].filter((p) => p.mentioned)
      expect(mentioned.length).toBeGreaterThan(0)
      expect(mentioned.every((p) => p.sentiment === 10)).toBe(true)
    }).pipe(Effect.provide(SentimentLexiconLive)))

  it.effect("fails when the result lines do not match the set's answers", () =>
    Effect.gen(function*() {
      const lines = yield* analysedLines
      const short = yield* Effect.either(replayedAnalysis(set, lines.slice(1)))
      expect(Either.isLeft(short) && short.left.message).toBe(`${lines.length - 1} result lines for ${lines.length} answers`)
      const refused = yield* Effect.either(replayedAnalysis(set, [JSON.stringify({ error: "line 1 is not JSON" }), ...lines.slice(1)]))
      expect(Either.isLeft(refused) && refused.left.message).toBe("result line 1: line 1 is not JSON")
      const garbled = yield* Effect.either(replayedAnalysis(set, ["{\"brand\": 1}", ...lines.slice(1)]))
      expect(Either.isLeft(garbled) && garbled.left.message).toBe("result line 1 is not an analyse --json result")
    }).pipe(Effect.provide(SentimentLexiconLive)))
})
