import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { Groups } from "@sightline/sql/Groups"
import * as Effect from "effect/Effect"
import * as Output from "../Output.js"
import { AdminLive } from "../Services.js"
import { brandId, json } from "./Common.js"

const create = Command.make(
  "create",
  { brandId, name: Options.text("name").pipe(Options.withDescription("Name of the group (unique per brand).")), json },
  ({ brandId, json, name }) =>
    Effect.gen(function*() {
      const { id } = yield* Groups.create({ brandId, name })
      yield* Output.created(json, id, `Created group ${id} (${name.trim()}) in brand ${brandId}.`)
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("Create a prompt group in a brand."))

const list = Command.make("list", { brandId, json }, ({ brandId, json }) =>
  Effect.gen(function*() {
    const rows = yield* Groups.list(brandId)
    yield* Output.listing(json, rows, [
      ["ID", (g) => g.id],
      ["NAME", (g) => g.name],
      ["PROMPTS", (g) => g.promptsCount],
      ["CREATED", (g) => g.createdAt]
    ])
  }).pipe(Effect.provide(AdminLive))).pipe(Command.withDescription("List the prompt groups of a brand."))

export const command = Command.make("groups").pipe(
  Command.withDescription("Manage prompt groups (named sets of prompts within a brand)."),
  Command.withSubcommands([create, list])
)
