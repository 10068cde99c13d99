import * as Command from "@effect/cli/Command"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import { seed } from "@sightline/sql/DemoSeed"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Output from "../Output.js"
import { DatabaseLive } from "../Services.js"
import { json } from "./Common.js"

const seedCommand = Command.make("seed", { json }, ({ json }) =>
  Effect.gen(function*() {
    const result = yield* seed
    yield* json
      ? Output.json(result)
      : Output.line(
        `Seeded the demo workspace ${result.workspaceId} with brands ${result.brandIds.join(", ")}` +
          " (running it again adds nothing). Create an API key with: pnpm cli keys create --workspace " +
          `${result.workspaceId} --name demo`
      )
  }).pipe(Effect.provide(Layer.merge(DatabaseLive, SentimentLexiconLive)))).pipe(
    Command.withDescription("Seed the demo workspace: 2 brands, competitors, prompts and ~90 days of answers (idempotent).")
  )

export const command = Command.make("demo").pipe(
  Command.withDescription("Demo data."),
  Command.withSubcommands([seedCommand])
)
