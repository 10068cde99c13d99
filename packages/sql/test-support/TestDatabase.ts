import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import pg from "pg"
import { inject } from "vitest"
import { clientLayer } from "../src/Database.js"

let counter = 0

const withAdmin = <A>(f: (client: pg.Client) => Promise<A>) =>
  Effect.promise(async () => {
    const client = new pg.Client({ connectionString: inject("adminDatabaseUrl") })
    await client.connect()
    try {
      return await f(client)
    } finally {
      await client.end()
    }
  })

/** The URL of a new database, dropped when the scope closes: a clone of `template`, or empty. */
const databaseUrl = (template: "sightline_template" | "template0") => Effect.gen(function*() {
  const name = `sightline_test_${process.pid}_${Date.now()}_${counter++}`
  yield* Effect.acquireRelease(
    withAdmin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)),
    () => withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
  )
  const url = new URL(inject("adminDatabaseUrl"))
  url.pathname = `/${name}`
  return url.toString()
})

/** The URL of a fresh, migrated database, dropped when the scope closes (also for child processes). */
export const freshDatabaseUrl = databaseUrl("sightline_template")

/** The URL of a new database without any schema (what a first start finds), dropped with the scope. */
export const emptyDatabaseUrl = databaseUrl("template0")

/**
 * A fresh, migrated database of its own for one test file (or one `layer(...)` suite), cloned from
 * the run's template and dropped when the layer is released. Provides the same SqlClient/PgClient
 * the apps use.
 */
export const TestDatabase = Layer.unwrapScoped(
  Effect.map(freshDatabaseUrl, (url) => clientLayer(Redacted.make(url), { maxConnections: 5 }))
)

export { SqlClient }
