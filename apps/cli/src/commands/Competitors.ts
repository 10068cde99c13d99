import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { Competitors } from "@sightline/sql/Competitors"
import * as Effect from "effect/Effect"
import * as Output from "../Output.js"
import { AdminLive } from "../Services.js"
import { brandId, json, list as listOption } from "./Common.js"
import { competitorMatch } from "./Match.js"

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

export const command = Command.make("competitors").pipe(
  Command.withDescription("Manage the monitored competitors of a brand."),
  Command.withSubcommands([add, list, competitorMatch])
)
