import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import pg from "pg"
import type { TestProject } from "vitest/node"
import { clientLayer } from "../src/Database.js"
import * as EmbeddedPostgres from "../src/EmbeddedPostgres.js"
import { migrate } from "../src/Migrations.js"
import * as Redacted from "effect/Redacted"

export const TEMPLATE_DATABASE = "sightline_template"

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the server's maintenance database; test files clone their own database from the template. */
    adminDatabaseUrl: string
  }
}

/**
 * One PostgreSQL server for the whole test run: DATABASE_URL's server when set, else an embedded
 * server in a fresh temporary folder. A migrated template database is made once; each test file
 * clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds and isolates files completely.
 */
export default async function setup(project: TestProject) {
  const scope = Effect.runSync(Scope.make())
  let adminUrl: string
  const external = process.env.DATABASE_URL
  if (external !== undefined && external !== "") {
    adminUrl = external
  } else {
    const dir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "sightline-test-"))
    const server = await Effect.runPromise(Scope.extend(EmbeddedPostgres.acquire(dir), scope))
    adminUrl = server.url
  }

  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`)
  await admin.end()

  const templateUrl = new URL(adminUrl)
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`
  await Effect.runPromise(
    migrate.pipe(Effect.provide(clientLayer(Redacted.make(templateUrl.toString()), { maxConnections: 2 })), Effect.asVoid)
  ).catch((error) => {
    throw new Error(`migrating the test template failed: ${String(error)}`)
  })

  project.provide("adminDatabaseUrl", adminUrl)
  return async () => {
    await Effect.runPromise(Scope.close(scope, Exit.void))
  }
}
