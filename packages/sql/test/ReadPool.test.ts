import { describe, expect, it, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { clientLayer } from "../src/Database.js"
import { PreparedNames, ReadPool, run } from "../src/ReadPool.js"
import { freshDatabaseUrl } from "../test-support/TestDatabase.js"

// One connection: what the pool's connection has prepared is what the test's queries see.
const OneConnection = Layer.unwrapScoped(Effect.map(freshDatabaseUrl, (url) => clientLayer(Redacted.make(url), { maxConnections: 1 })))

const preparedTexts = Effect.flatMap(ReadPool, ({ pool }) =>
  Effect.promise(() => pool.query<{ name: string; statement: string }>("SELECT name, statement FROM pg_prepared_statements")))

layer(OneConnection, { timeout: 120_000, excludeTestServices: true })("ReadPool.run", (it) => {
  it.effect("prepares a read once per connection and runs it prepared after", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const read = (n: number) => run(sql<{ n: number }>`SELECT ${n}::int AS n, 'prepared read' AS what`, { prepared: true })
      expect(yield* read(1)).toEqual([{ n: 1, what: "prepared read" }])
      expect(yield* read(2)).toEqual([{ n: 2, what: "prepared read" }])
      const prepared = (yield* preparedTexts).rows.filter((row) => row.statement.includes("prepared read"))
      expect(prepared).toHaveLength(1)
      expect(prepared[0]?.name).toMatch(/^sightline_[0-9a-f]{20}$/)
    }))

  it.effect("prepares nothing unless asked", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      expect(yield* run(sql<{ n: number }>`SELECT ${3}::int AS n, 'unprepared read' AS what`)).toEqual([{ n: 3, what: "unprepared read" }])
      expect((yield* preparedTexts).rows.filter((row) => row.statement.includes("unprepared read"))).toEqual([])
    }))

  it.effect("runs a read whose result type changed under it (a migration) unprepared from then on", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE read_pool_probe (a int)`
      yield* sql`INSERT INTO read_pool_probe VALUES (1)`
      const read = run(sql`SELECT * FROM read_pool_probe`, { prepared: true })
      expect(yield* read).toEqual([{ a: 1 }])
      yield* sql`ALTER TABLE read_pool_probe ADD COLUMN b int DEFAULT 2`
      // Prepared, this is PostgreSQL's 0A000 "cached plan must not change result type".
      expect(yield* read).toEqual([{ a: 1, b: 2 }])
      expect(yield* read).toEqual([{ a: 1, b: 2 }])
    }))

  it.effect("fails with a SqlError for a statement PostgreSQL refuses", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const error = yield* Effect.flip(run(sql`SELECT * FROM no_such_table`))
      expect(error._tag).toBe("SqlError")
    }))
})

describe("PreparedNames", () => {
  it("names a text the same way every time, up to its capacity, and never a refused text", () => {
    const names = new PreparedNames(2)
    const first = names.nameOf("SELECT 1")
    expect(first).toBeDefined()
    expect(names.nameOf("SELECT 1")).toBe(first)
    expect(names.nameOf("SELECT 2")).toBeDefined()
    expect(names.nameOf("SELECT 3")).toBeUndefined()
    names.refuse("SELECT 1")
    expect(names.nameOf("SELECT 1")).toBeUndefined()
  })
})
