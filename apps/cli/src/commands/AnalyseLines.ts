import * as NodeStream from "@effect/platform-node/NodeStream"
import { analyseJsonLine, InvalidAnalyseRequest } from "@sightline/domain/analysis/AnalyseJson"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import { withConfiguredJudge } from "@sightline/engines/Judges"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Ref from "effect/Ref"
import * as Stream from "effect/Stream"
import * as Output from "../Output.js"

/**
 * Reads one JSON request per stdin line and writes one result per stdout line, in order. A bad line
 * gets `{"error": ...}` in its place (so lines stay aligned), its message on stderr, and the command
 * exits non-zero once every line is done. Blank lines are skipped. No database is needed. With
 * ANALYSIS_JUDGE set, the model judge decides mentions, positions and sentiment (`judge` says who).
 */
export const analyseLines = withConfiguredJudge(Effect.gen(function*() {
  const failures = yield* Ref.make<ReadonlyArray<InvalidAnalyseRequest>>([])
  yield* NodeStream.stdin.pipe(
    Stream.decodeText(),
    Stream.splitLines,
    Stream.zipWithIndex,
    Stream.filter(([line]) => line.trim().length > 0),
    Stream.mapEffect(([line, index]) =>
      analyseJsonLine(line, index + 1).pipe(
        Effect.flatMap((result) => Console.log(JSON.stringify(result))),
        Effect.catchTag("InvalidAnalyseRequest", (error) =>
          Effect.zipRight(
            Ref.update(failures, (all) => [...all, error]),
            Effect.zipRight(Output.diagnostic(error.message), Console.log(JSON.stringify({ error: error.message })))
          ))
      )
    ),
    Stream.runDrain
  )
  const failed = yield* Ref.get(failures)
  if (failed.length > 0) {
    return yield* new InvalidAnalyseRequest({ line: failed[0]?.line ?? 0, message: `${failed.length} input line(s) were invalid` })
  }
})).pipe(Effect.provide(SentimentLexiconLive))
