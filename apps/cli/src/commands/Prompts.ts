import * as Args from "@effect/cli/Args"
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { formatInterval } from "@sightline/sql/AdminValidation"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Output from "../Output.js"
import { AdminLive } from "../Services.js"
import { type Prompt, Prompts } from "@sightline/sql/Prompts"
import { nothingToChange, UsageError } from "../UsageError.js"
import { brandId, id, json } from "./Common.js"

const modelsOption = (absent: string) =>
  Options.text("models").pipe(
    Options.withDescription(
      `AI models, comma-separated (chat_gpt,perplexity,bing_copilot,google_ai,gemini,grok,google_ai_mode); ${absent}.`
    ),
    Options.optional
  )

const status = (p: Prompt) => p.deletedAt !== null ? "deleted" : p.active ? "active" : "paused"

/** One prompt after a change: the record with --json, else a sentence. */
const changed = (asJson: boolean, prompt: Prompt, sentence: string) =>
  asJson ? Output.json({ ...prompt, status: status(prompt), every: formatInterval(prompt.intervalSeconds) }) : Output.line(sentence)

const add = Command.make(
  "add",
  {
    brandId,
    text: Options.text("text").pipe(Options.withDescription("The prompt sent to the AI engines (unique per brand).")),
    groupId: Options.integer("group").pipe(Options.withDescription("Id of a group of the brand."), Options.optional),
    models: modelsOption("default all"),
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

const list = Command.make(
  "list",
  { brandId, deleted: Options.boolean("deleted").pipe(Options.withDescription("Include deleted prompts.")), json },
  ({ brandId, deleted, json }) =>
  Effect.gen(function*() {
    const rows = yield* Prompts.list(brandId, { withDeleted: deleted })
    yield* json
      ? Output.json(rows.map((p) => ({ ...p, status: status(p), every: formatInterval(p.intervalSeconds) })))
      : Output.table(rows, [
        ["ID", (p) => p.id],
        ["STATUS", status],
        ["GROUP", (p) => p.groupName],
        ["EVERY", (p) => formatInterval(p.intervalSeconds)],
        ["NEXT RUN", (p) => p.nextRunAt],
        ["MODELS", (p) => p.models.length === 7 ? "all" : p.models],
        ["PROMPT", (p) => p.text.replace(/\s+/g, " ")]
      ])
  }).pipe(Effect.provide(AdminLive))).pipe(Command.withDescription("List the monitored prompts of a brand."))

const promptId = id("prompt", "prompts list")

const pause = Command.make("pause", { id: promptId, json }, ({ id, json }) =>
  Effect.gen(function*() {
    const prompt = yield* Prompts.setActive(id, false)
    yield* changed(json, prompt, `Paused prompt ${id}: it does not run until 'prompts resume ${id}'.`)
  }).pipe(Effect.provide(AdminLive))).pipe(Command.withDescription("Stop running a prompt for now (its history stays; idempotent)."))

const resume = Command.make("resume", { id: promptId, json }, ({ id, json }) =>
  Effect.gen(function*() {
    const prompt = yield* Prompts.setActive(id, true)
    yield* changed(json, prompt, `Resumed prompt ${id}; next run at ${prompt.nextRunAt.toISOString()} (at once if that has passed).`)
  }).pipe(Effect.provide(AdminLive))).pipe(Command.withDescription("Run a paused prompt again (idempotent)."))

const edit = Command.make(
  "edit",
  {
    id: promptId,
    text: Options.text("text").pipe(Options.withDescription("New prompt text (unique per brand)."), Options.optional),
    models: modelsOption("absent: unchanged"),
    every: Options.text("every").pipe(Options.withDescription("New run interval: 30m, 6h, 24h, 7d (min 1m)."), Options.optional),
    groupId: Options.integer("group").pipe(Options.withDescription("Move it to this group of the brand."), Options.optional),
    noGroup: Options.boolean("no-group").pipe(Options.withDescription("Take it out of its group.")),
    json
  },
  (input) =>
    Effect.gen(function*() {
      if (input.noGroup && Option.isSome(input.groupId)) {
        return yield* new UsageError({ message: "Options --group and --no-group exclude each other: give one.", path: ["prompts", "edit"] })
      }
      const changes = {
        ...Option.match(input.text, { onNone: () => ({}), onSome: (text) => ({ text }) }),
        ...Option.match(input.models, { onNone: () => ({}), onSome: (raw) => ({ models: raw.split(",") }) }),
        ...Option.match(input.every, { onNone: () => ({}), onSome: (every) => ({ every }) }),
        ...Option.match(input.groupId, { onNone: () => (input.noGroup ? { groupId: null } : {}), onSome: (groupId) => ({ groupId }) })
      }
      if (Object.keys(changes).length === 0) return yield* nothingToChange(["prompts", "edit"], "--text, --models, --every, --group or --no-group")
      const prompt = yield* Prompts.edit(input.id, changes)
      yield* changed(input.json, prompt, `Updated prompt ${prompt.id}.`)
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("Change a prompt: text, models, interval, group (validated as prompts add)."))

const remove = Command.make("delete", { id: promptId, json }, ({ id, json }) =>
  Effect.gen(function*() {
    const prompt = yield* Prompts.remove(id)
    yield* changed(json, prompt, `Deleted prompt ${id}: it no longer runs; its responses and metrics stay queryable in the API.`)
  }).pipe(Effect.provide(AdminLive))).pipe(
    Command.withDescription("Delete a prompt softly: it stops running and leaves the listing; its history stays queryable (idempotent).")
  )

const runNow = Command.make("run-now", { id: promptId, json }, ({ id, json }) =>
  Effect.gen(function*() {
    const prompt = yield* Prompts.runNow(id)
    yield* changed(json, prompt, `Prompt ${id} is due now: a running worker collects it on its next poll, then every ${formatInterval(prompt.intervalSeconds)}.`)
  }).pipe(Effect.provide(AdminLive))).pipe(Command.withDescription("Make a prompt due now (the worker runs it on its next poll)."))

export const command = Command.make("prompts").pipe(
  Command.withDescription("Manage monitored prompts."),
  Command.withSubcommands([add, importCsv, list, edit, pause, resume, runNow, remove])
)
