import * as Command from "@effect/cli/Command"
import * as HelpDoc from "@effect/cli/HelpDoc"
import * as ValidationError from "@effect/cli/ValidationError"
import { Logging } from "@sightline/runtime"
import * as Cause from "effect/Cause"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Logger from "effect/Logger"
import * as Option from "effect/Option"
import { stripVTControlCharacters } from "node:util"
import * as Analyse from "./commands/Analyse.js"
import * as Brands from "./commands/Brands.js"
import * as Competitors from "./commands/Competitors.js"
import * as Db from "./commands/Db.js"
import * as Demo from "./commands/Demo.js"
import * as Export from "./commands/Export.js"
import * as Groups from "./commands/Groups.js"
import * as Keys from "./commands/Keys.js"
import * as Prompts from "./commands/Prompts.js"
import * as Reanalyze from "./commands/Reanalyze.js"
import * as Rollups from "./commands/Rollups.js"
import * as Runs from "./commands/Runs.js"
import * as Sources from "./commands/Sources.js"
import * as Webhooks from "./commands/Webhooks.js"
import * as Workspaces from "./commands/Workspaces.js"
import * as Help from "./Help.js"
import { Style } from "./Style.js"
import { fromParseError, notWholeNumber, UsageError, unknownCommand } from "./UsageError.js"

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
  Sources.command,
  Webhooks.command,
  Runs.command,
  Reanalyze.command,
  Analyse.command,
  Rollups.command,
  Export.command
] as const

export const root = Command.make("sightline").pipe(
  Command.withDescription("Administer Sightline: database, demo data, workspaces, brands, prompts and API keys."),
  Command.withSubcommands(subcommands)
)

const VERSION = "0.1.0"

const cli = Command.run(root, { name: "sightline", version: VERSION })

/** The command tree the help and the usage errors are written from. */
export const commands = Help.tree(root.descriptor, subcommands.map((command) => command.descriptor))

/** The first line of an error's message: the CLI reports one line per failure. */
const firstLine = (error: unknown): string => {
  const message = typeof error === "object" && error !== null && "message" in error ? String(error.message) : String(error)
  return message.trim().split("\n")[0] || "Unknown error"
}

/**
 * Exit codes: 0 success, 1 the command failed (bad value, missing record, conflict), 2 the command
 * line itself is wrong (usage error), 130 interrupted.
 */
export const exitCode = (exit: Exit.Exit<unknown, unknown>): number => {
  if (Exit.isSuccess(exit)) return 0
  if (Cause.isInterruptedOnly(exit.cause)) return 130
  return Option.match(Cause.failureOption(exit.cause), {
    onNone: () => 1,
    onSome: (error) => error instanceof UsageError ? 2 : 1
  })
}

/** Takes `--log-level LEVEL` / `--log-level=LEVEL` out of the tokens, spelled as LOG_LEVEL is. */
const takeLogLevel = (tokens: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const rest: Array<string> = []
    let given: string | undefined
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i] ?? ""
      if (token === "--log-level") {
        given = tokens[++i] ?? ""
      } else if (token.startsWith("--log-level=")) {
        given = token.slice("--log-level=".length)
      } else {
        rest.push(token)
      }
    }
    if (given === undefined) return { level: undefined, rest }
    const level = Logging.levelNamed(given)
    if (level === undefined) {
      return yield* new UsageError({
        message: `Invalid value ${JSON.stringify(given)} for --log-level: expected one of ${Logging.LEVEL_NAMES.join(", ")}.`,
        path: []
      })
    }
    return { level, rest }
  })

/** Reports a failure on stderr: one line, and after a usage error the command's usage. */
const report = (invocation: string) => (cause: Cause.Cause<unknown>): Effect.Effect<void, never, Style> => {
  if (Cause.isInterruptedOnly(cause)) return Effect.void
  return Effect.flatMap(Style, (style) =>
    Option.match(Cause.failureOption(cause), {
      onNone: () => Console.error(`Unexpected error: ${firstLine(Cause.squash(cause))}`),
      onSome: (error) => {
        if (error instanceof UsageError) {
          const node = Help.resolve(commands, error.path).node
          return Console.error(style.forStderr(`Error: ${error.message}\n\n${Help.usage(invocation, node)}`))
        }
        return Console.error(`Error: ${firstLine(error)}`)
      }
    }))
}

/**
 * @effect/cli prints its own parse errors; they are rewritten (UsageError) and printed by us, so
 * its printing is silenced while it parses and runs.
 */
const withoutLibraryErrors = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.console, (console) =>
    Effect.withConsole(effect, { ...console, error: () => Effect.void, unsafe: { ...console.unsafe, error: () => undefined } }))

/**
 * Runs the CLI on a process argv (`node main.js ...args`); a failure is reported, then fails.
 * `invocation` is how the user started it, shown in usage (`sightline`, `pnpm cli`).
 */
export const run = (argv: ReadonlyArray<string>, options: { readonly invocation?: string } = {}) => {
  const invocation = options.invocation ?? "sightline"
  return Effect.gen(function*() {
    const style = yield* Style
    const { level, rest } = yield* takeLogLevel(argv.slice(2))
    const resolved = Help.resolve(commands, rest)
    const wantsHelp = resolved.rest.some((token) => token === "--help" || token === "-h")
    if (resolved.unknown !== undefined && !wantsHelp) return yield* unknownCommand(resolved.node, resolved.unknown)
    if (resolved.node.path.length === 0 && resolved.rest.includes("--version")) return yield* Console.log(VERSION)
    if (wantsHelp || resolved.node.children.length > 0) {
      return yield* Console.log(style.forStdout(Help.help(invocation, resolved.node)).trimEnd())
    }
    const lenient = notWholeNumber(resolved.node, resolved.rest)
    if (lenient !== undefined) return yield* lenient
    const parsed = withoutLibraryErrors(cli([argv[0] ?? "node", argv[1] ?? "sightline", ...rest])).pipe(
      Effect.catchIf(ValidationError.isValidationError, (error) =>
        Effect.fail(fromParseError(resolved.node, resolved.rest, stripVTControlCharacters(HelpDoc.toAnsiText(error.error)).trim())))
    )
    return yield* level === undefined ? parsed : Logger.withMinimumLogLevel(parsed, level)
  }).pipe(Effect.tapErrorCause(report(invocation)), Effect.provide(Style.Default))
}
