import { ANALYSER_VERSION } from "@sightline/domain/analysis/ResponseAnalysis"
import type {} from "../../../packages/sql/test-support/globalSetup.js"
import * as SqlClient from "@effect/sql/SqlClient"
import { expect, it } from "@effect/vitest"
import * as Database from "@sightline/sql/Database"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { freshDatabaseUrl } from "../../../packages/sql/test-support/TestDatabase.js"
import { childCli } from "./ChildCli.js"

it.scopedLive("`brands match` and `competitors match` store match settings, re-analyse, and refuse bad settings", () =>
  Effect.gen(function*() {
    const url = yield* freshDatabaseUrl
    const ids = yield* Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const [workspace] = yield* sql<{ id: number }>`INSERT INTO workspaces (name) VALUES ('match') RETURNING id`
      const [brand] = yield* sql<{ id: number }>`
        INSERT INTO brands (workspace_id, name, website, country_code, language_code, display_name)
        VALUES (${workspace?.id ?? 0}, 'Close', 'https://close.com', 'US', 'en', 'Close') RETURNING id`
      const [competitor] = yield* sql<{ id: number }>`
        INSERT INTO competitors (brand_id, name, website) VALUES (${brand?.id ?? 0}, 'Drip', 'https://drip.com') RETURNING id`
      return { brand: brand?.id ?? 0, competitor: competitor?.id ?? 0 }
    }).pipe(Effect.orDie, Effect.provide(Database.clientLayer(Redacted.make(url), { maxConnections: 1 })))
    const cli = (...args: ReadonlyArray<string>) => childCli(args, { env: { DATABASE_URL: url } })

    const set = yield* cli("brands", "match", "--brand", String(ids.brand), "--mode", "case-sensitive", "--exclude", "Close the deal", "--json")
    expect(set.code, set.stderr).toBe(0)
    expect(JSON.parse(set.stdout)).toEqual({
      brand_id: ids.brand,
      mode: "case-sensitive",
      pattern: null,
      exclusions: ["Close the deal"],
      reanalysis: { analysed: 0, skipped: 0, plans_refreshed: 0, analyser_version: ANALYSER_VERSION }
    })

    const competitor = yield* cli("competitors", "match", "--competitor", String(ids.competitor), "--mode", "regex", "--pattern", "\\bDrip(?: ESP)?\\b")
    expect(competitor.code, competitor.stderr).toBe(0)
    expect(competitor.stdout).toContain("mode regex, pattern \\bDrip(?: ESP)?\\b")

    const bad = yield* cli("brands", "match", "--brand", String(ids.brand), "--mode", "regex", "--pattern", "(")
    expect(bad.code).toBe(1)
    expect(bad.stderr.trim()).toMatch(/^Error: Invalid match settings: the pattern is not a valid regular expression/)
    const missing = yield* cli("competitors", "match", "--competitor", "999999", "--mode", "auto")
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain("Competitor 999999 does not exist.")
  }), 120_000)
