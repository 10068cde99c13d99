import * as Command from "@effect/cli/Command"
import * as Effect from "effect/Effect"
import { json } from "./Common.js"

export const command = Command.make("analyse", { json }, () =>
  // The analysis stack is loaded only by this command, so that every other command starts fast.
  Effect.flatMap(Effect.promise(() => import("./AnalyseLines.js")), ({ analyseLines }) => analyseLines)).pipe(
    Command.withDescription(
      "Analyse answers without a database: one JSON object per stdin line ({markdown|text, brand, competitors, citations, language}), one result with evidence per stdout line."
    )
  )
