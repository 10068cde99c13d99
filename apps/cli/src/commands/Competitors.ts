import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { Competitors } from "@sightline/sql/Competitors"
import * as Effect from "effect/Effect"
import * as Output from "../Output.js"
import { AdminLive } from "../Services.js"
import * as Option from "effect/Option"
import { nothingToChange } from "../UsageError.js"
import { brandId, id, json, list as listOption, listEdit } from "./Common.js"
import { competitorMatch } from "./Match.js"
import { reanalyzeOption, reportEdit } from "./Reanalyze.js"

const add = Command.make(
  "add",
  {
    brandId,
    name: Options.text("name").pipe(Options.withDescription("Name of the competitor (unique per brand).")),
    website: Options.text("website").pipe(Options.withDescription("Absolute http(s) URL of the competitor's site.")),
    aliases: listOption("aliases", "Other names of the competitor, comma-separated."),
    json
  },
  (input) =>
    Effect.gen(function*() {
      const { id } = yield* Competitors.add(input)
      yield* Output.created(input.json, id, `Added competitor ${id} (${input.name.trim()}) to brand ${input.brandId}.`)
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("Add a monitored competitor to a brand."))

const list = Command.make("list", { brandId, json }, ({ brandId, json }) =>
  Effect.gen(function*() {
    const rows = yield* Competitors.list(brandId)
    yield* Output.listing(json, rows, [
      ["ID", (c) => c.id],
      ["NAME", (c) => c.name],
      ["WEBSITE", (c) => c.website],
      ["ALIASES", (c) => c.aliases],
      ["CREATED", (c) => c.createdAt]
    ])
  }).pipe(Effect.provide(AdminLive))).pipe(Command.withDescription("List the competitors of a brand."))

const edit = Command.make(
  "edit",
  {
    id: id("competitor", "competitors list"),
    name: Options.text("name").pipe(Options.withDescription("New name (unique per brand)."), Options.optional),
    website: Options.text("website").pipe(Options.withDescription("New absolute http(s) URL of the competitor's site."), Options.optional),
    aliases: listEdit("aliases", "The competitor's other names, comma-separated; replaces the list (an empty value clears it)."),
    reanalyze: reanalyzeOption,
    json
  },
  (input) =>
    Effect.gen(function*() {
      const changes = {
        ...Option.match(input.name, { onNone: () => ({}), onSome: (name) => ({ name }) }),
        ...Option.match(input.website, { onNone: () => ({}), onSome: (website) => ({ website }) }),
        ...Option.match(input.aliases, { onNone: () => ({}), onSome: (aliases) => ({ aliases }) })
      }
      if (Object.keys(changes).length === 0) return yield* nothingToChange(["competitors", "edit"], "--name, --website or --aliases")
      const { aliasesChanged, competitor } = yield* Competitors.edit(input.id, changes)
      yield* reportEdit({
        record: competitor,
        sentence: `Updated competitor ${competitor.id} (${competitor.name}) of brand ${competitor.brandId}.`,
        brandId: competitor.brandId,
        namesChanged: aliasesChanged,
        requested: input.reanalyze,
        asJson: input.json
      })
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("Change a competitor: name, website, aliases."))

const remove = Command.make("remove", { id: id("competitor", "competitors list"), json }, ({ id, json }) =>
  Effect.gen(function*() {
    const removed = yield* Competitors.remove(id)
    yield* json
      ? Output.json({ id: removed.id, brandId: removed.brandId, removed: true })
      : Output.line(`Removed competitor ${removed.id} (${removed.name}) from brand ${removed.brandId}; its recorded mentions are no longer counted.`)
  }).pipe(Effect.provide(AdminLive))).pipe(
    Command.withDescription("Stop tracking a competitor: it and its recorded mentions go; the stored answers stay.")
  )

export const command = Command.make("competitors").pipe(
  Command.withDescription("Manage the monitored competitors of a brand."),
  Command.withSubcommands([add, list, edit, remove, competitorMatch])
)
