import * as Command from "@effect/cli/Command"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Output from "../Output.js"
import { DatabaseLive } from "../Services.js"
import { json } from "./Common.js"

const seedCommand = Command.make("seed", { json }, ({ json }) =>
  Effect.gen(function*() {
    // Loaded here: the demo's analysis stack is not needed by any other command.
    const [{ SentimentLexiconLive }, { seed }] = yield* Effect.promise(() =>
      Promise.all([import("@sightline/domain/Sentiment"), import("@sightline/sql/DemoSeed")])
    )
    const result = yield* seed.pipe(Effect.provide(Layer.merge(DatabaseLive, SentimentLexiconLive)))
    yield* json
      ? Output.json(result)
      : Output.line(
        `Seeded the demo workspace ${result.workspaceId} with brands ${result.brandIds.join(", ")}` +
          " (running it again adds nothing). Create an API key with: pnpm cli keys create --workspace " +
          `${result.workspaceId} --name demo`
      )
  })).pipe(
    Command.withDescription("Seed the demo workspace: 2 brands, competitors, prompts and ~90 days of answers (idempotent).")
  )

export const command = Command.make("demo").pipe(
  Command.withDescription("Demo data."),
  Command.withSubcommands([seedCommand])
)
