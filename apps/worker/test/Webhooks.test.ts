import * as SqlClient from "@effect/sql/SqlClient"
import { expect, layer } from "@effect/vitest"
import { WebhookEvent } from "@sightline/domain/WebhookEvents"
import { VisibilityChanges } from "@sightline/sql/VisibilityChanges"
import { WebhookDeliveries } from "@sightline/sql/WebhookDeliveries"
import { Webhooks } from "@sightline/sql/Webhooks"
import { defaultRetryPolicy } from "@sightline/webhooks/RetryPolicy"
import * as Sender from "@sightline/webhooks/Sender"
import type { WebhookSettings } from "@sightline/webhooks/Settings"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as OpenAiFake from "../../../packages/engines/test/fakes/OpenAiFake.js"
import * as Receiver from "../../../packages/webhooks/test-support/Receiver.js"
import * as Delivery from "../src/Delivery.js"
import * as Worker from "../src/Worker.js"
import { enginesLayer, seedBrand, settings, WorkerTestLayer } from "./support.js"

const hookSettings = (overrides: Partial<WebhookSettings> = {}): WebhookSettings => ({
  allowPrivate: true,
  timeoutMs: 2_000,
  retry: { baseMs: 50, maxDelayMs: 200, windowMs: 60_000 },
  concurrency: 2,
  visibilityCheckIntervalMs: 60_000,
  retentionDays: 30,
  ...overrides
})

const TestLayer = Layer.mergeAll(WebhookDeliveries.Default, Webhooks.Default, VisibilityChanges.Default).pipe(Layer.provideMerge(WorkerTestLayer))

const withFake = Effect.acquireRelease(Effect.promise(OpenAiFake.start), (fake) => Effect.promise(() => fake.close()))

/** Delivers what is due now (once), with the given settings. */
const deliverDue = (options: Partial<WebhookSettings> = {}) =>
  Delivery.run(hookSettings(options), { pollIntervalMs: 20, once: true }).pipe(Effect.provide(Sender.layer(hookSettings(options))))

