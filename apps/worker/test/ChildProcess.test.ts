import * as SqlClient from "@effect/sql/SqlClient"
import { expect, it } from "@effect/vitest"
import * as Database from "@sightline/sql/Database"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { spawn } from "node:child_process"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import * as OpenAiFake from "../../../packages/engines/test/fakes/OpenAiFake.js"
import * as PerplexityFake from "../../../packages/engines/test/fakes/PerplexityFake.js"
import { freshDatabaseUrl } from "../../../packages/sql/test-support/TestDatabase.js"
import { seedBrand } from "./support.js"

const root = Path.resolve(Path.dirname(fileURLToPath(import.meta.url)), "../../..")

const ENGINE_KEYS = ["OPENAI", "PERPLEXITY", "GEMINI", "XAI", "SERPAPI"].flatMap((p) => [`${p}_API_KEY`, `${p}_BASE_URL`])

const runWorker = (env: Record<string, string>) =>
  Effect.async<{ readonly code: number | null; readonly output: string }>((resume) => {
    const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !ENGINE_KEYS.includes(key)))
    const child = spawn("pnpm", ["--silent", "worker", "--once"], { cwd: root, env: { ...base, ...env }, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.on("close", (code) => resume(Effect.succeed({ code, output })))
    return Effect.sync(() => child.kill("SIGKILL"))
  })

it.scopedLive("`pnpm worker --once` as a child process stores the answer and exits 0", () =>
  Effect.gen(function*() {
    const url = yield* freshDatabaseUrl
    const fake = yield* Effect.acquireRelease(Effect.promise(OpenAiFake.start), (f) => Effect.promise(() => f.close()))
    const check = Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const { promptId } = yield* seedBrand({ engines: ["chat_gpt"], sql })
      const result = yield* runWorker({
        DATABASE_URL: url,
        OPENAI_API_KEY: "x",
        OPENAI_BASE_URL: fake.baseUrl,
        ENGINE_RETRY_BASE_DELAY_MS: "10",
        WORKER_ID: "child-worker"
      })
      expect(result.code, result.output).toBe(0)
      expect(fake.requests).toHaveLength(1)
      expect(fake.requests[0]?.headers.authorization).toBe("Bearer x")
      const runs = yield* sql`SELECT status, worker_id, response_id IS NOT NULL AS stored FROM prompt_runs WHERE prompt_id = ${promptId}`
      expect(runs).toEqual([{ status: "succeeded", worker_id: "child-worker", stored: true }])
      const responses = yield* sql`SELECT brand_mentioned, brand_position FROM responses WHERE prompt_id = ${promptId}`
      expect(responses).toEqual([{ brand_mentioned: true, brand_position: 1 }])
      const plans = yield* sql`SELECT count(*)::int AS n FROM action_plans WHERE prompt_id = ${promptId}`
      expect(plans[0]?.["n"]).toBe(1)
    })
    yield* check.pipe(Effect.provide(Database.clientLayer(Redacted.make(url), { maxConnections: 2 })))
  }), 60_000)

it.scopedLive("SIGTERM to a running `pnpm worker` (its process group, as Ctrl-C or a supervisor sends it) releases its in-flight run", () =>
  Effect.gen(function*() {
    const url = yield* freshDatabaseUrl
    const fake = yield* Effect.acquireRelease(Effect.promise(PerplexityFake.start), (f) => Effect.promise(() => f.close()))
    fake.enqueue("timeout")
    const check = Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const { promptId } = yield* seedBrand({ engines: ["perplexity"], sql })
      const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !ENGINE_KEYS.includes(key)))
      // pnpm exits on the signal at once; the worker process under it shuts down on its own time.
      const child = spawn("pnpm", ["--silent", "worker"], {
        detached: true,
        cwd: root,
        env: { ...base, DATABASE_URL: url, PERPLEXITY_API_KEY: "x", PERPLEXITY_BASE_URL: fake.baseUrl, WORKER_ID: "term-worker" },
        stdio: ["ignore", "pipe", "pipe"]
      })
      let output = ""
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
      const exited = new Promise<number | null>((resolve) => child.on("close", resolve))
      yield* Effect.addFinalizer(() =>
        Effect.sync(() => {
          try {
            process.kill(-(child.pid ?? 0), "SIGKILL")
          } catch {
            // the group has exited already
          }
        })
      )
      for (let i = 0; i < 300 && fake.requests.length === 0; i++) yield* Effect.sleep("50 millis")
      expect(fake.requests.length, output).toBe(1)
      const [held] = yield* sql`SELECT status, worker_id FROM prompt_runs WHERE prompt_id = ${promptId}`
      expect(held).toEqual({ status: "running", worker_id: "term-worker" })
      process.kill(-(child.pid ?? 0), "SIGTERM")
      yield* Effect.promise(() => exited)
      for (let i = 0; i < 100; i++) {
        const [row] = yield* sql`SELECT status FROM prompt_runs WHERE prompt_id = ${promptId}`
        if (row?.["status"] !== "running") break
        yield* Effect.sleep("50 millis")
      }
      const [released] = yield* sql`SELECT status, worker_id, attempts, lease_until FROM prompt_runs WHERE prompt_id = ${promptId}`
      expect(released).toEqual({ status: "pending", worker_id: null, attempts: 0, lease_until: null })
      expect(output).toContain("released on shutdown")
    })
    yield* check.pipe(Effect.provide(Database.clientLayer(Redacted.make(url), { maxConnections: 2 })))
  }), 60_000)
