import * as Options from "@effect/cli/Options"
import * as Option from "effect/Option"

/** Options shared by the admin commands. */

export const json = Options.boolean("json").pipe(Options.withDescription("Print JSON on stdout instead of text."))

export const brandId = Options.integer("brand").pipe(Options.withDescription("Id of the brand."))

export const workspaceId = Options.integer("workspace").pipe(Options.withDescription("Id of the workspace."))

const none: ReadonlyArray<string> = []

/** A comma-separated list option, absent meaning none. */
export const list = (name: string, description: string) =>
  Options.text(name).pipe(
    Options.withDescription(description),
    Options.optional,
    Options.map(Option.match({
      onNone: () => none,
      onSome: (raw) => raw.split(",").map((s) => s.trim()).filter((s) => s !== "")
    }))
  )
