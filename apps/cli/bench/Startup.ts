/**
 * Startup benchmark: how long a CLI command (`keys list`) and a server start take, compiled
 * (`pnpm build`, what production runs) against the TypeScript sources through tsx (what
 * `pnpm cli` and the former `pnpm start` ran). One embedded PostgreSQL in a temporary DATA_DIR is
 * held by this process the whole time, so every command and server reuses it, as they do beside a
 * running `pnpm start`. The figures (median and spread over RUNS runs) are printed as a table.
 *
 * Run with `pnpm bench` (or `pnpm --filter @sightline/cli bench`).
 */
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as EmbeddedPostgres from "@sightline/sql/EmbeddedPostgres"
import * as Console from "effect/Console"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"

/** Runs per variant after the warm-up (BENCH_RUNS, default 7); more runs steady the medians of a busy machine. */
const RUNS = Math.max(1, Number(process.env["BENCH_RUNS"] ?? "7") || 7)
const ROOT = Path.resolve(Path.dirname(fileURLToPath(import.meta.url)), "../../..")
const TSX = ["--conditions=@sightline/source", "--import", "tsx"]

class BenchError extends Data.TaggedError("BenchError")<{ readonly message: string }> {}

interface Variant {
  readonly name: string
  readonly args: ReadonlyArray<string>
}

/**
 * BENCH_BASELINE_BUNDLE: the `sightline.js` of an earlier build (a path from the checkout root), to compare a change against in
 * the same run (copy that build's apps/cli/dist to a folder beside it, e.g. apps/cli/dist-before,
 * so its external packages resolve the same way).
 */
const baseline = process.env["BENCH_BASELINE_BUNDLE"]

const cliVariants: ReadonlyArray<Variant> = [
  { name: "sources through tsx (`pnpm cli`)", args: [...TSX, "apps/cli/src/main.ts"] },
  { name: "compiled modules (dist/main.js)", args: ["apps/cli/dist/main.js"] },
  ...(baseline === undefined || baseline === "" ? [] : [{ name: `compiled bundle, baseline (${baseline})`, args: [Path.resolve(ROOT, baseline)] }]),
  { name: "compiled bundle (the `sightline` bin)", args: ["apps/cli/dist/sightline.js"] }
]

const serverVariants: ReadonlyArray<Variant> = [
  { name: "sources through tsx (former `pnpm start`)", args: [...TSX, "apps/http/src/main.ts"] },
  { name: "compiled (`pnpm start` after its build)", args: ["apps/http/dist/main.js"] }
]

/** Runs one process to its end; fails on a non-zero exit. Returns the wall time in ms. */
const timed = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv) =>
  Effect.async<number, BenchError>((resume) => {
    const started = performance.now()
    const child = spawn(process.execPath, [...args], { cwd: ROOT, env, stdio: ["ignore", "ignore", "pipe"] })
    let stderr = ""
    child.stderr.on("data", (chunk) => (stderr += String(chunk)))
    child.on("close", (code) => {
      const ms = performance.now() - started
      resume(code === 0 ? Effect.succeed(ms) : Effect.fail(new BenchError({ message: `${args.join(" ")} exited ${code}: ${stderr}` })))
    })
  })

/** Starts a server and measures the time until /healthz answers 200; then stops it (SIGTERM). */
const serverStart = (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv) =>
  Effect.gen(function*() {
    const port = yield* Effect.promise(EmbeddedPostgres.freePort)
    const started = performance.now()
    const child: ChildProcess = spawn(process.execPath, [...args], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), HOST: "127.0.0.1", DEMO: "false" },
      stdio: "ignore"
    })
    const stop = Effect.async<void>((resume) => {
      if (child.exitCode !== null) return resume(Effect.void)
      child.once("exit", () => resume(Effect.void))
      child.kill("SIGTERM")
    })
    return yield* Effect.gen(function*() {
      for (;;) {
        if (child.exitCode !== null) return yield* new BenchError({ message: `${args.join(" ")} exited ${child.exitCode}` })
        const up = yield* Effect.promise(() =>
          fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status === 200, () => false)
        )
        if (up) return performance.now() - started
        yield* Effect.sleep("20 millis")
      }
    }).pipe(Effect.ensuring(stop))
  })

const stats = (samples: ReadonlyArray<number>) => {
  const sorted = [...samples].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0
  return { median, min: sorted[0] ?? 0, max: sorted[sorted.length - 1] ?? 0 }
}

const row = (name: string, samples: ReadonlyArray<number>) => {
  const s = stats(samples)
  return `| ${name} | ${(s.median / 1000).toFixed(2)} s | ${(s.min / 1000).toFixed(2)}-${(s.max / 1000).toFixed(2)} s |`
}

const program = Effect.gen(function*() {
  yield* Console.log("building the CLI and the server (pnpm build of both) ...")
  execFileSync("pnpm", ["--filter", "@sightline/cli", "--filter", "@sightline/http", "run", "build"], { cwd: ROOT, stdio: "ignore" })
  const dataDir = yield* Effect.acquireRelease(
    Effect.sync(() => Fs.mkdtempSync(Path.join(Os.tmpdir(), "sightline-startup-bench-"))),
    (dir) => Effect.sync(() => Fs.rmSync(dir, { recursive: true, force: true }))
  )
  yield* EmbeddedPostgres.acquire(dataDir).pipe(Effect.mapError((e) => new BenchError({ message: e.message })))
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error" }
  delete env["DATABASE_URL"]

  // One migration and a workspace with a few keys, so `keys list` reads real rows.
  yield* timed(["apps/cli/dist/main.js", "workspaces", "create", "--name", "bench"], env)
  for (const name of ["a", "b", "c"]) yield* timed(["apps/cli/dist/main.js", "keys", "create", "--workspace", "1", "--name", name], env)

  const lines = [
    `CLI \`keys list --workspace 1\` and server start, ${RUNS} runs each (after one warm-up), ${Os.cpus().length} cores,`,
    `load average ${Os.loadavg().map((l) => l.toFixed(1)).join(" ")} at the start (1, 5, 15 min).`,
    "",
    "| What | Median | Range |",
    "|---|---|---|"
  ]
  // The CLI variants take turns within each round, so a change in the machine's load between
  // rounds weighs on all of them alike.
  const cliArgs = cliVariants.map((variant) => [...variant.args, "keys", "list", "--workspace", "1"])
  for (const args of cliArgs) yield* timed(args, env)
  const cliSamples = cliVariants.map((): Array<number> => [])
  for (let i = 0; i < RUNS; i++) {
    for (const [index, args] of cliArgs.entries()) cliSamples[index]?.push(yield* timed(args, env))
  }
  cliVariants.forEach((variant, index) => lines.push(row(`CLI, ${variant.name}`, cliSamples[index] ?? [])))
  for (const variant of serverVariants) {
    yield* serverStart(variant.args, env)
    const samples: Array<number> = []
    for (let i = 0; i < RUNS; i++) samples.push(yield* serverStart(variant.args, env))
    lines.push(row(`server start to /healthz 200, ${variant.name}`, samples))
  }
  lines.push("", `Load average ${Os.loadavg().map((l) => l.toFixed(1)).join(" ")} at the end.`)
  yield* Console.log(lines.join("\n"))
}).pipe(Effect.scoped)

NodeRuntime.runMain(program.pipe(Effect.provide(NodeContext.layer)))
