import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import type * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { exitCode, run } from "../src/Cli.js"

/** The CLI in this process, stdout and stderr captured; no database is reached by a usage error. */
const cli = (...args: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const out: Array<string> = []
    const err: Array<string> = []
    const base = yield* Effect.console
    const capture: Console.Console = {
      ...base,
      log: (...parts) => Effect.sync(() => void out.push(parts.map(String).join(" "))),
      error: (...parts) => Effect.sync(() => void err.push(parts.map(String).join(" ")))
    }
    const exit = yield* run(["node", "sightline", ...args]).pipe(Effect.provide(NodeContext.layer), Effect.withConsole(capture), Effect.exit)
    return { code: exitCode(exit), stdout: out.join("\n"), stderr: err.join("\n") }
  })

// A value that the shell would pass as one word and that is not a whole number nor an option.
const notANumber = fc.string({ minLength: 1, maxLength: 12 }).filter((s) =>
  s.trim() !== "" && !/^\s*[+-]?\d+\s*$/.test(s) && !s.startsWith("-") && !s.includes("=")
)

describe("usage errors", () => {
  it.effect("any value that is not a whole number, for an <ID> or an integer option, is named with the option and the form", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(notANumber, fc.boolean(), async (value, asOption) => {
          const args = asOption ? ["keys", "list", "--workspace", value] : ["keys", "revoke", value]
          const result = await Effect.runPromise(cli(...args))
          expect(result.code).toBe(2)
          expect(result.stdout).toBe("")
          const [first] = result.stderr.split("\n")
          expect(first).toBe(
            `Error: Invalid value ${JSON.stringify(value)} for ${asOption ? "--workspace" : "<ID>"}: expected a whole number (${
              asOption ? "id of the workspace" : "id of the key, as keys list shows it"
            }).`
          )
          expect(result.stderr).toContain(asOption ? "  sightline keys list --workspace integer [--json]" : "  sightline keys revoke [--json] <ID>")
        }),
        // Forms JavaScript's Number reads as integers, always tried.
        { numRuns: 40, examples: [["0.", false], ["1e3", true], ["0x10", false], ["1.0", true]] }
      )
    ))

  it.effect("an unknown command of any group lists that group's commands", () =>
    Effect.gen(function*() {
      for (const [group, commands] of [
        ["prompts", "add, import, list, edit, pause, resume, run-now, delete"],
        ["groups", "create, list, rename, delete"],
        ["competitors", "add, list, edit, remove, match"]
      ] as const) {
        const result = yield* cli(group, "frobnicate")
        expect(result.code).toBe(2)
        expect(result.stderr.split("\n")[0]).toBe(`Error: Unknown command "frobnicate" of '${group}': expected one of ${commands}.`)
      }
    }))
})
