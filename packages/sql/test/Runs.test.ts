import * as SqlClient from "@effect/sql/SqlClient"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { idempotencyKey, Runs } from "../src/Runs.js"
import { TestDatabase } from "../test-support/TestDatabase.js"

const Id = Schema.Struct({ id: Schema.Number })
const insertId = (rows: ReadonlyArray<unknown>) =>
  Schema.decodeUnknown(Schema.Array(Id))(rows).pipe(Effect.map((r) => r[0]?.id ?? 0), Effect.orDie)

let n = 0
const seedPrompt = (options: { readonly engines: ReadonlyArray<string>; readonly nextRunAt: string; readonly intervalSeconds: number; readonly active?: boolean }) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const i = n++
    const ws = yield* sql`INSERT INTO workspaces (name) VALUES (${`runs ws ${i}`}) RETURNING id`.pipe(Effect.flatMap(insertId))
    const brand = yield* sql`
      INSERT INTO brands (workspace_id, name, website, country_code, language_code, display_name)
      VALUES (${ws}, 'Acme', 'https://acme.example', 'US', 'en', 'Acme') RETURNING id`.pipe(Effect.flatMap(insertId))
    return yield* sql`
      INSERT INTO prompts (brand_id, text, engines, next_run_at, interval_seconds, active)
      VALUES (${brand}, 'best crm?', ${options.engines}::text[], ${options.nextRunAt}::timestamptz, ${options.intervalSeconds},
              ${options.active ?? true})
      RETURNING id`.pipe(Effect.flatMap(insertId))
  }).pipe(Effect.orDie)

const TestLayer = Runs.Default.pipe(Layer.provideMerge(TestDatabase))

layer(TestLayer, { excludeTestServices: true })("Runs", (it) => {
  it.effect("schedules each due slot once per engine and advances next_run_at by whole intervals past now", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const runs = yield* Runs
      // due 2.5 intervals ago: one run (the missed slots are not back-filled), next run 0.5 interval ahead
      const due = yield* seedPrompt({ engines: ["chat_gpt", "gemini"], nextRunAt: "now()", intervalSeconds: 3600 })
      yield* sql`UPDATE prompts SET next_run_at = now() - interval '150 minutes' WHERE id = ${due}`
      const notDue = yield* seedPrompt({ engines: ["chat_gpt"], nextRunAt: "2999-01-01T00:00:00Z", intervalSeconds: 3600 })
      const inactive = yield* seedPrompt({ engines: ["chat_gpt"], nextRunAt: "2000-01-01T00:00:00Z", intervalSeconds: 3600, active: false })

      const [before] = yield* sql`
        SELECT next_run_at, date_trunc('milliseconds', next_run_at) AS slot FROM prompts WHERE id = ${due}`
      const first = yield* runs.scheduleDue()
      const again = yield* runs.scheduleDue()
      expect(first.runsCreated).toBe(2)
      expect(again).toEqual({ runsCreated: 0, promptsAdvanced: 0 })

      const created = yield* sql`SELECT prompt_id, engine, slot, status FROM prompt_runs ORDER BY engine`
      expect(created.map((r) => [r["prompt_id"], r["engine"], r["status"]])).toEqual([[due, "chat_gpt", "pending"], [due, "gemini", "pending"]])
      expect(created[0]?.["slot"]).toEqual(before?.["slot"])
      const [after] = yield* sql`
        SELECT extract(epoch FROM next_run_at - ${before?.["next_run_at"]}::timestamptz)::int AS advanced_by FROM prompts WHERE id = ${due}`
      expect(after?.["advanced_by"]).toBe(3 * 3600)
      const others = yield* sql`SELECT count(*)::int AS n FROM prompt_runs WHERE prompt_id IN (${notDue}, ${inactive})`
      expect(others[0]?.["n"]).toBe(0)
    }))

  it.effect("claims are exclusive, guarded by worker id, and a released run is claimable again", () =>
    Effect.gen(function*() {
      const runs = yield* Runs
      const prompt = yield* seedPrompt({ engines: ["perplexity"], nextRunAt: "now()", intervalSeconds: 60 })
      yield* runs.scheduleDue()
      const options = { engine: "perplexity" as const, leaseSeconds: 60, maxAttempts: 3 }
      const a = yield* runs.claim({ ...options, workerId: "a" })
      const b = yield* runs.claim({ ...options, workerId: "b" })
      expect(Option.map(a, (r) => [r.promptId, r.attempts, r.countryCode, r.languageCode])).toEqual(Option.some([prompt, 1, "US", "en"]))
      expect(Option.isNone(b)).toBe(true)
      const run = Option.getOrThrow(a)
      expect(idempotencyKey(run)).toBe(`run:${prompt}:perplexity:${run.slot.toISOString()}`)
      expect(yield* runs.heartbeat(run.runId, "b", 60)).toBe(false)
      expect(yield* runs.succeed(run.runId, "b", 1)).toBe(false)
      expect(yield* runs.release(run.runId, "a")).toBe(true)
      const again = yield* runs.claim({ ...options, workerId: "b" })
      expect(Option.map(again, (r) => [r.runId, r.attempts])).toEqual(Option.some([run.runId, 1]))
      expect(yield* runs.slotSettled(prompt, run.slot)).toBe(false)
      expect(yield* runs.skip(run.runId, "b", { code: "no_answer", message: "none" })).toBe(true)
      expect(yield* runs.slotSettled(prompt, run.slot)).toBe(true)
    }))
})
