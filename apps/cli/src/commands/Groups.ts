import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { Groups } from "@sightline/sql/Groups"
import * as Effect from "effect/Effect"
import * as Output from "../Output.js"
import { AdminLive } from "../Services.js"
import { brandId, id, json } from "./Common.js"

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

const rename = Command.make(
  "rename",
  { id: id("group", "groups list"), name: Options.text("name").pipe(Options.withDescription("New name of the group (unique per brand).")), json },
  ({ id, json, name }) =>
    Effect.gen(function*() {
      const group = yield* Groups.rename(id, name)
      yield* json ? Output.json(group) : Output.line(`Renamed group ${group.id} to ${group.name}.`)
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("Rename a prompt group."))

const remove = Command.make("delete", { id: id("group", "groups list"), json }, ({ id, json }) =>
  Effect.gen(function*() {
    const removed = yield* Groups.remove(id)
    yield* json
      ? Output.json({ ...removed, deleted: true })
      : Output.line(`Deleted group ${removed.id} (${removed.name}); its ${removed.promptsUngrouped} prompt(s) stay, without a group.`)
  }).pipe(Effect.provide(AdminLive))).pipe(Command.withDescription("Delete a prompt group; its prompts stay, without a group."))

export const command = Command.make("groups").pipe(
  Command.withDescription("Manage prompt groups (named sets of prompts within a brand)."),
  Command.withSubcommands([create, list, rename, remove])
)
