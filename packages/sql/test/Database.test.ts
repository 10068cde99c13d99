import { describe, expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { clientLayer } from "../src/Database.js"
import { isCurrent, migrate, migrations } from "../src/Migrations.js"
import { emptyDatabaseUrl, TestDatabase } from "../test-support/TestDatabase.js"

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

const EmptyDatabase = Layer.unwrapScoped(
  Effect.map(emptyDatabaseUrl, (url) => clientLayer(Redacted.make(url), { maxConnections: 5 }))
)

describe("concurrent migration", () => {
  layer(EmptyDatabase)("two migrators at once on a new database", (it) => {
    it.effect("serialise on the advisory lock: one applies every migration, the other none", () =>
      Effect.gen(function*() {
        expect(yield* isCurrent).toBe(false)
        const [first = [], second = []] = yield* Effect.all([migrate, migrate], { concurrency: 2 })
        const applied = [...first, ...second].map(([id]) => id)
        expect(applied).toEqual((yield* migrations).map(([id]) => id))
        expect(first.length === 0 || second.length === 0).toBe(true)
        expect(yield* isCurrent).toBe(true)
      }))
  })
})

layer(TestDatabase)("the schema check", (it) => {
  it.effect("sees a database without the newest migration as not current, and one without any as not current", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      expect(yield* isCurrent).toBe(true)
      yield* sql`DELETE FROM effect_sql_migrations WHERE migration_id = (SELECT max(migration_id) FROM effect_sql_migrations)`
      expect(yield* isCurrent).toBe(false)
      yield* sql`DROP TABLE effect_sql_migrations`
      expect(yield* isCurrent).toBe(false)
    }))
})
