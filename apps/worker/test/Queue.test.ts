import * as SqlClient from "@effect/sql/SqlClient"
import { expect, layer } from "@effect/vitest"
import { Runs } from "@sightline/sql/Runs"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as OpenAiFake from "../../../packages/engines/test/fakes/OpenAiFake.js"
import * as PerplexityFake from "../../../packages/engines/test/fakes/PerplexityFake.js"
import * as SerpApiFake from "../../../packages/engines/test/fakes/SerpApiFake.js"
import * as Worker from "../src/Worker.js"
import { enginesLayer, seedBrand, settings, WorkerTestLayer } from "./support.js"

const openAiFake = Effect.acquireRelease(Effect.promise(OpenAiFake.start), (fake) => Effect.promise(() => fake.close()))

const runsOf = (promptIds: ReadonlyArray<number>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`
      SELECT prompt_id, engine, status, attempts, worker_id, response_id, error_code, error_message,
             available_at > now() AS delayed
      FROM prompt_runs WHERE prompt_id = ANY(${promptIds}::bigint[]) ORDER BY prompt_id, engine`)

layer(WorkerTestLayer, { timeout: 60_000, excludeTestServices: true })("the run queue", (it) => {
  it.scoped("two workers racing on the same due work store each slot once", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const fake = yield* openAiFake
      const { promptIds } = yield* seedBrand({ engines: ["chat_gpt"], prompts: 6 })
      const engines = enginesLayer({ openai: fake.baseUrl })
      yield* Effect.all([
        Worker.run(settings({ workerId: "worker-a", concurrency: 3 }), { once: true }).pipe(Effect.provide(engines)),
        Worker.run(settings({ workerId: "worker-b", concurrency: 3 }), { once: true }).pipe(Effect.provide(engines))
      ], { concurrency: "unbounded" })
      const runs = yield* runsOf(promptIds)
      expect(runs).toHaveLength(6)
      expect(runs.every((run) => run["status"] === "succeeded" && run["attempts"] === 1)).toBe(true)
      expect(fake.requests).toHaveLength(6)
      const stored = yield* sql`SELECT count(*)::int AS n FROM responses WHERE prompt_id = ANY(${promptIds}::bigint[])`
      expect(stored[0]?.["n"]).toBe(6)
    }))

  it.scoped("a run whose lease expired (dead worker) is taken over; an answer it already stored is not duplicated", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const fake = yield* openAiFake
      const { promptIds: [first = 0, second = 0] } = yield* seedBrand({ engines: ["chat_gpt"], prompts: 2 })
      // A dead worker claimed both slots; it had already stored the second one's answer.
      yield* sql`UPDATE prompts SET next_run_at = now() + interval '1 day' WHERE id IN (${first}, ${second})`
      yield* sql`
        INSERT INTO prompt_runs (prompt_id, engine, slot, status, attempts, worker_id, lease_until, started_at)
        VALUES (${first}, 'chat_gpt', '2026-01-01T00:00:00Z', 'running', 1, 'dead-worker', now() - interval '1 minute', now()),
               (${second}, 'chat_gpt', '2026-01-01T00:00:00Z', 'running', 1, 'dead-worker', now() - interval '1 minute', now())`
      // and a live worker holds a third run whose lease has not expired: it must be left alone
      const [third = 0] = (yield* seedBrand({ engines: ["chat_gpt"] })).promptIds
      yield* sql`UPDATE prompts SET next_run_at = now() + interval '1 day' WHERE id = ${third}`
      yield* sql`
        INSERT INTO prompt_runs (prompt_id, engine, slot, status, attempts, worker_id, lease_until, started_at)
        VALUES (${third}, 'chat_gpt', '2026-01-01T00:00:00Z', 'running', 1, 'live-worker', now() + interval '5 minutes', now())`
      const engines = enginesLayer({ openai: fake.baseUrl })
      yield* Worker.run(settings({ workerId: "worker-a" }), { once: true }).pipe(Effect.provide(engines))
      // The dead worker's answer for the second prompt, stored under the slot's idempotency key:
      // simulate it by running the second slot once more after resetting the run.
      const before = yield* sql`SELECT count(*)::int AS n FROM responses WHERE prompt_id = ${second}`
      yield* sql`
        UPDATE prompt_runs SET status = 'running', worker_id = 'dead-worker', lease_until = now() - interval '1 second'
        WHERE prompt_id = ${second}`
      yield* Worker.run(settings({ workerId: "worker-b" }), { once: true }).pipe(Effect.provide(engines))
      const after = yield* sql`SELECT count(*)::int AS n FROM responses WHERE prompt_id = ${second}`
      expect(before[0]?.["n"]).toBe(1)
      expect(after[0]?.["n"]).toBe(1)

      const runs = yield* runsOf([first, second, third])
      expect(runs.map((r) => [r["status"], r["worker_id"], r["attempts"]])).toEqual([
        ["succeeded", "worker-a", 2],
        ["succeeded", "worker-b", 3],
        ["running", "live-worker", 1]
      ])
      expect(runs[1]?.["response_id"]).not.toBeNull()
    }))

  it.scoped("a run taken over too often is failed as abandoned", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const fake = yield* openAiFake
      const { promptId } = yield* seedBrand({ engines: ["chat_gpt"] })
      yield* sql`UPDATE prompts SET next_run_at = now() + interval '1 day' WHERE id = ${promptId}`
      yield* sql`
        INSERT INTO prompt_runs (prompt_id, engine, slot, status, attempts, worker_id, lease_until)
        VALUES (${promptId}, 'chat_gpt', now() - interval '1 hour', 'running', 3, 'crashy', now() - interval '1 second')`
      yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({ openai: fake.baseUrl })))
      const runs = yield* runsOf([promptId])
      expect(runs[0]).toMatchObject({ status: "failed", error_code: "abandoned" })
      expect(fake.requests).toHaveLength(0)
    }))

  it.scoped("a terminal failure is recorded and listed; a transient one is re-queued with a delay", () =>
    Effect.gen(function*() {
      const fake = yield* openAiFake
      const quota = yield* seedBrand({ engines: ["chat_gpt"] })
      fake.enqueue("insufficient_quota")
      yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({ openai: fake.baseUrl })))
      expect((yield* runsOf([quota.promptId]))[0]).toMatchObject({ status: "failed", error_code: "quota_exhausted", attempts: 1 })
      const failed = yield* Effect.flatMap(Runs, (runs) => runs.list({ failedOnly: true, brandId: quota.brandId }))
      expect(failed.map((run) => [run.promptId, run.errorCode])).toEqual([[quota.promptId, "quota_exhausted"]])
      expect(failed[0]?.errorMessage).toContain("exceeded your current quota")

      const transient = yield* seedBrand({ engines: ["chat_gpt"] })
      fake.enqueue("server_error", "server_error", "server_error")
      yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({ openai: fake.baseUrl })))
      expect((yield* runsOf([transient.promptId]))[0]).toMatchObject({
        status: "pending", error_code: "server_error", attempts: 1, worker_id: null, delayed: true
      })
    }))

  it.scoped("a prompt on an unconfigured engine is skipped, not failed; no AI answer is skipped too", () =>
    Effect.gen(function*() {
      const openai = yield* openAiFake
      const serp = yield* Effect.acquireRelease(Effect.promise(SerpApiFake.start), (f) => Effect.promise(() => f.close()))
      const { promptId } = yield* seedBrand({ engines: ["chat_gpt", "perplexity", "google_ai"] })
      serp.enqueue("no_results")
      yield* Worker.run(settings(), { once: true }).pipe(
        Effect.provide(enginesLayer({ openai: openai.baseUrl, serpapi: serp.baseUrl }))
      )
      const runs = yield* runsOf([promptId])
      expect(runs.map((r) => [r["engine"], r["status"], r["error_code"]])).toEqual([
        ["chat_gpt", "succeeded", null],
        ["google_ai", "skipped", "no_answer"],
        ["perplexity", "skipped", "engine_disabled"]
      ])
    }))

  it.scoped("a worker without any of a prompt's engines leaves it due: setting the key later runs it at once", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const openai = yield* openAiFake
      const { promptId } = yield* seedBrand({ engines: ["chat_gpt"] })
      const nextRun = sql`SELECT next_run_at FROM prompts WHERE id = ${promptId}`
      const [before] = yield* nextRun
      yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({})))
      expect(yield* runsOf([promptId])).toEqual([])
      expect((yield* nextRun)[0]).toEqual(before)
      yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({ openai: openai.baseUrl })))
      expect((yield* runsOf([promptId])).map((r) => [r["engine"], r["status"]])).toEqual([["chat_gpt", "succeeded"]])
    }))

  it.scoped("a run skipped for want of an engine key is collected by the next worker that has the key, in the same slot", () =>
    Effect.gen(function*() {
      const openai = yield* openAiFake
      const perplexity = yield* Effect.acquireRelease(Effect.promise(PerplexityFake.start), (f) => Effect.promise(() => f.close()))
      const { promptId } = yield* seedBrand({ engines: ["chat_gpt", "perplexity"] })
      yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({ openai: openai.baseUrl })))
      expect((yield* runsOf([promptId])).map((r) => [r["engine"], r["status"], r["error_code"]])).toEqual([
        ["chat_gpt", "succeeded", null],
        ["perplexity", "skipped", "engine_disabled"]
      ])
      yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({ perplexity: perplexity.baseUrl })))
      expect((yield* runsOf([promptId])).map((r) => [r["engine"], r["status"], r["error_code"], r["error_message"]])).toEqual([
        ["chat_gpt", "succeeded", null, null],
        ["perplexity", "succeeded", null, null]
      ])
    }))

  it.scoped("interrupting the worker (SIGTERM) releases its in-flight run", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const fake = yield* Effect.acquireRelease(Effect.promise(PerplexityFake.start), (f) => Effect.promise(() => f.close()))
      const { promptId } = yield* seedBrand({ engines: ["perplexity"] })
      fake.enqueue("timeout")
      const fiber = yield* Worker.run(settings({ workerId: "worker-term" }), { once: false }).pipe(
        Effect.provide(enginesLayer({ perplexity: fake.baseUrl })),
        Effect.fork
      )
      // wait until the run is in flight
      for (let i = 0; i < 100 && fake.requests.length === 0; i++) yield* Effect.sleep("20 millis")
      expect((yield* runsOf([promptId]))[0]).toMatchObject({ status: "running", worker_id: "worker-term" })
      yield* Fiber.interrupt(fiber)
      expect((yield* runsOf([promptId]))[0]).toMatchObject({ status: "pending", worker_id: null, attempts: 0 })
      const lease = yield* sql`SELECT lease_until FROM prompt_runs WHERE prompt_id = ${promptId}`
      expect(lease[0]?.["lease_until"]).toBeNull()
    }))
})
