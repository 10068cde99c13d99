import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import type { ResponseAnalysis } from "@sightline/domain/analysis/ResponseAnalysis"
import { WebhookEvent } from "@sightline/domain/WebhookEvents"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { Brands } from "../src/Brands.js"
import { Prompts } from "../src/Prompts.js"
import { type RecordResponse, ResponseStore } from "../src/ResponseStore.js"
import { VisibilityChanges } from "../src/VisibilityChanges.js"
import { Webhooks } from "../src/Webhooks.js"
import { Workspaces } from "../src/Workspaces.js"
import { TestDatabase } from "../test-support/TestDatabase.js"

const Live = Layer.mergeAll(Workspaces.Default, Brands.Default, Prompts.Default, ResponseStore.Default, Webhooks.Default, VisibilityChanges.Default)
  .pipe(Layer.provideMerge(TestDatabase))

const analysis = (mentioned: boolean): ResponseAnalysis => ({
  brand: mentioned ? { mentioned: true, position: 1, sentiment: 70 } : { mentioned: false, position: null, sentiment: null },
  competitors: [],
  citations: [],
  searchQueries: [],
  analyserVersion: 2,
  judge: { kind: "local", model: null, fallback: null }
})

/** `total` answers to the prompt on `day`, `mentioned` of them naming the brand. */
const answers = (promptId: number, day: string, total: number, mentioned: number): ReadonlyArray<RecordResponse> =>
  Array.from({ length: total }, (_, i) => ({
    idempotencyKey: `vis:${promptId}:${day}:${i}`,
    promptId,
    engine: "perplexity",
    model: null,
    collectedAt: new Date(`${day}T${String(i % 24).padStart(2, "0")}:30:00Z`),
    markdown: "answer",
    text: "answer",
    payload: {},
    analysis: analysis(i < mentioned)
  }))

let n = 0
const brandWithPrompt = (workspaceId: number) =>
  Effect.gen(function*() {
    const brand = yield* Brands.create({ workspaceId, name: `Vis ${++n}`, website: "https://acme.example", country: "US", language: "en" })
    const prompt = yield* Prompts.add({ brandId: brand.id, text: "best crm", models: ["perplexity"] })
    return { brandId: brand.id, promptId: prompt.id }
  })

const Delivery = Schema.Struct({ webhookId: Schema.Number, eventKey: Schema.String, payload: Schema.Unknown })

layer(Live, { excludeTestServices: true })("visibility.changed detection", (it) => {
  it.effect("a significant move of the closed day is enqueued once per brand and prompt; noise and unsubscribed brands are not", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const watched = yield* Workspaces.create("vis watched")
      const quiet = yield* Workspaces.create("vis unsubscribed")
      const moved = yield* brandWithPrompt(watched.id)
      const noisy = yield* brandWithPrompt(watched.id)
      const unwatched = yield* brandWithPrompt(quiet.id)
      const hook = yield* Webhooks.add({ workspaceId: watched.id, url: "https://hooks.example/in", events: ["visibility.changed"] })

      // 8 of 40, then 30 of 40 (z = 4.9); the noisy brand: 2 of 5, then 4 of 5 (too few answers);
      // the unsubscribed brand moves as much as the first.
      yield* ResponseStore.recordMany([
        ...answers(moved.promptId, "2026-11-20", 40, 8),
        ...answers(moved.promptId, "2026-11-21", 40, 30),
        ...answers(noisy.promptId, "2026-11-20", 5, 2),
        ...answers(noisy.promptId, "2026-11-21", 5, 4),
        ...answers(unwatched.promptId, "2026-11-20", 40, 8),
        ...answers(unwatched.promptId, "2026-11-21", 40, 30)
      ])

      const found = yield* (yield* VisibilityChanges).detect({ day: "2026-11-21" })
      const again = yield* (yield* VisibilityChanges).detect({ day: "2026-11-21" })
      expect([found, again]).toEqual([2, 2])
      const rows = yield* sql`
        SELECT webhook_id AS "webhookId", event_key AS "eventKey", payload FROM webhook_deliveries ORDER BY event_key`.pipe(
        Effect.flatMap(Schema.decodeUnknown(Schema.Array(Delivery)))
      )
      expect(rows.map((r) => [r.webhookId, r.eventKey])).toEqual([
        [hook.id, `visibility.changed:brand:${moved.brandId}:visibility:2026-11-21`],
        [hook.id, `visibility.changed:prompt:${moved.promptId}:visibility:2026-11-21`]
      ])
      const event = yield* Schema.decodeUnknown(WebhookEvent)(rows[0]?.payload)
      expect(event).toMatchObject({
        type: "visibility.changed",
        data: {
          workspace_id: watched.id,
          brand_id: moved.brandId,
          prompt_id: null,
          metric: "visibility",
          direction: "up",
          current: { date: "2026-11-21", successes: 30, trials: 40, value: 75 },
          previous: { date: "2026-11-20", successes: 8, trials: 40, value: 20 },
          change: 55
        }
      })
      // The day after: nothing moved against 2026-11-21 (no answers on the 22nd), nothing fires.
      expect(yield* (yield* VisibilityChanges).detect({ day: "2026-11-22" })).toBe(0)
    }))
})
