import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import type { ActionPlan } from "@sightline/domain/ActionPlanner"
import type { ResponseAnalysis } from "@sightline/domain/analysis/ResponseAnalysis"
import { WebhookEvent } from "@sightline/domain/WebhookEvents"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { ActionPlans } from "../src/ActionPlans.js"
import { Brands } from "../src/Brands.js"
import { Competitors } from "../src/Competitors.js"
import { Prompts } from "../src/Prompts.js"
import { type RecordResponse, ResponseStore } from "../src/ResponseStore.js"
import { Runs } from "../src/Runs.js"
import { WebhookDeliveries } from "../src/WebhookDeliveries.js"
import { subscribed } from "../src/WebhookOutbox.js"
import { Webhooks } from "../src/Webhooks.js"
import { Workspaces } from "../src/Workspaces.js"
import { TestDatabase } from "../test-support/TestDatabase.js"

const Live = Layer.mergeAll(
  Workspaces.Default,
  Brands.Default,
  Competitors.Default,
  Prompts.Default,
  ResponseStore.Default,
  Runs.Default,
  ActionPlans.Default,
  Webhooks.Default,
  WebhookDeliveries.Default
).pipe(Layer.provideMerge(TestDatabase))

let n = 0
const brandIn = (workspaceId: number, name: string) =>
  Effect.gen(function*() {
    const brand = yield* Brands.create({ workspaceId, name, website: "https://acme.example", country: "US", language: "en" })
    const rival = yield* Competitors.add({ brandId: brand.id, name: `${name} Rival`, website: "https://rival.example" })
    const prompt = yield* Prompts.add({ brandId: brand.id, text: `best crm for ${name}`, models: ["perplexity"] })
    return { brandId: brand.id, rivalId: rival.id, promptId: prompt.id }
  })

/** Two workspaces: A with brands a1 and a2, B with brand b; and C, which has no webhook. */
const setup = Effect.gen(function*() {
  const i = ++n
  const a = yield* Workspaces.create(`Outbox A ${i}`)
  const b = yield* Workspaces.create(`Outbox B ${i}`)
  const c = yield* Workspaces.create(`Outbox C ${i}`)
  const a1 = yield* brandIn(a.id, "A one")
  const a2 = yield* brandIn(a.id, "A two")
  const b1 = yield* brandIn(b.id, "B one")
  const c1 = yield* brandIn(c.id, "C one")
  const all = ["response.collected", "run.failed", "visibility.changed", "action_plan.updated"]
  const wholeA = yield* Webhooks.add({ workspaceId: a.id, url: "https://a.example/hook", events: all })
  const onlyA2 = yield* Webhooks.add({ workspaceId: a.id, url: "https://a2.example/hook", events: all, brandId: a2.brandId })
  const runsOnlyA = yield* Webhooks.add({ workspaceId: a.id, url: "https://a-runs.example/hook", events: ["run.failed"] })
  const wholeB = yield* Webhooks.add({ workspaceId: b.id, url: "https://b.example/hook", events: all })
  return { a1, a2, b1, c1, hooks: { wholeA: wholeA.id, onlyA2: onlyA2.id, runsOnlyA: runsOnlyA.id, wholeB: wholeB.id } }
})

const analysis = (rivalId: number): ResponseAnalysis => ({
  brand: { mentioned: true, position: 2, sentiment: 71.5 },
  competitors: [{ competitorId: rivalId, position: 1, sentiment: 40 }],
  citations: [],
  searchQueries: [],
  analyserVersion: 2,
  judge: { kind: "local", model: null, fallback: null }
})

const response = (brand: { readonly promptId: number; readonly rivalId: number }, key: string): RecordResponse => ({
  idempotencyKey: key,
  promptId: brand.promptId,
  engine: "perplexity",
  model: "sonar",
  collectedAt: new Date("2026-01-02T10:00:00Z"),
  markdown: "Rival and Acme",
  text: "Rival and Acme",
  payload: {},
  analysis: analysis(brand.rivalId)
})

const Row = Schema.Struct({ webhookId: Schema.Number, eventType: Schema.String, eventKey: Schema.String, payload: Schema.Unknown })
const deliveriesFor = (webhookIds: ReadonlyArray<number>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql`
      SELECT webhook_id AS "webhookId", event_type AS "eventType", event_key AS "eventKey", payload
      FROM webhook_deliveries WHERE webhook_id = ANY(${webhookIds}::bigint[]) ORDER BY id`
    return yield* Schema.decodeUnknown(Schema.Array(Row))(rows)
  }).pipe(Effect.orDie)

const hooksOf = (s: Effect.Effect.Success<typeof setup>) => Object.values(s.hooks)

