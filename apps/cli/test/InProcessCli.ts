import * as NodeContext from "@effect/platform-node/NodeContext"
import * as ConfigProvider from "effect/ConfigProvider"
import type * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import { exitCode, run } from "../src/Cli.js"
import type { ChildRun } from "./ChildCli.js"

/**
 * Runs the same CLI program in this process (what main.ts runs, minus the runtime's exit code),
 * reading its configuration from `env` only: stdout and stderr are captured from the Console, a
 * failure counts as its exit code. Much faster than a child process; use `childCli` where the
 * process itself is under test.
 */
export const inProcessCli = (args: ReadonlyArray<string>, env: Record<string, string>) =>
  Effect.gen(function*() {
    const out: Array<string> = []
    const err: Array<string> = []
    const base = yield* Effect.console
    const write = (to: Array<string>) => (...parts: ReadonlyArray<unknown>) => Effect.sync(() => void to.push(`${parts.map(String).join(" ")}\n`))
    const capture: Console.Console = {
      ...base,
      log: write(out),
      error: write(err),
      unsafe: { ...base.unsafe, log: (...parts) => void out.push(`${parts.map(String).join(" ")}\n`), error: (...parts) => void err.push(`${parts.map(String).join(" ")}\n`) }
    }
    const exit = yield* run(["node", "sightline", ...args]).pipe(
      Effect.provide(NodeContext.layer),
      Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env)))),
      Effect.withConsole(capture),
      Effect.exit
    )
    const result: ChildRun = { code: exitCode(exit), stdout: out.join(""), stderr: err.join("") }
    return result
  })
