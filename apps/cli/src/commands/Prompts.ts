import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { formatInterval } from "@sightline/sql/AdminValidation"
import { Prompts } from "@sightline/sql/Prompts"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Output from "../Output.js"
import { AdminLive } from "../Services.js"
import { brandId, json } from "./Common.js"

const add = Command.make(
  "add",
  {
    brandId,
    text: Options.text("text").pipe(Options.withDescription("The prompt sent to the AI engines (unique per brand).")),
    groupId: Options.integer("group").pipe(Options.withDescription("Id of a group of the brand."), Options.optional),
    models: Options.text("models").pipe(
      Options.withDescription(
        "AI models, comma-separated (chat_gpt,perplexity,bing_copilot,google_ai,gemini,grok,google_ai_mode); default all."
      ),
      Options.optional
    ),
    every: Options.text("every").pipe(Options.withDescription("Run interval: 30m, 6h, 24h, 7d (min 1m)."), Options.withDefault("24h")),
    json
  },
  (input) =>
    Effect.gen(function*() {
      const { id } = yield* Prompts.add({
        brandId: input.brandId,
        text: input.text,
        every: input.every,
        ...Option.match(input.groupId, { onNone: () => ({}), onSome: (groupId) => ({ groupId }) }),
        ...Option.match(input.models, { onNone: () => ({}), onSome: (raw) => ({ models: raw.split(",") }) })
      })
      yield* Output.created(input.json, id, `Added prompt ${id} to brand ${input.brandId}; it runs now, then every ${input.every.trim()}.`)
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("Add a monitored prompt to a brand (due at once)."))

const importCsv = Command.make(
  "import",
  {
    brandId,
    file: Args.fileText({ name: "FILE.csv" }).pipe(
      Args.withDescription("CSV with the header prompt,group,models,every (only prompt required; models separated by | or ;).")
    ),
    json
  },
  ({ brandId, file: [path, content], json }) =>
    Effect.gen(function*() {
      const result = yield* Prompts.importCsv(brandId, content)
      yield* json
        ? Output.json(result)
        : Output.line(
          `Imported ${result.imported} prompt(s) from ${path} into brand ${brandId}` +
            ` (${result.skipped} already present, ${result.groupsCreated} new group(s)).`
        )
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("Import prompts from a CSV file: all lines or none."))

const list = Command.make("list", { brandId, json }, ({ brandId, json }) =>
  Effect.gen(function*() {
    const rows = yield* Prompts.list(brandId)
    yield* json
      ? Output.json(rows.map((p) => ({ ...p, every: formatInterval(p.intervalSeconds) })))
      : Output.table(rows, [
        ["ID", (p) => p.id],
        ["GROUP", (p) => p.groupName],
        ["EVERY", (p) => formatInterval(p.intervalSeconds)],
        ["NEXT RUN", (p) => p.nextRunAt],
        ["MODELS", (p) => p.models.length === 7 ? "all" : p.models],
        ["PROMPT", (p) => p.text.replace(/\s+/g, " ")]
      ])
  }).pipe(Effect.provide(AdminLive))).pipe(Command.withDescription("List the monitored prompts of a brand."))

export const command = Command.make("prompts").pipe(
  Command.withDescription("Manage monitored prompts."),
  Command.withSubcommands([add, importCsv, list])
)
