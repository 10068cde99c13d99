import { expect, it } from "@effect/vitest"
import { WORKSPACE_NAME } from "@sightline/sql/DemoSeed"
import { freePort } from "@sightline/sql/EmbeddedPostgres"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import { type ChildProcess, spawn } from "node:child_process"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"

/**
 * What a person sees on `pnpm start` with no DATABASE_URL, in a DATA_DIR of its own: the first
 * start creates the embedded database, migrates, seeds the demo with progress and prints a key that
 * works; a later start prints only where the docs are and how to get a key; Ctrl-C (SIGINT) logs
 * the clean shutdown line, and the server, the last process on the database, stops it.
 */

const ROOT = Path.resolve(Path.dirname(fileURLToPath(import.meta.url)), "../../..")
const MAIN = Path.join(ROOT, "apps/http/src/main.ts")
const CLI = Path.join(ROOT, "apps/cli/src/main.ts")

class StartError extends Data.TaggedError("StartError")<{ readonly message: string }> {}

interface Started {
  readonly child: ChildProcess
  readonly output: { stdout: string; stderr: string }
  readonly exited: Promise<number | null>
}

/**
 * Starts the server from its sources on DATA_DIR and waits until /healthz answers 200 and the
 * greeting (the demo key, or how to get a key) is printed: with several server processes the
 * primary greets once all of them listen, a moment after the first answers.
 */
const start = (dataDir: string, port: number) =>
  Effect.gen(function*() {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" }
    delete env["DATABASE_URL"]
    delete env["DEMO"]
    delete env["LOG_LEVEL"]
    const child = spawn(process.execPath, ["--conditions=@sightline/source", "--import", "tsx", MAIN], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"]
    })
    const output = { stdout: "", stderr: "" }
    child.stdout?.on("data", (chunk) => (output.stdout += String(chunk)))
    child.stderr?.on("data", (chunk) => (output.stderr += String(chunk)))
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
    const started: Started = { child, output, exited }
    yield* Effect.addFinalizer(() => stop(started))
    const deadline = Date.now() + 180_000
    for (;;) {
      if (child.exitCode !== null || Date.now() > deadline) {
        return yield* new StartError({ message: `the server did not start:\n${output.stdout}\n${output.stderr}` })
      }
      const up = yield* Effect.promise(() => fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status === 200, () => false))
      if (up && /Demo API key|Sightline: an API key:/.test(output.stdout)) return started
      yield* Effect.sleep("100 millis")
    }
  })

/** A CLI command from its sources on DATA_DIR: exit code and stdout. */
const runCli = (dataDir: string, args: ReadonlyArray<string>) =>
  Effect.async<{ readonly code: number | null; readonly stdout: string }>((resume) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
    delete env["DATABASE_URL"]
    const child = spawn(process.execPath, ["--conditions=@sightline/source", "--import", "tsx", CLI, ...args], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "ignore"]
    })
    let stdout = ""
    child.stdout.on("data", (chunk) => (stdout += String(chunk)))
    child.on("close", (code) => resume(Effect.succeed({ code, stdout })))
  })

/** Ctrl-C: SIGINT, then the exit code once the process is gone. */
const stop = (started: Started) =>
  Effect.promise(() => {
    if (started.child.exitCode === null) started.child.kill("SIGINT")
    return started.exited
  })

const lines = (text: string) => text.split("\n").map((line) => line.trim()).filter((line) => line !== "")

const logMessages = (stderr: string) =>
  lines(stderr).flatMap((line) => {
    try {
      const parsed: unknown = JSON.parse(line)
      return typeof parsed === "object" && parsed !== null && "message" in parsed ? [String(parsed.message)] : []
    } catch {
      return []
    }
  })

const postmasterPid = (dataDir: string) => Path.join(dataDir, "pg", "postmaster.pid")

