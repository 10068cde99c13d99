import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { Workspaces } from "@sightline/sql/Workspaces"
import * as Effect from "effect/Effect"
import * as Output from "../Output.js"
import { AdminLive } from "../Services.js"
import { json } from "./Common.js"

const create = Command.make(
  "create",
  { name: Options.text("name").pipe(Options.withDescription("Name of the workspace (unique).")), json },
  ({ json, name }) =>
    Effect.gen(function*() {
      const { id } = yield* Workspaces.create(name)
      yield* Output.created(json, id, `Created workspace ${id} (${name.trim()}).`)
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("Create a workspace."))

const list = Command.make("list", { json }, ({ json }) =>
  Effect.gen(function*() {
    const rows = yield* Workspaces.list()
    yield* Output.listing(json, rows, [
      ["ID", (w) => w.id],
      ["NAME", (w) => w.name],
      ["BRANDS", (w) => w.brandsCount],
      ["CREATED", (w) => w.createdAt]
    ])
  }).pipe(Effect.provide(AdminLive))).pipe(Command.withDescription("List workspaces."))

export const command = Command.make("workspaces").pipe(
  Command.withDescription("Manage workspaces (they own brands and API keys)."),
  Command.withSubcommands([create, list])
)
