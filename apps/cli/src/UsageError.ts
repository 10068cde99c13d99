import * as AutoCorrect from "@effect/cli/AutoCorrect"
import * as Schema from "effect/Schema"
import * as Help from "./Help.js"

/**
 * A command line that cannot run: the message names the option or argument, the value given and
 * the form expected; the CLI prints it, then the command's usage, and exits with code 2.
 */
export class UsageError extends Schema.TaggedError<UsageError>()("UsageError", {
  message: Schema.String,
  /** The command whose usage is printed after the message. */
  path: Schema.Array(Schema.String)
}) {}

const lowerFirst = (text: string) => /^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text
const withoutPeriod = (text: string) => text.replace(/\.$/, "")

/** What a parameter expects, in words: `a whole number (id of the key)`, `one of a, b`, or its description. */
export const expected = (parameter: Help.Parameter | undefined, type?: string): string => {
  const form = parameter?.form ?? ""
  const about = withoutPeriod(lowerFirst(parameter?.description ?? ""))
  if (form.includes(" | ")) return `one of ${form.split(" | ").join(", ")}`
  if (form === "integer" || type === "integer" || (parameter?.name.startsWith("<") === true && /^an integer/i.test(type ?? ""))) {
    return about === "" ? "a whole number" : `a whole number (${about})`
  }
  return about === "" ? "a value" : about
}

/** The closest names within two edits, for "did you mean" hints. */
export const suggest = (given: string, names: ReadonlyArray<string>): ReadonlyArray<string> =>
  names
    .map((name) => [name, AutoCorrect.levensteinDistance(given, name, Help.config)] as const)
    .filter(([, distance]) => distance <= 2)
    .sort((a, b) => a[1] - b[1])
    .map(([name]) => name)

const didYouMean = (given: string, names: ReadonlyArray<string>) => {
  const [best] = suggest(given, names)
  return best === undefined ? "" : ` Did you mean ${best}?`
}

/** The parameter a value was given to: the option before it (`--x v`, `--x=v`), else the argument. */
const ownerOf = (node: Help.Node, tokens: ReadonlyArray<string>, value: string): Help.Parameter | undefined => {
  const options = Help.options(node)
  for (const [i, token] of tokens.entries()) {
    const inline = /^(--[\w-]+)=(.*)$/.exec(token)
    if (inline !== null && inline[2] === value) return options.find((o) => o.name === inline[1])
    if (token === value) {
      const previous = tokens[i - 1]
      const option = options.find((o) => o.name === previous && o.form !== "")
      if (option !== undefined) return option
      return Help.args(node)[0]
    }
  }
  return undefined
}

/**
 * Rewrites @effect/cli's parse error (`'abc' is not a integer`, `Expected to find option:
 * '--country'`) into one that names the option, the value and the expected form.
 */
export const fromParseError = (node: Help.Node, tokens: ReadonlyArray<string>, raw: string): UsageError => {
  const fail = (message: string) => new UsageError({ message, path: node.path })
  const options = Help.options(node)
  const option = (name: string) => options.find((o) => o.name === name)

  const missingOption = /^Expected to find option: '([^']+)'/.exec(raw)
  if (missingOption !== null) {
    const name = missingOption[1] ?? ""
    return fail(`Missing option ${name}: expected ${expected(option(name))}.`)
  }
  const missingValue = /^Expected a value following option: '([^']+)'/.exec(raw)
  if (missingValue !== null) {
    const name = missingValue[1] ?? ""
    return fail(`Option ${name} has no value: expected ${expected(option(name))}.`)
  }
  const missingArgument = /^Missing argument (<[^>]+>)/.exec(raw)
  if (missingArgument !== null) {
    const name = missingArgument[1] ?? ""
    return fail(`Missing argument ${name}: expected ${expected(Help.args(node).find((a) => a.name === name))}.`)
  }
  const notA = /^'(.*)' is not an? (.+)$/.exec(raw)
  if (notA !== null) {
    const value = notA[1] ?? ""
    const owner = ownerOf(node, tokens, value)
    return fail(`Invalid value ${JSON.stringify(value)} for ${owner?.name ?? "an option"}: expected ${expected(owner, notA[2])}.`)
  }
  if (/^Expected one of the following cases: /.test(raw)) {
    const choice = options.find((o) => o.form.includes(" | ") && tokens.some((t) => t === o.name || t.startsWith(`${o.name}=`)))
    const at = tokens.findIndex((t) => t === choice?.name)
    const value = at >= 0 ? tokens[at + 1] ?? "" : tokens.find((t) => t.startsWith(`${choice?.name}=`))?.split("=")[1] ?? ""
    return fail(`Invalid value ${JSON.stringify(value)} for ${choice?.name ?? "an option"}: expected ${expected(choice)}.`)
  }
  const unknown = /^Received unknown argument: '(.*)'/.exec(raw) ?? /^The flag '(.*)' is not recognized/.exec(raw)
  if (unknown !== null) {
    const given = unknown[1] ?? ""
    const command = node.path.length === 0 ? "sightline" : node.path.join(" ")
    if (given.startsWith("-")) {
      return fail(`Unknown option ${given} for '${command}'.${didYouMean(given.replace(/=.*$/, ""), options.map((o) => o.name))}`)
    }
    return fail(`Unexpected argument ${JSON.stringify(given)}: '${command}' takes no further arguments.`)
  }
  return fail(raw)
}

const WHOLE_NUMBER = /^\s*[+-]?\d+\s*$/

/**
 * A value given to a whole-number parameter that @effect/cli would read as one but a person would
 * not write as one ("0.", "1e3", "0x10": JavaScript's Number reads them as integers), refused like
 * any other value that is not a whole number.
 */
export const notWholeNumber = (node: Help.Node, tokens: ReadonlyArray<string>): UsageError | undefined => {
  for (const token of tokens) {
    const value = /^--[\w-]+=(.*)$/.exec(token)?.[1] ?? token
    if (value.trim() === "" || WHOLE_NUMBER.test(value) || !Number.isInteger(Number(value))) continue
    const owner = ownerOf(node, tokens, value)
    if (owner?.integer === true) {
      return new UsageError({
        message: `Invalid value ${JSON.stringify(value)} for ${owner.name}: expected ${expected(owner, "integer")}.`,
        path: node.path
      })
    }
  }
  return undefined
}

/** A word where a command was expected but none has that name. */
export const unknownCommand = (node: Help.Node, given: string): UsageError => {
  const names = Help.ordered(node).map((child) => child.path[child.path.length - 1] ?? "")
  const where = node.path.length === 0 ? "" : ` of '${node.path.join(" ")}'`
  return new UsageError({
    message: `Unknown command ${JSON.stringify(given)}${where}: expected one of ${names.join(", ")}.${didYouMean(given, names)}`,
    path: node.path
  })
}

/** An edit command given no field to change. */
export const nothingToChange = (path: ReadonlyArray<string>, fields: string): UsageError =>
  new UsageError({ message: `Nothing to change: give at least one of ${fields}.`, path })
