import { ANALYSER_VERSION } from "@sightline/domain/analysis/ResponseAnalysis"
import type {} from "../../../packages/sql/test-support/globalSetup.js"
import * as SqlClient from "@effect/sql/SqlClient"
import { expect, it } from "@effect/vitest"
import * as Database from "@sightline/sql/Database"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { spawn } from "node:child_process"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import { freshDatabaseUrl } from "../../../packages/sql/test-support/TestDatabase.js"

const root = Path.resolve(Path.dirname(fileURLToPath(import.meta.url)), "../../..")

const cli = (databaseUrl: string, args: ReadonlyArray<string>) =>
  Effect.async<{ readonly code: number | null; readonly stdout: string; readonly stderr: string }>((resume) => {
    const child = spawn("pnpm", ["--silent", "cli", ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.on("close", (code) => resume(Effect.succeed({ code, stdout, stderr })))
    return Effect.sync(() => child.kill("SIGKILL"))
  })

it.scopedLive("`cli runs list --failed --json` shows failed runs with their error; `cli reanalyze` reports its work", () =>
  Effect.gen(function*() {
    const url = yield* freshDatabaseUrl
    const seed = Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`INSERT INTO workspaces (name) VALUES ('cli runs')`
      yield* sql`
        INSERT INTO brands (workspace_id, name, website, country_code, language_code, display_name)
        SELECT id, 'Acme CRM', 'https://acme.example', 'US', 'en', 'Acme CRM' FROM workspaces`
      yield* sql`INSERT INTO prompts (brand_id, text, engines) SELECT id, 'best crm?', '{chat_gpt,gemini}' FROM brands`
      yield* sql`
        INSERT INTO prompt_runs (prompt_id, engine, slot, status, attempts, error_code, error_message, finished_at)
        SELECT id, 'chat_gpt', '2026-11-01T00:00:00Z', 'failed', 1, 'quota_exhausted', 'HTTP 429: You exceeded your current quota', now()
        FROM prompts`
      yield* sql`
        INSERT INTO prompt_runs (prompt_id, engine, slot, status, attempts, finished_at)
        SELECT id, 'gemini', '2026-11-01T00:00:00Z', 'succeeded', 1, now() FROM prompts`
    }).pipe(Effect.orDie, Effect.provide(Database.clientLayer(Redacted.make(url), { maxConnections: 1 })))
    yield* seed

    const failed = yield* cli(url, ["runs", "list", "--failed", "--json"])
    expect(failed.code, failed.stderr).toBe(0)
    const rows: unknown = JSON.parse(failed.stdout)
    expect(rows).toMatchObject([{ engine: "chat_gpt", status: "failed", error_code: "quota_exhausted", attempts: 1 }])

    const reanalyzed = yield* cli(url, ["reanalyze", "--json"])
    expect(reanalyzed.code, reanalyzed.stderr).toBe(0)
    expect(JSON.parse(reanalyzed.stdout)).toEqual({ analysed: 0, skipped: 0, plans_refreshed: 0, analyser_version: ANALYSER_VERSION })
  }), 90_000)
