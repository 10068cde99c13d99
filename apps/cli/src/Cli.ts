import * as Command from "@effect/cli/Command"
import * as ValidationError from "@effect/cli/ValidationError"
import * as Cause from "effect/Cause"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Brands from "./commands/Brands.js"
import * as Competitors from "./commands/Competitors.js"
import * as Db from "./commands/Db.js"
import * as Demo from "./commands/Demo.js"
import * as Groups from "./commands/Groups.js"
import * as Keys from "./commands/Keys.js"
import * as Prompts from "./commands/Prompts.js"
import * as Reanalyze from "./commands/Reanalyze.js"
import * as Rollups from "./commands/Rollups.js"
import * as Runs from "./commands/Runs.js"
import * as Workspaces from "./commands/Workspaces.js"

/**
 * Every top-level command, in the order `--help` lists them. Add new command modules here
 * (each exports `command`).
 */
const subcommands = [
  Db.command,
  Demo.command,
  Workspaces.command,
  Brands.command,
  Competitors.command,
  Groups.command,
  Prompts.command,
  Keys.command,
  Runs.command,
  Reanalyze.command,
  Rollups.command
] as const

export const root = Command.make("sightline").pipe(
  Command.withDescription("Administer Sightline: database, demo data, workspaces, brands, prompts and API keys."),
  Command.withSubcommands(subcommands)
)

const cli = Command.run(root, { name: "sightline", version: "0.1.0" })

/** The first line of an error's message: the CLI reports one line per failure. */
const firstLine = (error: unknown): string => {
  const message = typeof error === "object" && error !== null && "message" in error ? String(error.message) : String(error)
  return message.trim().split("\n")[0] || "Unknown error"
}

/**
 * Reports a failure in one line on stderr. @effect/cli has already printed its own parse errors
 * (with the usage), so those are not repeated.
 */
const report = (cause: Cause.Cause<unknown>): Effect.Effect<void> => {
  if (Cause.isInterruptedOnly(cause)) return Effect.void
  return Option.match(Cause.failureOption(cause), {
    onNone: () => Console.error(`Unexpected error: ${firstLine(Cause.squash(cause))}`),
    onSome: (error) => ValidationError.isValidationError(error) ? Effect.void : Console.error(`Error: ${firstLine(error)}`)
  })
}

/** Runs the CLI on a process argv (`node main.ts ...args`); a failure is reported, then fails. */
export const run = (argv: ReadonlyArray<string>) => Effect.suspend(() => cli(argv)).pipe(Effect.tapErrorCause(report))