it.scopedLive("first start: database, migrations, demo seed with progress and a working key; later starts: docs and how to get a key; Ctrl-C stops cleanly", () =>
  Effect.gen(function*() {
    const dataDir = yield* Effect.acquireRelease(
      Effect.sync(() => Fs.mkdtempSync(Path.join(Os.tmpdir(), "sightline-first-start-"))),
      (dir) =>
        Effect.sync(() => {
          // Should an assertion fail with the database still up, stop it before removing its folder.
          const pid = Fs.existsSync(postmasterPid(dir)) ? Number(Fs.readFileSync(postmasterPid(dir), "utf8").split("\n")[0]) : 0
          if (pid > 0) {
            try {
              process.kill(pid, "SIGINT")
            } catch {
              // already gone
            }
          }
          Fs.rmSync(dir, { recursive: true, force: true })
        })
    )
    const port = yield* Effect.promise(freePort)

    // First start, on a DATA_DIR with nothing in it.
    const first = yield* Effect.scoped(Effect.gen(function*() {
      const server = yield* start(dataDir, port)
      const out = lines(server.output.stdout)
      const key = /Demo API key \(shown once, keep it\): (\S+)/.exec(server.output.stdout)?.[1]
      const brands = yield* Effect.promise(() =>
        fetch(`http://127.0.0.1:${port}/v1/brands/`, { headers: { "api-key": key ?? "" } }).then((r) => r.status)
      )
      yield* stop(server)
      return { out, key, brands, logs: logMessages(server.output.stderr) }
    }))
    const step = (line: string) => first.out.indexOf(line)
    expect(step(`Sightline: creating the database in ${dataDir}...`)).toBe(0)
    expect(step(`Sightline: creating the database in ${dataDir}: done`)).toBe(1)
    expect(step("Sightline: migrating the schema...")).toBe(2)
    expect(step("Sightline: migrating the schema: done")).toBeGreaterThan(2)
    // The seed says it starts, then each quarter it reaches, after the migrations.
    const seeding = first.out.filter((line) => line.startsWith("Sightline: seeding demo data"))
    expect(seeding).toEqual([
      "Sightline: seeding demo data...",
      "Sightline: seeding demo data: 25%",
      "Sightline: seeding demo data: 50%",
      "Sightline: seeding demo data: 75%",
      "Sightline: seeding demo data: done"
    ])
    expect(step("Sightline: seeding demo data...")).toBeGreaterThan(step("Sightline: migrating the schema: done"))
    expect(step("Sightline: demo data is ready.")).toBeGreaterThan(step("Sightline: seeding demo data: done"))
    expect(first.key).toMatch(/^sl_/)
    expect(first.brands).toBe(200)
    expect(first.out).toContain(`API docs: http://127.0.0.1:${port}/docs`)
    // Ctrl-C: the clean shutdown line is the last thing logged, and the embedded server is stopped
    // (the server was the last process using it).
    expect(first.logs.at(-1)).toBe("Sightline stopped cleanly")
    expect(Fs.existsSync(postmasterPid(dataDir))).toBe(false)

    // A later start on the same DATA_DIR; a CLI command meanwhile reuses its database and, on
    // leaving, leaves it running for the server.
    const later = yield* Effect.scoped(Effect.gen(function*() {
      const server = yield* start(dataDir, port)
      const out = lines(server.output.stdout)
      const cli = yield* runCli(dataDir, ["workspaces", "list", "--json"])
      const healthz = yield* Effect.promise(() => fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0))
      yield* stop(server)
      return { out, cli, healthz, logs: logMessages(server.output.stderr) }
    }))
    expect(later.cli.code).toBe(0)
    expect(JSON.parse(later.cli.stdout)).toMatchObject([{ id: 1, name: WORKSPACE_NAME }])
    expect(later.healthz).toBe(200)
    expect(later.out).toEqual([
      `Sightline: API docs at http://127.0.0.1:${port}/docs`,
      "Sightline: an API key: pnpm cli keys create --workspace <id> --name <name> (pnpm cli workspaces list shows the ids)"
    ])
    expect(later.logs.at(-1)).toBe("Sightline stopped cleanly")
    expect(Fs.existsSync(postmasterPid(dataDir))).toBe(false)
  }), { timeout: 400_000 })
