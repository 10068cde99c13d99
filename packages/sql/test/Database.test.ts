import { describe, expect, it, layer as suite } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { clientLayer, layer, requestLayer } from "../src/Database.js"
import { isCurrent, migrate, migrations } from "../src/Migrations.js"
import { emptyDatabaseUrl, freshDatabaseUrl, TestDatabase } from "../test-support/TestDatabase.js"

suite(TestDatabase)("migrations", (it) => {
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
  suite(EmptyDatabase)("two migrators at once on a new database", (it) => {
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

suite(TestDatabase)("the schema check", (it) => {
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

describe("parallel query per process", () => {
  // Several connections at once, so the pool opens more than one and each is checked.
  const settingsOf = (database: Layer.Layer<SqlClient.SqlClient, unknown>) =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      return yield* Effect.all(
        Array.from({ length: 4 }, () =>
          sql<{ workers: string }>`SELECT current_setting('max_parallel_workers_per_gather') AS workers, pg_sleep(0.05)`.pipe(
            Effect.map(([row]) => row?.workers)
          )),
        { concurrency: 4 }
      )
    }).pipe(Effect.provide(database), Effect.orDie)
  const withUrl = (url: string, env: ReadonlyArray<[string, string]> = []) =>
    Layer.setConfigProvider(ConfigProvider.fromMap(new Map([["DATABASE_URL", url], ...env])))

  it.scoped("requestLayer runs every connection without parallel workers; layer keeps the server's setting", () =>
    Effect.gen(function*() {
      const url = yield* freshDatabaseUrl
      // The server's own setting, from a pool that sets nothing (PostgreSQL's default is 2).
      const [configured] = yield* settingsOf(clientLayer(Redacted.make(url), { maxConnections: 1 }))
      expect(configured).not.toBe("0")
      const server = yield* settingsOf(layer.pipe(Layer.provide(withUrl(url))))
      expect(server).toEqual([configured, configured, configured, configured])
      const requests = yield* settingsOf(requestLayer.pipe(Layer.provide(withUrl(url))))
      expect(requests).toEqual(["0", "0", "0", "0"])
    }))

  it.scoped("DATABASE_PARALLEL_WORKERS overrides either default, and a negative count is refused", () =>
    Effect.gen(function*() {
      const url = yield* freshDatabaseUrl
      const set = yield* settingsOf(requestLayer.pipe(Layer.provide(withUrl(url, [["DATABASE_PARALLEL_WORKERS", "1"]]))))
      expect(set).toEqual(["1", "1", "1", "1"])
      const worker = yield* settingsOf(layer.pipe(Layer.provide(withUrl(url, [["DATABASE_PARALLEL_WORKERS", "0"]]))))
      expect(worker).toEqual(["0", "0", "0", "0"])
      const refused = yield* Layer.build(requestLayer.pipe(Layer.provide(withUrl(url, [["DATABASE_PARALLEL_WORKERS", "-1"]])))).pipe(
        Effect.scoped,
        Effect.flip
      )
      expect(String(refused)).toContain("DATABASE_PARALLEL_WORKERS must be 0 or more")
    }))
})
