import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { Brands } from "@sightline/sql/Brands"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Output from "../Output.js"
import { AdminLive } from "../Services.js"
import { nothingToChange } from "../UsageError.js"
import { id, json, list as listOption, listEdit, workspaceId } from "./Common.js"
import { brandMatch } from "./Match.js"
import { reanalyzeOption, reportEdit } from "./Reanalyze.js"

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

const optionalText = (name: string, description: string) =>
  Options.text(name).pipe(Options.withDescription(description), Options.optional)

const edit = Command.make(
  "edit",
  {
    id: id("brand", "brands list"),
    name: optionalText("name", "New name (unique in the workspace)."),
    website: optionalText("website", "New absolute http(s) URL of the brand's site."),
    country: optionalText("country", "New ISO 3166-1 alpha-2 country code, e.g. US."),
    language: optionalText("language", "New ISO 639-1 language code, e.g. en."),
    aliases: listEdit("aliases", "The brand's other names, comma-separated; replaces the list (an empty value clears it)."),
    displayName: optionalText("display-name", "New display name (empty: the name)."),
    description: optionalText("description", "New short description."),
    keyFeatures: listEdit("key-features", "Key features, comma-separated; replaces the list."),
    reanalyze: reanalyzeOption,
    json
  },
  (input) =>
    Effect.gen(function*() {
      const changes = {
        ...Option.match(input.name, { onNone: () => ({}), onSome: (name) => ({ name }) }),
        ...Option.match(input.website, { onNone: () => ({}), onSome: (website) => ({ website }) }),
        ...Option.match(input.country, { onNone: () => ({}), onSome: (country) => ({ country }) }),
        ...Option.match(input.language, { onNone: () => ({}), onSome: (language) => ({ language }) }),
        ...Option.match(input.aliases, { onNone: () => ({}), onSome: (aliases) => ({ aliases }) }),
        ...Option.match(input.displayName, { onNone: () => ({}), onSome: (displayName) => ({ displayName }) }),
        ...Option.match(input.description, { onNone: () => ({}), onSome: (description) => ({ description }) }),
        ...Option.match(input.keyFeatures, { onNone: () => ({}), onSome: (keyFeatures) => ({ keyFeatures }) })
      }
      if (Object.keys(changes).length === 0) {
        return yield* nothingToChange(["brands", "edit"], "--name, --website, --country, --language, --aliases, --display-name, --description or --key-features")
      }
      const { aliasesChanged, brand } = yield* Brands.edit(input.id, changes)
      yield* reportEdit({
        record: brand,
        sentence: `Updated brand ${brand.id} (${brand.name}).`,
        brandId: brand.id,
        namesChanged: aliasesChanged,
        requested: input.reanalyze,
        asJson: input.json
      })
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("Change a brand: name, website, country, language, aliases, display name, description, key features."))

export const command = Command.make("brands").pipe(
  Command.withDescription("Manage monitored brands."),
  Command.withSubcommands([create, list, edit, brandMatch])
)
