import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import { parseAnswer } from "@sightline/engines/Parse"
import { ActionPlans } from "@sightline/sql/ActionPlans"
import { reanalyse } from "@sightline/sql/Reanalysis"
import { ResponseStore } from "@sightline/sql/ResponseStore"
import { Rollups } from "@sightline/sql/Rollups"
import { StoredPayloads } from "@sightline/sql/StoredPayloads"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Output from "../Output.js"
import { DatabaseLive } from "../Services.js"
import { json } from "./Common.js"

const ReanalysisLive = Layer.mergeAll(
  StoredPayloads.Default,
  ResponseStore.Default,
  Rollups.Default,
  ActionPlans.Default,
  SentimentLexiconLive
).pipe(
  Layer.provideMerge(DatabaseLive)
)

export const command = Command.make(
  "reanalyze",
  {
    brandId: Options.integer("brand").pipe(Options.withDescription("Only this brand's responses (default: all)."), Options.optional),
    json
  },
  (input) =>
    Effect.gen(function*() {
      const result = yield* reanalyse({
        parse: parseAnswer,
        ...Option.match(input.brandId, { onNone: () => ({}), onSome: (brandId) => ({ brandId }) })
      })
      yield* input.json
        ? Output.json(result)
        : Output.line(
          `Re-analysed ${result.analysed} response(s) from their stored payloads` +
            ` (${result.skipped} without an answer left as they are); refreshed ${result.plansRefreshed} action plan(s).`
        )
    }).pipe(Effect.provide(ReanalysisLive))
).pipe(
  Command.withDescription(
    "Recompute mentions, positions, sentiment, citations and search queries of stored responses from their raw payloads (no engine is called)."
  )
)
