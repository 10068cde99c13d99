import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { ANALYSER_VERSION } from "@sightline/domain/analysis/ResponseAnalysis"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { ActionPlans } from "../src/ActionPlans.js"
import { Brands } from "../src/Brands.js"
import { Competitors } from "../src/Competitors.js"
import { Prompts } from "../src/Prompts.js"
import { ResponseStore } from "../src/ResponseStore.js"
import { Workspaces } from "../src/Workspaces.js"
import { TestDatabase } from "../test-support/TestDatabase.js"

const Live = Layer.mergeAll(
  Workspaces.Default,
  Brands.Default,
  Competitors.Default,
  Prompts.Default,
  ResponseStore.Default,
  ActionPlans.Default
).pipe(Layer.provideMerge(TestDatabase))

layer(Live, { timeout: 60_000 })("action plans from the stored answers", (it) => {
  it.effect("a brand always named second after the same competitor gets a head-to-head action", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* ResponseStore
      const plans = yield* ActionPlans
      const workspace = yield* Workspaces.create("Head to head")
      const brand = yield* Brands.create({
        workspaceId: workspace.id, name: "Acme", displayName: "Acme", website: "https://acme.example",
        country: "US", language: "en", aliases: []
      })
      const beta = yield* Competitors.add({ brandId: brand.id, name: "Beta", website: "https://beta.example", aliases: [] })
      const gamma = yield* Competitors.add({ brandId: brand.id, name: "Gamma", website: "https://gamma.example", aliases: [] })
      const prompt = yield* Prompts.add({ brandId: brand.id, text: "best CRM?" })
      // 12 answers: Beta first and Acme second every time; Gamma third in half of them.
      yield* store.recordMany(Array.from({ length: 12 }, (_, i) => ({
        idempotencyKey: `h2h-${i}`,
        promptId: prompt.id,
        engine: i % 3 === 0 ? "gemini" : "chat_gpt",
        model: null,
        collectedAt: new Date(Date.now() - (i + 1) * 3_600_000),
        markdown: "m",
        text: "t",
        payload: null,
        analysis: {
          brand: { mentioned: true, position: 2, sentiment: 70 },
          competitors: [
            { competitorId: beta.id, position: 1, sentiment: 70 },
            ...(i % 2 === 0 ? [{ competitorId: gamma.id, position: 3, sentiment: 60 }] : [])
          ],
          citations: [],
          searchQueries: [],
          analyserVersion: ANALYSER_VERSION,
          judge: { kind: "local", model: null, fallback: null }
        }
      })))
      const planId = yield* plans.refresh(prompt.id)
      expect(Option.isSome(planId)).toBe(true)
      const actions = yield* sql<{ title: string; priority: string; category: string; evidence: unknown }>`
        SELECT a.title, a.priority, a.category, a.evidence FROM actions a JOIN action_plans p ON p.id = a.action_plan_id
        WHERE p.prompt_id = ${prompt.id} ORDER BY a.ordinal`
      expect(actions.map((a) => [a.title, a.priority, a.category])).toEqual([
        ["Get Acme named before Beta in answers to \"best CRM?\"", "high", "positioning"]
      ])
      expect(actions[0]?.evidence).toEqual({
        competitor: "Beta",
        answers_naming_both: 12,
        competitor_named_first: 12,
        share: "100.00",
        share_low: "75.75",
        engines: [
          { engine: "chat_gpt", answers_naming_both: 8, competitor_named_first: 8 },
          { engine: "gemini", answers_naming_both: 4, competitor_named_first: 4 }
        ]
      })
    }))
})
