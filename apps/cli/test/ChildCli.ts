import * as Effect from "effect/Effect"
import { spawn } from "node:child_process"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"

const ROOT = Path.resolve(Path.dirname(fileURLToPath(import.meta.url)), "../../..")
const MAIN = Path.join(ROOT, "apps/cli/src/main.ts")

export interface ChildRun {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs the real CLI as a child process, with `input` on stdin and extra environment variables. */
export const childCli = (args: ReadonlyArray<string>, options: { readonly input?: string; readonly env?: Record<string, string> } = {}) =>
  Effect.async<ChildRun>((resume) => {
    const child = spawn(process.execPath, ["--conditions=@sightline/source", "--import", "tsx", MAIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, NO_COLOR: "1", ...options.env }
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk) => (stdout += String(chunk)))
    child.stderr.on("data", (chunk) => (stderr += String(chunk)))
    child.on("close", (code) => resume(Effect.succeed({ code, stdout, stderr })))
    child.stdin.end(options.input ?? "")
    return Effect.sync(() => child.kill("SIGKILL"))
  })
