import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { Brands } from "@sightline/sql/Brands"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Output from "../Output.js"
import { AdminLive } from "../Services.js"
import { json, list as listOption, workspaceId } from "./Common.js"
import { brandMatch } from "./Match.js"

const create = Command.make(
  "create",
  {
    workspaceId,
    name: Options.text("name").pipe(Options.withDescription("Name of the brand (unique in the workspace).")),
    website: Options.text("website").pipe(Options.withDescription("Absolute http(s) URL of the brand's site.")),
    country: Options.text("country").pipe(Options.withDescription("ISO 3166-1 alpha-2 country code, e.g. US.")),
    language: Options.text("language").pipe(Options.withDescription("ISO 639-1 language code, e.g. en.")),
    aliases: listOption("aliases", "Other names of the brand, comma-separated."),
    displayName: Options.text("display-name").pipe(Options.withDescription("Display name (default: the name)."), Options.optional),
    description: Options.text("description").pipe(Options.withDescription("Short description."), Options.optional),
    keyFeatures: listOption("key-features", "Key features, comma-separated."),
    json
  },
  (input) =>
    Effect.gen(function*() {
      const { id } = yield* Brands.create({
        workspaceId: input.workspaceId,
        name: input.name,
        website: input.website,
        country: input.country,
        language: input.language,
        aliases: input.aliases,
        keyFeatures: input.keyFeatures,
        ...Option.match(input.displayName, { onNone: () => ({}), onSome: (displayName) => ({ displayName }) }),
        ...Option.match(input.description, { onNone: () => ({}), onSome: (description) => ({ description }) })
      })
      yield* Output.created(input.json, id, `Created brand ${id} (${input.name.trim()}).`)
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("Create a brand in a workspace."))

const list = Command.make(
  "list",
  { workspaceId: workspaceId.pipe(Options.optional), json },
  ({ json, workspaceId }) =>
    Effect.gen(function*() {
      const rows = yield* Brands.list(Option.getOrUndefined(workspaceId))
      yield* Output.listing(json, rows, [
        ["ID", (b) => b.id],
        ["WORKSPACE", (b) => b.workspaceId],
        ["NAME", (b) => b.name],
        ["WEBSITE", (b) => b.website],
        ["COUNTRY", (b) => b.countryCode],
        ["LANGUAGE", (b) => b.languageCode],
        ["ALIASES", (b) => b.aliases]
      ])
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("List brands (of one workspace with --workspace)."))

export const command = Command.make("brands").pipe(
  Command.withDescription("Manage monitored brands."),
  Command.withSubcommands([create, list, brandMatch])
)
