import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import * as ApiKeyFormat from "@sightline/domain/ApiKeyFormat"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as TestClock from "effect/TestClock"
import { bootstrapDemo, seed } from "../src/DemoSeed.js"
import { TestDatabase } from "../test-support/TestDatabase.js"

const Live = Layer.merge(TestDatabase, SentimentLexiconLive)

const snapshot = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const [row] = yield* sql<Record<string, number>>`
    SELECT (SELECT count(*) FROM workspaces)::int AS workspaces,
           (SELECT count(*) FROM brands)::int AS brands,
           (SELECT count(*) FROM competitors)::int AS competitors,
           (SELECT count(*) FROM prompt_groups)::int AS groups,
           (SELECT count(*) FROM prompts)::int AS prompts,
           (SELECT count(*) FROM responses)::int AS responses,
           (SELECT count(*) FROM response_mentions)::int AS mentions,
           (SELECT count(*) FROM response_citations)::int AS citations,
           (SELECT count(*) FROM response_search_queries)::int AS queries,
           (SELECT count(*) FROM urls)::int AS urls,
           (SELECT count(*) FROM action_plans)::int AS plans,
           (SELECT count(*) FROM actions)::int AS actions,
           (SELECT count(*) FROM api_keys)::int AS keys`
  return row ?? {}
})

layer(Live, { timeout: 180_000 })("demo seed", (it) => {
  it.effect("bootstraps once under concurrency, realistic, and re-seeding duplicates nothing", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      // Demo dates are relative to the current UTC day: let the test clock tell the real time.
      yield* TestClock.setTime(Date.now())
      const results = yield* Effect.all([bootstrapDemo, bootstrapDemo], { concurrency: 2 })
      const created = results.filter(Option.isSome)
      expect(created).toHaveLength(1)
      const demo = Option.getOrThrow(created[0] ?? Option.none())
      expect(demo.brandIds).toHaveLength(2)
      const [stored] = yield* sql<{ name: string; workspace_id: number }>`
        SELECT name, workspace_id FROM api_keys WHERE key_hash = ${ApiKeyFormat.hash(demo.key)}`
      expect(stored).toEqual({ name: "demo", workspace_id: demo.workspaceId })

      const first = yield* snapshot
      expect(first.workspaces).toBe(1)
      expect(first.brands).toBe(2)
      expect(first.responses).toBeGreaterThanOrEqual(8000)
      expect(first.responses).toBeLessThanOrEqual(12_000)
      expect(first.plans).toBe(first.prompts)
      expect(first.actions).toBeGreaterThan(0)

      const perBrand = yield* sql<{ country: string; language: string; competitors: number; groups: number; prompts: number; engines: number; days: number; mentioned: number; first_day: string; last_day: string }>`
        SELECT b.country_code AS country, b.language_code AS language,
               (SELECT count(*) FROM competitors c WHERE c.brand_id = b.id)::int AS competitors,
               (SELECT count(*) FROM prompt_groups g WHERE g.brand_id = b.id)::int AS groups,
               (SELECT count(*) FROM prompts p WHERE p.brand_id = b.id)::int AS prompts,
               (SELECT count(DISTINCT engine) FROM responses r WHERE r.brand_id = b.id)::int AS engines,
               (SELECT count(DISTINCT (collected_at AT TIME ZONE 'UTC')::date) FROM responses r WHERE r.brand_id = b.id)::int AS days,
               (SELECT count(*) FILTER (WHERE brand_mentioned) * 100 / count(*) FROM responses r WHERE r.brand_id = b.id)::int AS mentioned,
               (SELECT min((collected_at AT TIME ZONE 'UTC')::date)::text FROM responses r WHERE r.brand_id = b.id) AS first_day,
               (SELECT max((collected_at AT TIME ZONE 'UTC')::date)::text FROM responses r WHERE r.brand_id = b.id) AS last_day
        FROM brands b ORDER BY b.id`
      expect(perBrand.map((b) => [b.country, b.language])).toEqual([["US", "en"], ["DE", "de"]])
      const today = new Date().toISOString().slice(0, 10)
      for (const brand of perBrand) {
        expect(brand.competitors).toBeGreaterThanOrEqual(3)
        expect(brand.groups).toBeGreaterThanOrEqual(2)
        expect(brand.prompts).toBeGreaterThanOrEqual(10)
        expect(brand.engines).toBe(7)
        expect(brand.days).toBeGreaterThanOrEqual(89)
        expect(brand.mentioned).toBeGreaterThan(20)
        expect(brand.mentioned).toBeLessThan(90)
        expect(brand.last_day <= today).toBe(true)
      }
      const sentiments = yield* sql<{ label: string }>`
        SELECT DISTINCT CASE WHEN brand_sentiment >= 60 THEN 'positive' WHEN brand_sentiment >= 40 THEN 'neutral'
                             ELSE 'negative' END AS label
        FROM responses WHERE brand_mentioned ORDER BY 1`
      expect(sentiments.map((s) => s.label)).toEqual(["negative", "neutral", "positive"])
      const tracking = yield* sql`SELECT url FROM urls WHERE url LIKE '%utm_%'`
      expect(tracking).toEqual([])
      const future = yield* sql`SELECT id FROM responses WHERE collected_at > now()`
      expect(future).toEqual([])

      const again = yield* seed
      expect(again).toEqual({ workspaceId: demo.workspaceId, brandIds: demo.brandIds })
      const second = yield* snapshot
      expect(second).toEqual(first)
      expect(yield* bootstrapDemo).toEqual(Option.none())
    }), 180_000)
})
