import type {} from "../../../packages/sql/test-support/globalSetup.js"
import * as SqlClient from "@effect/sql/SqlClient"
import { expect, it } from "@effect/vitest"
import { csvColumns } from "@sightline/domain/api/Exports"
import * as Database from "@sightline/sql/Database"
import { parse } from "csv-parse/sync"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { freshDatabaseUrl } from "../../../packages/sql/test-support/TestDatabase.js"
import { childCli } from "./ChildCli.js"

/** The real CLI as a child process on the test's database. */
const cli = (databaseUrl: string, args: ReadonlyArray<string>) => childCli(args, { env: { DATABASE_URL: databaseUrl } })

const TEXTS = ["plain", "comma, \"quoted\"\r\nand a new line", "ünïcødé 😀"]

it.scopedLive("`cli export responses|citations|prompts` streams the API's rows as NDJSON or CSV; bad input exits non-zero", () =>
  Effect.gen(function*() {
    const url = yield* freshDatabaseUrl
    const brandId = yield* Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`INSERT INTO workspaces (name) VALUES ('cli export')`
      const [brand] = yield* sql<{ id: number }>`
        INSERT INTO brands (workspace_id, name, website, country_code, language_code, display_name)
        SELECT id, 'Acme CRM', 'https://acme.example', 'US', 'en', 'Acme CRM' FROM workspaces RETURNING id`
      if (brand === undefined) return yield* Effect.dieMessage("no brand")
      yield* sql`INSERT INTO prompts (brand_id, text, engines) VALUES (${brand.id}, 'best crm?', '{chat_gpt}')`
      yield* sql`INSERT INTO domains (domain) VALUES ('acme.example')`
      yield* sql`INSERT INTO urls (domain_id, url) SELECT id, 'https://acme.example/a' FROM domains`
      for (const [i, text] of TEXTS.entries()) {
        yield* sql`
          INSERT INTO responses (brand_id, prompt_id, engine, collected_at, response_markdown, response_text,
            idempotency_key, brand_mentioned, brand_position, brand_sentiment)
          SELECT ${brand.id}, p.id, 'chat_gpt', ${`2026-11-0${i + 1}T10:00:00Z`}, '', ${text}, ${`cli-${i}`}, true, 1, 70
          FROM prompts p`
      }
      yield* sql`
        INSERT INTO response_citations (response_id, url_id, domain_id, brand_id, prompt_id, engine, collected_at, ordinal)
        SELECT r.id, u.id, u.domain_id, r.brand_id, r.prompt_id, r.engine, r.collected_at, 0 FROM responses r CROSS JOIN urls u`
      return brand.id
    }).pipe(Effect.orDie, Effect.provide(Database.clientLayer(Redacted.make(url), { maxConnections: 1 })))
    const rangeOf = (from: string, to: string) => ["--brand", String(brandId), "--from", from, "--to", to]
    const range = rangeOf("2026-11-01", "2026-11-03")

    const ndjson = yield* cli(url, ["export", "responses", ...range])
    expect(ndjson.code, ndjson.stderr).toBe(0)
    const lines = ndjson.stdout.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines.map((l) => l["response_text"])).toEqual(TEXTS)
    expect(lines[0]).toMatchObject({ brand_mentioned: true, brand_position: 1, brand_sentiment: "positive", citations: ["https://acme.example/a"] })

    const asCsv = yield* cli(url, ["export", "responses", ...range, "--format", "csv"])
    expect(asCsv.code, asCsv.stderr).toBe(0)
    const [header, ...rows]: Array<Array<string>> = parse(asCsv.stdout)
    expect(header).toEqual(csvColumns("responses"))
    const textColumn = csvColumns("responses").indexOf("response_text")
    expect(rows.map((r) => r[textColumn])).toEqual(TEXTS)

    const citations = yield* cli(url, ["export", "citations", ...rangeOf("2026-11-02", "2026-11-03")])
    expect(citations.code, citations.stderr).toBe(0)
    expect(citations.stdout.trimEnd().split("\n").length).toBe(2)

    const prompts = yield* cli(url, ["export", "prompts", ...range, "--format", "csv"])
    expect(prompts.code, prompts.stderr).toBe(0)
    expect((parse(prompts.stdout) as Array<Array<string>>).length).toBe(2)

    const unknown = yield* cli(url, ["export", "responses", "--brand", "999999", "--from", "2026-11-01", "--to", "2026-11-03"])
    expect(unknown.code).toBe(1)
    expect(unknown.stdout).toBe("")
    expect(unknown.stderr).toContain("999999")
    const reversed = yield* cli(url, ["export", "responses", ...rangeOf("2026-11-04", "2026-11-03")])
    expect(reversed.code).toBe(1)
    expect(reversed.stderr).toContain("--from 2026-11-04 is after --to 2026-11-03")
    const badDate = yield* cli(url, ["export", "responses", ...rangeOf("2026-11-01", "2026-13-01")])
    expect(badDate.code).toBe(2)
    const badFormat = yield* cli(url, ["export", "responses", ...range, "--format", "xml"])
    expect(badFormat.code).toBe(2)
  }), 180_000)
