import * as Args from "@effect/cli/Args"
import * as Options from "@effect/cli/Options"
import * as Option from "effect/Option"

/** Options shared by the admin commands. */

export const json = Options.boolean("json").pipe(Options.withDescription("Print JSON on stdout instead of text."))

export const brandId = Options.integer("brand").pipe(Options.withDescription("Id of the brand."))

export const workspaceId = Options.integer("workspace").pipe(Options.withDescription("Id of the workspace."))

/** The `<ID>` argument of a command acting on one record, e.g. `prompts pause 12`. */
export const id = (what: string, listCommand: string) =>
  Args.integer({ name: "ID" }).pipe(Args.withDescription(`Id of the ${what}, as ${listCommand} shows it.`))

const none: ReadonlyArray<string> = []

const splitCommas = (raw: string): ReadonlyArray<string> => raw.split(",").map((s) => s.trim()).filter((s) => s !== "")

/** A comma-separated list option, absent meaning none. */
export const list = (name: string, description: string) =>
  Options.text(name).pipe(
    Options.withDescription(description),
    Options.optional,
    Options.map(Option.match({ onNone: () => none, onSome: splitCommas }))
  )

/** A comma-separated list option of an edit: absent keeps the list, an empty value clears it. */
export const listEdit = (name: string, description: string) =>
  Options.text(name).pipe(Options.withDescription(description), Options.optional, Options.map(Option.map(splitCommas)))