layer(Live, { excludeTestServices: true })("webhook outbox", (it) => {
  it.effect("response.collected: one row per matching webhook, in the workspace and brand scope, never twice", () =>
    Effect.gen(function*() {
      const s = yield* setup
      const [first] = yield* ResponseStore.recordMany([response(s.a1, `a1-${n}`), response(s.b1, `b1-${n}`), response(s.c1, `c1-${n}`)])
      yield* ResponseStore.record(response(s.a1, `a1-${n}`))
      const rows = yield* deliveriesFor(hooksOf(s))
      // a1's answer reaches only A's workspace-wide webhook (not a2's, not the runs-only one, not B's);
      // b1's only B's; c1 (no webhook in its workspace) writes nothing.
      expect(rows.map((r) => [r.webhookId, r.eventType])).toEqual([
        [s.hooks.wholeA, "response.collected"],
        [s.hooks.wholeB, "response.collected"]
      ])
      const event = yield* Schema.decodeUnknown(WebhookEvent)(rows[0]?.payload)
      expect(event.type).toBe("response.collected")
      expect(event.data).toMatchObject({
        brand_id: s.a1.brandId,
        prompt_id: s.a1.promptId,
        response_id: first?.responseId,
        ai_model: "perplexity",
        model: "sonar",
        collected_at: "2026-01-02T10:00:00.000Z",
        brand_mentioned: true,
        brand_position: 2,
        brand_sentiment: 71.5,
        competitors_mentioned: [s.a1.rivalId]
      })
      const all = yield* (yield* SqlClient.SqlClient)`SELECT count(*)::int AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id JOIN brands b ON b.workspace_id = w.workspace_id WHERE b.id = ${s.c1.brandId}`
      expect(all[0]?.["n"]).toBe(0)
    }))

  it.effect("the outbox row shares the answer's transaction: a rolled-back write leaves neither", () =>
    Effect.gen(function*() {
      const s = yield* setup
      const sql = yield* SqlClient.SqlClient
      const exit = yield* sql.withTransaction(Effect.gen(function*() {
        yield* ResponseStore.record(response(s.a1, `rollback-${n}`))
        return yield* Effect.fail("boom")
      })).pipe(Effect.exit)
      expect(Exit.isFailure(exit)).toBe(true)
      expect(yield* deliveriesFor(hooksOf(s))).toEqual([])
      const stored = yield* sql`SELECT count(*)::int AS n FROM responses WHERE idempotency_key = ${`rollback-${n}`}`
      expect(stored[0]?.["n"]).toBe(0)
    }))

  it.effect("run.failed is written by the statement that fails the run, once; a skipped run announces nothing", () =>
    Effect.gen(function*() {
      const s = yield* setup
      const sql = yield* SqlClient.SqlClient
      const runs = yield* Runs
      yield* sql`UPDATE prompts SET next_run_at = now() - interval '1 minute' WHERE id IN (${s.a1.promptId}, ${s.a2.promptId})`
      yield* runs.scheduleDue({ enabled: ["perplexity"] })
      const claim = runs.claim({ workerId: "w", engine: "perplexity", leaseSeconds: 30, maxAttempts: 3 }).pipe(Effect.map(Option.getOrThrow))
      const both = [yield* claim, yield* claim]
      const run = both.find((r) => r.promptId === s.a2.promptId)!
      const skipped = both.find((r) => r.promptId === s.a1.promptId)!
      expect(yield* runs.skip(skipped.runId, "w", { code: "no_answer", message: "empty" })).toBe(true)
      expect(yield* runs.fail(run.runId, "w", { code: "http_400", message: "bad request" })).toBe(true)
      expect(yield* runs.fail(run.runId, "w", { code: "http_400", message: "bad request" })).toBe(false)
      const rows = yield* deliveriesFor(hooksOf(s))
      // a2's run: A's workspace webhook, a2's own and the runs-only one; not B's. a1's skip: nothing.
      expect(rows.map((r) => r.webhookId).sort()).toEqual([s.hooks.wholeA, s.hooks.onlyA2, s.hooks.runsOnlyA].sort())
      const event = yield* Schema.decodeUnknown(WebhookEvent)(rows[0]?.payload)
      expect(event).toMatchObject({
        type: "run.failed",
        data: { run_id: run.runId, prompt_id: s.a2.promptId, ai_model: "perplexity", error_code: "http_400", attempts: 1 }
      })
    }))

  it.effect("action_plan.updated when a plan is new or its actions change, not when a refresh keeps them", () =>
    Effect.gen(function*() {
      const s = yield* setup
      const plans = yield* ActionPlans
      const plan = (titles: ReadonlyArray<string>): ActionPlan => ({
        insightsSummary: `summary ${titles.length}`,
        actions: titles.map((title) => ({
          title,
          description: "d",
          priority: "high",
          category: "content",
          evidence: { metric: "visibility" }
        }))
      })
      yield* plans.save(s.a2.promptId, plan(["One"]))
      yield* plans.save(s.a2.promptId, { ...plan(["One"]), insightsSummary: "counts moved" })
      yield* plans.save(s.a2.promptId, plan(["One", "Two"]))
      const rows = (yield* deliveriesFor(hooksOf(s))).filter((r) => r.webhookId === s.hooks.onlyA2)
      expect(rows.map((r) => r.eventType)).toEqual(["action_plan.updated", "action_plan.updated"])
      const last = yield* Schema.decodeUnknown(WebhookEvent)(rows[1]?.payload)
      expect(last).toMatchObject({
        type: "action_plan.updated",
        data: { prompt_id: s.a2.promptId, brand_id: s.a2.brandId, actions: [{ title: "One" }, { title: "Two" }] }
      })
    }))

  it.effect("deliveries are claimed once (SKIP LOCKED), held while sent, and settled only by the current attempt", () =>
    Effect.gen(function*() {
      const s = yield* setup
      const sql = yield* SqlClient.SqlClient
      const deliveries = yield* WebhookDeliveries
      yield* sql`DELETE FROM webhook_deliveries`
      yield* ResponseStore.recordMany([response(s.a1, `c1-${n}`), response(s.a1, `c2-${n}`)])
      const [x, y, none] = yield* Effect.all([deliveries.claim(60_000), deliveries.claim(60_000), deliveries.claim(60_000)], {
        concurrency: "unbounded"
      })
      const claimed = [x, y, none].filter(Option.isSome).map((o) => o.value)
      expect(claimed).toHaveLength(2)
      expect(new Set(claimed.map((c) => c.id)).size).toBe(2)
      const first = claimed[0]!
      expect(first.attempt).toBe(1)
      expect(first.secrets).toHaveLength(1)
      expect(first.messageId).toMatch(/^msg_[0-9a-f]{32}$/)
      // The claim ran out (the worker died): due again, same message id, attempt 2.
      yield* sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = ${first.id}`
      const again = Option.getOrThrow(yield* deliveries.claim(60_000))
      expect([again.id, again.messageId, again.attempt]).toEqual([first.id, first.messageId, 2])
      expect(yield* deliveries.delivered(first, 200)).toBe(false)
      expect(yield* deliveries.delivered(again, 200)).toBe(true)
      const [row] = yield* sql`SELECT status, attempts, last_status FROM webhook_deliveries WHERE id = ${first.id}`
      expect(row).toEqual({ status: "delivered", attempts: 2, last_status: 200 })
    }))

  it.effect("add refuses unknown or missing events and a brand of another workspace; remove and rotate name a missing webhook", () =>
    Effect.gen(function*() {
      const s = yield* setup
      const sql = yield* SqlClient.SqlClient
      const [owner] = yield* sql<{ workspaceId: number }>`SELECT workspace_id AS "workspaceId" FROM brands WHERE id = ${s.a1.brandId}`
      const workspaceId = Number(owner?.workspaceId)
      const url = "https://x.example/hook"
      const unknown = yield* Effect.flip(Webhooks.add({ workspaceId, url, events: ["response.collected", "nope"] }))
      expect(unknown.message).toContain('unknown event "nope"')
      const none = yield* Effect.flip(Webhooks.add({ workspaceId, url, events: [] }))
      expect(none.message).toContain("none given")
      const foreign = yield* Effect.flip(Webhooks.add({ workspaceId, url, events: ["run.failed"], brandId: s.b1.brandId }))
      expect(foreign._tag).toBe("BrandNotInWorkspace")
      expect((yield* Effect.flip(Webhooks.remove(999_999)))._tag).toBe("WebhookNotFound")
      expect((yield* Effect.flip(Webhooks.rotateSecret(999_999)))._tag).toBe("WebhookNotFound")
    }))

  it.effect("a workspace-wide webhook alone gets the answer; a brand-filtered one of another brand alone does not", () =>
    Effect.gen(function*() {
      const i = ++n
      const wide = yield* Workspaces.create(`Outbox wide ${i}`)
      const narrow = yield* Workspaces.create(`Outbox narrow ${i}`)
      const w1 = yield* brandIn(wide.id, "W one")
      const n1 = yield* brandIn(narrow.id, "N one")
      const n2 = yield* brandIn(narrow.id, "N two")
      const wideHook = yield* Webhooks.add({ workspaceId: wide.id, url: "https://w.example/hook", events: ["response.collected"] })
      const otherBrandHook = yield* Webhooks.add({
        workspaceId: narrow.id,
        url: "https://n.example/hook",
        events: ["response.collected"],
        brandId: n2.brandId
      })
      yield* ResponseStore.recordMany([response(w1, `wide-${i}`), response(n1, `narrow-${i}`)])
      const rows = yield* deliveriesFor([wideHook.id, otherBrandHook.id])
      expect(rows.map((r) => [r.webhookId, r.eventType])).toEqual([[wideHook.id, "response.collected"]])
      // The INSERT's own check: only w1's answers cost an outbox statement.
      const sql = yield* SqlClient.SqlClient
      const flags = yield* sql<{ brandId: number; subscribed: boolean }>`
        SELECT r.brand_id AS "brandId", ${subscribed(sql, "response.collected", sql`r.brand_id`)} AS subscribed
        FROM responses r WHERE r.idempotency_key IN (${`wide-${i}`}, ${`narrow-${i}`}) ORDER BY r.id`
      expect(flags.map((f) => [Number(f.brandId), f.subscribed])).toEqual([[w1.brandId, true], [n1.brandId, false]])
    }))
})