/** Delivers (polling) until no delivery is pending any more, at most `ms`. */
const deliverUntilSettled = (options: Partial<WebhookSettings> = {}, ms = 20_000) =>
  Effect.raceFirst(
    Delivery.run(hookSettings(options), { pollIntervalMs: 20, once: false }).pipe(Effect.provide(Sender.layer(hookSettings(options)))),
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const started = Date.now()
      while (Date.now() - started < ms) {
        const [pending] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`
        if (pending?.n === 0) return
        yield* Effect.sleep("20 millis")
      }
    })
  )

const ALL = ["response.collected", "run.failed", "visibility.changed", "action_plan.updated"]

const delivery = (webhookId: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`SELECT status, attempts, last_status, last_error, message_id FROM webhook_deliveries WHERE webhook_id = ${webhookId} ORDER BY id`)

layer(TestLayer, { timeout: 60_000, excludeTestServices: true })("webhook delivery by the worker", (it) => {
  it.scoped("a collected answer reaches its workspace's receiver, signed and verified; another workspace's receiver gets nothing", () =>
    Effect.gen(function*() {
      const fake = yield* withFake
      const mine = yield* seedBrand({ engines: ["chat_gpt"] })
      const other = yield* seedBrand({ engines: ["chat_gpt"] })
      const ours = yield* Receiver.start({ secret: "whsec_placeholder" })
      const theirs = yield* Receiver.start({ secret: "whsec_placeholder" })
      const hook = yield* Webhooks.add({ workspaceId: mine.workspaceId, url: ours.url, events: ALL })
      const foreign = yield* Webhooks.add({ workspaceId: other.workspaceId, url: theirs.url, events: ALL })
      // A brand-filtered hook of the other workspace pointing at our brand is impossible (BrandNotInWorkspace),
      // so scope is by workspace; the other workspace's own brand has no run due.
      yield* (yield* SqlClient.SqlClient)`UPDATE prompts SET active = false WHERE brand_id = ${other.brandId}`
      ours.setSecret(hook.secret)
      theirs.setSecret(foreign.secret)

      yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({ openai: fake.baseUrl })))
      yield* deliverDue()

      const events = ours.unique().map((r) => Schema.decodeUnknownSync(WebhookEvent)(r.payload))
      expect(ours.requests.every((r) => r.verified)).toBe(true)
      expect(events.map((e) => e.type).sort()).toEqual(["action_plan.updated", "response.collected"])
      const collected = events.find((e) => e.type === "response.collected")
      expect(collected?.data).toMatchObject({ workspace_id: mine.workspaceId, brand_id: mine.brandId, prompt_id: mine.promptId, ai_model: "chat_gpt" })
      expect(theirs.requests).toEqual([])
      const rows = yield* delivery(hook.id)
      expect(rows.map((r) => [r["status"], r["attempts"]])).toEqual([["delivered", 1], ["delivered", 1]])
    }))

  it.scoped("a failed run is announced as run.failed", () =>
    Effect.gen(function*() {
      const fake = yield* withFake
      fake.enqueue("unauthorized")
      const brand = yield* seedBrand({ engines: ["chat_gpt"] })
      const receiver = yield* Receiver.start({ secret: "whsec_placeholder" })
      const hook = yield* Webhooks.add({ workspaceId: brand.workspaceId, url: receiver.url, events: ["run.failed"] })
      receiver.setSecret(hook.secret)
      yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({ openai: fake.baseUrl })))
      yield* deliverDue()
      expect(receiver.unique().map((r) => Schema.decodeUnknownSync(WebhookEvent)(r.payload))).toMatchObject([
        { type: "run.failed", data: { prompt_id: brand.promptId, ai_model: "chat_gpt", error_code: "auth" } }
      ])
    }))

  it.scoped("a receiver answering 500 gets retries with backoff, under the same webhook-id, until it accepts", () =>
    Effect.gen(function*() {
      const fake = yield* withFake
      const brand = yield* seedBrand({ engines: ["chat_gpt"] })
      const receiver = yield* Receiver.start({ secret: "whsec_placeholder" })
      const hook = yield* Webhooks.add({ workspaceId: brand.workspaceId, url: receiver.url, events: ["response.collected"] })
      receiver.setSecret(hook.secret)
      receiver.enqueue(500, 503, 500)
      yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({ openai: fake.baseUrl })))
      yield* deliverUntilSettled()
      expect(receiver.requests).toHaveLength(4)
      expect(new Set(receiver.requests.map((r) => r.id)).size).toBe(1)
      expect(receiver.requests.every((r) => r.verified)).toBe(true)
      const [row] = yield* delivery(hook.id)
      expect(row).toMatchObject({ status: "delivered", attempts: 4, last_status: 204 })
    }))

  it.scoped("after the retry window the delivery is marked failed; a private target is failed at once when not allowed", () =>
    Effect.gen(function*() {
      const brand = yield* seedBrand({ engines: ["chat_gpt"] })
      const sql = yield* SqlClient.SqlClient
      const down = yield* Receiver.start({ secret: "whsec_placeholder", otherwise: 500 })
      const hook = yield* Webhooks.add({ workspaceId: brand.workspaceId, url: down.url, events: ["run.failed"] })
      const enqueue = (webhookId: number, key: string) =>
        sql`INSERT INTO webhook_deliveries (webhook_id, event_type, event_key, payload)
            VALUES (${webhookId}, 'run.failed', ${key}, '{"type":"run.failed"}')`
      yield* enqueue(hook.id, "k1")
      const window = { retry: { ...defaultRetryPolicy, baseMs: 50, maxDelayMs: 100, windowMs: 700 } }
      yield* deliverUntilSettled(window)
      const [failed] = yield* delivery(hook.id)
      expect(failed).toMatchObject({ status: "failed", last_status: 500 })
      expect(Number(failed?.["attempts"])).toBeGreaterThanOrEqual(3)
      expect(down.requests.length).toBe(Number(failed?.["attempts"]))

      const privateHook = yield* Webhooks.add({ workspaceId: brand.workspaceId, url: down.url, events: ["run.failed"] })
      yield* enqueue(privateHook.id, "k2")
      const before = down.requests.length
      yield* deliverDue({ allowPrivate: false })
      const [refused] = yield* delivery(privateHook.id)
      expect(refused).toMatchObject({ status: "failed", attempts: 1, last_status: null })
      expect(String(refused?.["last_error"])).toContain("loopback")
      expect(down.requests.length).toBe(before)
    }))

  it.scoped("finished deliveries older than WEBHOOKS_RETENTION_DAYS are deleted; pending and recent ones stay", () =>
    Effect.gen(function*() {
      const brand = yield* seedBrand({ engines: ["chat_gpt"] })
      const sql = yield* SqlClient.SqlClient
      const receiver = yield* Receiver.start({ secret: "whsec_placeholder" })
      const hook = yield* Webhooks.add({ workspaceId: brand.workspaceId, url: receiver.url, events: ["run.failed"] })
      const row = (key: string, status: string, finishedDaysAgo: number | null) =>
        sql`INSERT INTO webhook_deliveries (webhook_id, event_type, event_key, payload, status, next_attempt_at, finished_at)
            VALUES (${hook.id}, 'run.failed', ${key}, '{"type":"run.failed"}', ${status}, now() + interval '1 day',
                    CASE WHEN ${finishedDaysAgo}::int IS NULL THEN NULL ELSE now() - make_interval(days => ${finishedDaysAgo}::int) END)`
      yield* row("old-delivered", "delivered", 31)
      yield* row("old-failed", "failed", 40)
      yield* row("recent-delivered", "delivered", 29)
      yield* row("recent-failed", "failed", 0)
      yield* row("pending", "pending", null)

      yield* deliverDue({ retentionDays: 30 })
      const left = yield* sql<{ event_key: string }>`
        SELECT event_key FROM webhook_deliveries WHERE webhook_id = ${hook.id} ORDER BY event_key`
      expect(left.map((r) => r.event_key)).toEqual(["pending", "recent-delivered", "recent-failed"])
      expect(receiver.requests).toHaveLength(0)

      yield* deliverDue({ retentionDays: 1 })
      const after = yield* sql<{ event_key: string }>`
        SELECT event_key FROM webhook_deliveries WHERE webhook_id = ${hook.id} ORDER BY event_key`
      expect(after.map((r) => r.event_key)).toEqual(["pending", "recent-failed"])
    }))
})
