import * as Command from "@effect/cli/Command"
import * as Database from "@sightline/sql/Database"
import { migrate } from "@sightline/sql/Migrations"
import * as Effect from "effect/Effect"
import * as Output from "../Output.js"
import { json } from "./Common.js"

const migrateCommand = Command.make("migrate", { json }, ({ json }) =>
  Effect.gen(function*() {
    const url = yield* Database.connectionUrl
    const applied = yield* migrate.pipe(Effect.provide(Database.clientLayer(url, { maxConnections: 2 })))
    const names = applied.map(([id, name]) => `${String(id).padStart(4, "0")}_${name}`)
    yield* json
      ? Output.json({ applied: names })
      : Output.line(names.length === 0 ? "The database schema is up to date." : `Applied ${names.join(", ")}.`)
  }).pipe(Effect.scoped)).pipe(Command.withDescription("Bring the database schema up to date."))

export const command = Command.make("db").pipe(
  Command.withDescription("Database maintenance."),
  Command.withSubcommands([migrateCommand])
)
