import * as CliConfig from "@effect/cli/CliConfig"
import * as Descriptor from "@effect/cli/CommandDescriptor"
import * as HelpDoc from "@effect/cli/HelpDoc"
import type * as Span from "@effect/cli/HelpDoc/Span"
import * as Usage from "@effect/cli/Usage"
import * as HashMap from "effect/HashMap"
import { stripVTControlCharacters } from "node:util"

/**
 * Help and usage text of the command tree, written by us rather than @effect/cli's built-in help,
 * so that usage shows the real invocation (`sightline keys revoke <ID>`, not `$ revoke`), lists a
 * group's own commands, and documents `--log-level` with the spelling LOG_LEVEL uses. The option
 * and argument descriptions still come from the command definitions: one source of truth.
 */

/** Built-in options (`--completions`, `--log-level` in @effect/cli's spelling) stay out of help. */
export const config = CliConfig.make({ showBuiltIns: false })

/** A command of the tree: the root, a group (`keys`) or a command that runs (`keys list`). */
export interface Node {
  readonly path: ReadonlyArray<string>
  readonly descriptor: Descriptor.Command<unknown>
  readonly children: ReadonlyArray<Node>
}

/** Builds the tree from the root descriptor and each top-level command's descriptor. */
export const tree = (root: Descriptor.Command<unknown>, topLevel: ReadonlyArray<Descriptor.Command<unknown>>): Node => ({
  path: [],
  descriptor: root,
  children: topLevel.map((descriptor) => {
    const [name = ""] = Descriptor.getNames(descriptor)
    const subcommands = [...HashMap.entries(Descriptor.getSubcommands(descriptor))].filter(([child]) => child !== name)
    return {
      path: [name],
      descriptor,
      children: subcommands.map(([child, sub]) => ({ path: [name, child], descriptor: sub, children: [] }))
    }
  })
})

export interface Resolved {
  readonly node: Node
  /** The tokens after the command path. */
  readonly rest: ReadonlyArray<string>
  /** A token where a subcommand was expected but none has that name. */
  readonly unknown?: string
}

/**
 * A group's commands in the order its definition lists them (the map of subcommands has none).
 * Only printing needs the order: it renders the group's help, which a plain run never does.
 */
export const ordered = (node: Node): ReadonlyArray<Node> => {
  const order = (sections(node.descriptor).get("COMMANDS") ?? []).flatMap((block) =>
    plain(block).split("\n").map((line) => /^\s*(?:- )?(\S+)/.exec(line)?.[1] ?? "")
  )
  const position = (child: Node) => order.indexOf(child.path[child.path.length - 1] ?? "")
  return node.path.length === 0 ? node.children : [...node.children].sort((a, b) => position(a) - position(b))
}

/** Walks the tokens down the tree as far as they name commands. */
export const resolve = (root: Node, tokens: ReadonlyArray<string>): Resolved => {
  let node = root
  let index = 0
  while (node.children.length > 0 && index < tokens.length) {
    const token = tokens[index] ?? ""
    if (token.startsWith("-")) break
    const next = node.children.find((child) => child.path[child.path.length - 1] === token)
    if (next === undefined) return { node, rest: tokens.slice(index), unknown: token }
    node = next
    index++
  }
  return { node, rest: tokens.slice(index) }
}

const blocks = (doc: HelpDoc.HelpDoc): ReadonlyArray<HelpDoc.HelpDoc> =>
  doc._tag === "Sequence" ? [...blocks(doc.left), ...blocks(doc.right)] : doc._tag === "Empty" ? [] : [doc]

/** Plain text of a help document (styling is applied, or not, when printing). */
const plain = (doc: HelpDoc.HelpDoc): string => stripVTControlCharacters(HelpDoc.toAnsiText(doc)).trim()
const spanText = (span: Span.Span): string => plain(HelpDoc.p(span))

/** The blocks under each header of a descriptor's help (DESCRIPTION, ARGUMENTS, OPTIONS, COMMANDS). */
const sections = (descriptor: Descriptor.Command<unknown>): ReadonlyMap<string, ReadonlyArray<HelpDoc.HelpDoc>> => {
  const out = new Map<string, Array<HelpDoc.HelpDoc>>()
  let current: Array<HelpDoc.HelpDoc> | undefined
  for (const block of blocks(Descriptor.getHelp(descriptor, config))) {
    if (block._tag === "Header") {
      current = []
      out.set(spanText(block.value), current)
    } else {
      current?.push(block)
    }
  }
  return out
}

/** One option or argument as the help lists it. */
export interface Parameter {
  /** `--country` or `<ID>`. */
  readonly name: string
  /** What follows the name in the usage (`integer`, `pending | running`), empty for flags. */
  readonly form: string
  /** Our description of it. */
  readonly description: string
  readonly optional: boolean
  /** Whether it takes a whole number (`integer` options, `Args.integer` arguments). */
  readonly integer: boolean
}

