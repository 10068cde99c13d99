import * as SqlClient from "@effect/sql/SqlClient"
import { expect, it } from "@effect/vitest"
import type { ResponseAnalysis } from "@sightline/domain/analysis/ResponseAnalysis"
import * as Database from "@sightline/sql/Database"
import { ResponseStore } from "@sightline/sql/ResponseStore"
import { Webhooks } from "@sightline/sql/Webhooks"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { spawn } from "node:child_process"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import { freshDatabaseUrl } from "../../../packages/sql/test-support/TestDatabase.js"
import * as Receiver from "../../../packages/webhooks/test-support/Receiver.js"
import { seedBrand } from "./support.js"

const root = Path.resolve(Path.dirname(fileURLToPath(import.meta.url)), "../../..")
const ENGINE_KEYS = ["OPENAI", "PERPLEXITY", "GEMINI", "XAI", "SERPAPI"].flatMap((p) => [`${p}_API_KEY`, `${p}_BASE_URL`])

/** `pnpm worker` (continuous) in its own process group, killed with the scope if still running. */
const startWorker = (env: Record<string, string>) =>
  Effect.gen(function*() {
    const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !ENGINE_KEYS.includes(key)))
    const child = spawn("pnpm", ["--silent", "worker"], { detached: true, cwd: root, env: { ...base, ...env }, stdio: ["ignore", "pipe", "pipe"] })
    const output = { text: "" }
    child.stdout.on("data", (chunk: Buffer) => (output.text += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (output.text += chunk.toString()))
    const exited = new Promise<void>((resolve) => child.on("close", () => resolve()))
    const kill = (signal: NodeJS.Signals) =>
      Effect.sync(() => {
        try {
          process.kill(-(child.pid ?? 0), signal)
        } catch {
          // the group has exited already
        }
      })
    yield* Effect.addFinalizer(() => kill("SIGKILL"))
    return { output, kill, exited: Effect.promise(() => exited) }
  })

const analysis: ResponseAnalysis = {
  brand: { mentioned: true, position: 1, sentiment: 80 },
  competitors: [],
  citations: [],
  searchQueries: [],
  analyserVersion: 2,
  judge: { kind: "local", model: null, fallback: null }
}

it.scopedLive("a worker SIGKILLed mid-delivery: the event still arrives, once by webhook-id, from the next worker", () =>
  Effect.gen(function*() {
    const url = yield* freshDatabaseUrl
    const receiver = yield* Receiver.start({ secret: "whsec_placeholder" })
    // The first attempt is held open until the worker is killed; later ones are accepted.
    receiver.enqueue("hang")
    const db = Layer.mergeAll(Webhooks.Default, ResponseStore.Default).pipe(
      Layer.provideMerge(Database.clientLayer(Redacted.make(url), { maxConnections: 2 }))
    )
    const check = Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const brand = yield* seedBrand({ engines: ["chat_gpt"], sql })
      yield* sql`UPDATE prompts SET active = false`
      const hook = yield* Webhooks.add({ workspaceId: brand.workspaceId, url: receiver.url, events: ["response.collected"] })
      receiver.setSecret(hook.secret)
      yield* ResponseStore.record({
        idempotencyKey: "kill-test",
        promptId: brand.promptId,
        engine: "chat_gpt",
        model: "gpt-5-mini",
        collectedAt: new Date(),
        markdown: "Acme CRM",
        text: "Acme CRM",
        payload: {},
        analysis
      })
      const env = {
        DATABASE_URL: url,
        WEBHOOKS_ALLOW_PRIVATE: "true",
        WEBHOOKS_TIMEOUT_MS: "1000",
        WORKER_POLL_INTERVAL_MS: "100"
      }

      const first = yield* startWorker({ ...env, WORKER_ID: "doomed" })
      yield* Effect.promise(() => receiver.waitFor(1, 40_000)).pipe(
        Effect.catchAllDefect((defect) => Effect.dieMessage(`${String(defect)}\n${first.output.text}`))
      )
      yield* first.kill("SIGKILL")
      yield* first.exited
      const [held] = yield* sql`SELECT status, attempts FROM webhook_deliveries WHERE webhook_id = ${hook.id}`
      expect(held).toEqual({ status: "pending", attempts: 1 })

      // The killed worker's claim runs out (2 x timeout + 1 s) and the next worker delivers.
      const second = yield* startWorker({ ...env, WORKER_ID: "survivor" })
      yield* Effect.promise(() => receiver.waitFor(2, 40_000)).pipe(
        Effect.catchAllDefect((defect) => Effect.dieMessage(`${String(defect)}\n${second.output.text}`))
      )
      for (let i = 0; i < 100; i++) {
        const [row] = yield* sql`SELECT status FROM webhook_deliveries WHERE webhook_id = ${hook.id}`
        if (row?.["status"] === "delivered") break
        yield* Effect.sleep("100 millis")
      }
      yield* second.kill("SIGTERM")
      yield* second.exited

      const [delivered] = yield* sql`SELECT status, attempts, message_id FROM webhook_deliveries WHERE webhook_id = ${hook.id}`
      expect(delivered).toMatchObject({ status: "delivered", attempts: 2 })
      expect(receiver.requests.map((r) => r.id)).toEqual([delivered?.["message_id"], delivered?.["message_id"]])
      expect(receiver.requests.every((r) => r.verified)).toBe(true)
      // The receiver de-duplicates on webhook-id: the event arrived once.
      expect(receiver.unique()).toHaveLength(1)
      expect(receiver.unique()[0]?.payload).toMatchObject({ type: "response.collected", data: { prompt_id: brand.promptId } })
    })
    yield* check.pipe(Effect.provide(db))
  }), 120_000)
