import { describe, expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import { migrate } from "../src/Migrations.js"
import { TestDatabase } from "../test-support/TestDatabase.js"

layer(TestDatabase)("migrations", (it) => {
  it.effect("are applied once and re-running them changes nothing", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const again = yield* migrate
      expect(again).toEqual([])
      const tables = yield* sql<{ table_name: string }>`
        SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`
      expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining([
        "action_plans", "actions", "api_keys", "brands", "competitors", "countries", "domains", "languages",
        "prompt_groups", "prompt_runs", "prompts", "response_citations", "response_mentions", "response_payloads",
        "response_search_queries", "responses", "urls", "workspaces"
      ]))
    }))

  it.effect("loads countries and languages with codes, native names and flags", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const [de] = yield* sql<{ alt_code: string; native_name: string; flag: string }>`
        SELECT alt_code, native_name, flag FROM countries WHERE code = 'DE'`
      expect(de).toEqual({ alt_code: "DEU", native_name: "Deutschland", flag: "🇩🇪" })
      const [fr] = yield* sql<{ name: string; native_name: string; flag: string }>`
        SELECT name, native_name, flag FROM languages WHERE code = 'fr'`
      expect(fr).toEqual({ name: "French", native_name: "Français", flag: "🇫🇷" })
      const [counts] = yield* sql<{ countries: number; languages: number }>`
        SELECT (SELECT count(*) FROM countries) AS countries, (SELECT count(*) FROM languages) AS languages`
      expect(counts!.countries).toBeGreaterThan(240)
      expect(counts!.languages).toBeGreaterThan(180)
    }))
})

describe("concurrent migration", () => {
  layer(TestDatabase)("two migrators at once", (it) => {
    it.effect("serialise on the advisory lock without errors", () =>
      Effect.gen(function*() {
        const results = yield* Effect.all([migrate, migrate], { concurrency: 2 })
        expect(results).toEqual([[], []])
      }))
  })
})