const GENERIC = /^(An integer|A user-defined piece of text|A true or false value|One of the following|A file|A date)/

const parameters = (descriptor: Descriptor.Command<unknown>, section: "OPTIONS" | "ARGUMENTS"): ReadonlyArray<Parameter> =>
  (sections(descriptor).get(section) ?? []).flatMap((block) =>
    block._tag !== "DescriptionList" ? [] : block.definitions.map(([term, doc]): Parameter => {
      const [name = "", ...form] = spanText(term).split(" ")
      const paragraphs = blocks(doc).map(plain).filter((p) => p !== "")
      const optional = paragraphs.some((p) => p.startsWith("This setting is optional"))
      const own = paragraphs.filter((p) => !GENERIC.test(p) && !p.startsWith("This setting is optional"))
      const integer = form.join(" ") === "integer" || paragraphs.some((p) => /^An integer/.test(p))
      return { name, form: form.join(" "), description: own.join(" "), optional, integer }
    })
  )

export const options = (node: Node): ReadonlyArray<Parameter> => parameters(node.descriptor, "OPTIONS")
export const args = (node: Node): ReadonlyArray<Parameter> => parameters(node.descriptor, "ARGUMENTS")

/** The first paragraph of a command's description. */
export const description = (node: Node): string => {
  const [first] = sections(node.descriptor).get("DESCRIPTION") ?? []
  return first === undefined ? "" : plain(first)
}

/** The usage lines of a command with the real invocation: `sightline keys revoke [--json] <ID>`. */
export const usageLines = (invocation: string, node: Node): ReadonlyArray<string> => {
  const prefix = [invocation, ...node.path].join(" ")
  if (node.children.length > 0) return [`${prefix} <command> [options]`]
  if (node.path.length === 0) return [prefix]
  return Usage.enumerate(Descriptor.getUsage(node.descriptor), config).map((span) => {
    // @effect/cli's usage starts with the command's own name.
    const words = spanText(span).split(" ").slice(1)
    return [prefix, ...words].join(" ")
  })
}

const bold = (text: string) => `\x1b[1m${text}\x1b[22m`

const list = (rows: ReadonlyArray<readonly [string, string]>): ReadonlyArray<string> => {
  const width = Math.max(...rows.map(([term]) => term.length))
  return rows.map(([term, text]) => `  ${term.padEnd(width)}  ${text}`.trimEnd())
}

const parameterRows = (node: Node): ReadonlyArray<readonly [string, string]> =>
  [...args(node), ...options(node)].map((p) => [
    [p.name, p.form].filter((s) => s !== "").join(" "),
    `${p.description}${p.optional || p.form === "" || p.name.startsWith("<") ? "" : " (required)"}`
  ])

/** `--log-level` is ours (see Cli.ts), so that it takes the names LOG_LEVEL takes. */
const GLOBAL_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  ["--log-level all | trace | debug | info | warn | error | fatal | off", "Log from this level up (as LOG_LEVEL; default warn)."],
  ["--help, -h", "Show help for any command."],
  ["--version", "Show the version."]
]

/** The full help of a command, styled with ANSI (the caller strips it where colour is off). */
export const help = (invocation: string, node: Node): string => {
  const out: Array<string> = []
  const text = description(node)
  if (text !== "") out.push(text, "")
  out.push(bold("USAGE"), ...usageLines(invocation, node).map((line) => `  ${line}`), "")
  if (node.children.length > 0) {
    out.push(bold("COMMANDS"), ...list(ordered(node).map((child) => [child.path[child.path.length - 1] ?? "", description(child)])), "")
    out.push(`Run '${[invocation, ...node.path].join(" ")} <command> --help' for a command's options.`)
  } else {
    const rows = parameterRows(node)
    if (rows.length > 0) out.push(bold("OPTIONS"), ...list(rows), "")
  }
  if (node.path.length === 0) out.push("", bold("GLOBAL OPTIONS"), ...list(GLOBAL_OPTIONS))
  return `${out.join("\n").trimEnd()}\n`
}

/** What a usage error prints after its message: the usage lines and the command's parameters. */
export const usage = (invocation: string, node: Node): string => {
  const out = [bold("USAGE"), ...usageLines(invocation, node).map((line) => `  ${line}`)]
  if (node.children.length > 0) {
    out.push("", bold("COMMANDS"), ...list(ordered(node).map((child) => [child.path[child.path.length - 1] ?? "", description(child)])))
  } else {
    const rows = parameterRows(node)
    if (rows.length > 0) out.push("", bold("OPTIONS"), ...list(rows))
  }
  out.push("", `See '${[invocation, ...node.path].join(" ")} --help'.`)
  return `${out.join("\n")}\n`
}
