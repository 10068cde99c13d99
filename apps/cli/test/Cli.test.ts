import { afterAll, expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { clientLayer } from "@sightline/sql/Database"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { spawn } from "node:child_process"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import type {} from "../../../packages/sql/test-support/globalSetup.js"
import { freshDatabaseUrl } from "../../../packages/sql/test-support/TestDatabase.js"
import { inProcessCli } from "./InProcessCli.js"

const ROOT = Path.resolve(Path.dirname(fileURLToPath(import.meta.url)), "../../..")
const MAIN = Path.join(ROOT, "apps/cli/src/main.ts")

class CliDatabase extends Context.Tag("CliDatabase")<CliDatabase, { readonly url: string }>() {}
const UrlLive = Layer.scoped(CliDatabase, Effect.map(freshDatabaseUrl, (url) => ({ url })))
const Live = Layer.unwrapEffect(Effect.map(CliDatabase, ({ url }) => clientLayer(Redacted.make(url), { maxConnections: 2 })))
  .pipe(Layer.provideMerge(UrlLive))

interface Run {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Runs the real CLI as a child process against the test database (slow: ~2-4 s per run). */
const childWith = (env: Record<string, string>, args: ReadonlyArray<string>) =>
  Effect.flatMap(CliDatabase, ({ url }) =>
    Effect.async<Run>((resume) => {
      const process_ = spawn(process.execPath, ["--conditions=@sightline/source", "--import", "tsx", MAIN, ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: url, ...env }
      })
      let stdout = ""
      let stderr = ""
      process_.stdout.on("data", (chunk) => (stdout += String(chunk)))
      process_.stderr.on("data", (chunk) => (stderr += String(chunk)))
      process_.on("close", (code) => resume(Effect.succeed({ code, stdout, stderr })))
    }))

const child = (...args: ReadonlyArray<string>) => childWith({ NO_COLOR: "1" }, args)

/** Runs the same CLI program in this process against the test database (InProcessCli). */
const cli = (...args: ReadonlyArray<string>) =>
  Effect.flatMap(CliDatabase, ({ url }) => inProcessCli(args, { DATABASE_URL: url }))

/** A successful --json command: exit 0, nothing on stderr, one JSON document on stdout. */
const ok = (...args: ReadonlyArray<string>) =>
  Effect.map(cli(...args, "--json"), (run) => {
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" })
    const parsed: unknown = JSON.parse(run.stdout)
    return parsed
  })

/** A failing command: exit 1, one line on stderr matching `pattern`, nothing on stdout. */
const fails = (pattern: RegExp, ...args: ReadonlyArray<string>) =>
  Effect.map(cli(...args), (run) => {
    expect(run.code).toBe(1)
    expect(run.stdout).toBe("")
    expect(run.stderr.trim().split("\n")).toHaveLength(1)
    expect(run.stderr).toMatch(pattern)
  })

const idOf = (value: unknown): number => {
  expect(value).toEqual({ id: expect.any(Number) })
  return typeof value === "object" && value !== null && "id" in value && typeof value.id === "number" ? value.id : -1
}

/** A field of a parsed JSON object (the test has already asserted the object's shape). */
const field = (value: unknown, name: string): unknown =>
  typeof value === "object" && value !== null ? Object.getOwnPropertyDescriptor(value, name)?.value : undefined

const counts = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const [row] = yield* sql<Record<string, number>>`
    SELECT (SELECT count(*) FROM workspaces)::int AS workspaces, (SELECT count(*) FROM brands)::int AS brands,
           (SELECT count(*) FROM competitors)::int AS competitors, (SELECT count(*) FROM prompt_groups)::int AS groups,
           (SELECT count(*) FROM prompts)::int AS prompts, (SELECT count(*) FROM api_keys)::int AS keys`
  return row ?? {}
})

const tempDirs: Array<string> = []
afterAll(() => {
  for (const dir of tempDirs) Fs.rmSync(dir, { recursive: true, force: true })
})

const tempFile = (name: string, content: string) => {
  const dir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "sightline-cli-"))
  tempDirs.push(dir)
  const file = Path.join(dir, name)
  Fs.writeFileSync(file, content)
  return file
}

layer(Live, { timeout: 120_000 })("the CLI", (it) => {
  it.effect("creates and lists workspaces, brands, competitors, groups, prompts and keys", () =>
    Effect.gen(function*() {
      const workspace = idOf(yield* ok("workspaces", "create", "--name", "Acme Inc"))
      const brand = idOf(
        yield* ok(
          "brands", "create", "--workspace", String(workspace), "--name", "Acme CRM", "--website", "https://acme.example",
          "--country", "us", "--language", "EN", "--aliases", "Acme, AcmeCRM"
        )
      )
      const [competitor, group] = yield* Effect.all([
        ok("competitors", "add", "--brand", String(brand), "--name", "Rival", "--website", "https://rival.example"),
        ok("groups", "create", "--brand", String(brand), "--name", "Pricing")
      ], { concurrency: 2 })
      idOf(competitor)
      const groupId = idOf(group)
      const prompt = idOf(
        yield* ok(
          "prompts", "add", "--brand", String(brand), "--text", "best crm", "--group", String(groupId),
          "--models", "chat_gpt,perplexity", "--every", "6h"
        )
      )
      const csv = tempFile("prompts.csv", "prompt,group,models,every\n\"crm, but cheap\",Budget,gemini|grok,12h\nbest crm,,,\n")
      expect(yield* ok("prompts", "import", "--brand", String(brand), csv)).toEqual({ imported: 1, skipped: 1, groups_created: 1 })

      const [brands, prompts, groups] = yield* Effect.all([
        ok("brands", "list", "--workspace", String(workspace)),
        ok("prompts", "list", "--brand", String(brand)),
        ok("groups", "list", "--brand", String(brand))
      ], { concurrency: 2 })
      expect(brands).toMatchObject([{ id: brand, country_code: "US", language_code: "en", aliases: ["Acme", "AcmeCRM"] }])
      expect(prompts).toMatchObject([
        { id: prompt, text: "best crm", group_id: groupId, models: ["chat_gpt", "perplexity"], every: "6h" },
        { text: "crm, but cheap", group_name: "Budget", models: ["gemini", "grok"], interval_seconds: 43_200 }
      ])
      expect(groups).toMatchObject([{ id: groupId, name: "Pricing", prompts_count: 1 }, { name: "Budget", prompts_count: 1 }])

      const inThreeMonths = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)
      const key = yield* ok("keys", "create", "--workspace", String(workspace), "--name", "ci", "--brand", String(brand), "--expires-at", inThreeMonths)
      expect(key).toEqual({ id: expect.any(Number), key: expect.stringMatching(/^sl_[0-9A-Za-z]{40}$/), expires_at: `${inThreeMonths}T00:00:00.000Z` })
      const keyId = field(key, "id")
      const revoked = yield* ok("keys", "revoke", String(keyId))
      expect(revoked).toEqual({ id: keyId, revoked_at: expect.any(String) })
      const listing = yield* ok("keys", "list", "--workspace", String(workspace))
      expect(listing).toMatchObject([{ id: keyId, name: "ci", scope: `brand:${brand}`, status: "revoked" }])
      expect(JSON.stringify(listing)).not.toContain(field(key, "key"))

      const friendly = yield* cli("workspaces", "list")
      expect(friendly.code).toBe(0)
      expect(friendly.stdout).toMatch(/^ID\s+NAME\s+BRANDS\s+CREATED\n1\s+Acme Inc\s+1\s/)
    }), 120_000)

  it.effect("rollups rebuild and verify: a bulk-loaded answer is a difference until the rebuild", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const workspace = idOf(yield* ok("workspaces", "create", "--name", "Rollups"))
      const brand = idOf(
        yield* ok("brands", "create", "--workspace", String(workspace), "--name", "R", "--website", "http://r.example", "--country", "US", "--language", "en")
      )
      const prompt = idOf(yield* ok("prompts", "add", "--brand", String(brand), "--text", "best tool?"))
      const rival = idOf(yield* ok("competitors", "add", "--brand", String(brand), "--name", "Rival", "--website", "https://rival.example"))
      // Written beside the write path, as a bulk load or restore would.
      const [bulk] = yield* sql<{ id: number }>`
        INSERT INTO responses (brand_id, prompt_id, engine, collected_at, response_markdown, response_text,
          idempotency_key, brand_mentioned, brand_position, brand_sentiment)
        VALUES (${brand}, ${prompt}, 'gemini', '2024-05-01T10:00:00Z', 'm', 't', 'bulk-1', true, 2, 70)
        RETURNING id`
      yield* sql`
        INSERT INTO response_mentions (response_id, competitor_id, prompt_id, engine, collected_at, position, sentiment)
        VALUES (${bulk?.id ?? 0}, ${rival}, ${prompt}, 'gemini', '2024-05-01T10:00:00Z', 1, 60)`

      const stale = yield* cli("rollups", "verify", "--brand", String(brand))
      expect(stale.code).toBe(1)
      // Day and month rows per engine and for all engines; the prompt's also an all-engines year row;
      // the prompt × competitor rollup day, month and year rows for all engines.
      expect(stale.stdout).toMatch(/4 brand, 5 prompt, 4 competitor and 3 prompt × competitor row\(s\) differ/)
      expect(stale.stderr).toMatch(/rollup_brand: 4 row\(s\) differ from the raw rows/)

      expect(yield* ok("rollups", "rebuild", "--brand", String(brand))).toEqual({ brand_id: brand, seconds: expect.any(Number) })
      expect(yield* ok("rollups", "verify")).toEqual({
        brand_id: null,
        differences: {
          brand: 0,
          prompt: 0,
          competitor: 0,
          prompt_days: 0,
          domain_days: 0,
          prompt_competitor: 0,
          competitor_engines: 0,
          prompt_citations: 0,
          citation_mentions: 0
        }
      })
      yield* fails(/Brand 999999 does not exist/, "rollups", "rebuild", "--brand", "999999")
    }))

  it.effect("sources: a workspace classes a domain, lists and clears it; bad input is one line and exit 1", () =>
    Effect.gen(function*() {
      const workspace = String(idOf(yield* ok("workspaces", "create", "--name", "Sources")))
      expect(yield* ok("sources", "set-type", "--workspace", workspace, "--domain", "https://www.Medium.com/some/post", "--type", "UGC"))
        .toEqual({ workspace_id: Number(workspace), domain: "medium.com", source_type: "ugc" })
      expect(yield* ok("sources", "set-type", "--workspace", workspace, "--domain", "news.test", "--type", "editorial"))
        .toEqual({ workspace_id: Number(workspace), domain: "news.test", source_type: "editorial" })
      // Setting again replaces the class (idempotent per domain).
      yield* ok("sources", "set-type", "--workspace", workspace, "--domain", "news.test", "--type", "reference")
      const listed = yield* ok("sources", "list-types", "--workspace", workspace)
      expect(Array.isArray(listed) ? listed.map((r) => [field(r, "domain"), field(r, "source_type")]) : listed).toEqual([
        ["medium.com", "ugc"], ["news.test", "reference"]
      ])
      expect(yield* ok("sources", "clear-type", "--workspace", workspace, "--domain", "medium.com"))
        .toEqual({ workspace_id: Number(workspace), domain: "medium.com", removed: true })
      expect(yield* ok("sources", "clear-type", "--workspace", workspace, "--domain", "medium.com"))
        .toEqual({ workspace_id: Number(workspace), domain: "medium.com", removed: false })
      yield* fails(/Invalid source type: "own": expected one of ugc, editorial, reference, other/, "sources", "set-type", "--workspace", workspace, "--domain", "x.test", "--type", "own")
      yield* fails(/Workspace 999999 does not exist/, "sources", "set-type", "--workspace", "999999", "--domain", "x.test", "--type", "ugc")
      yield* fails(/Invalid domain/, "sources", "set-type", "--workspace", workspace, "--domain", " ", "--type", "ugc")
    }))

  it.effect("bad input: one line on stderr, exit code 1, nothing written", () =>
    Effect.gen(function*() {
      const workspace = idOf(yield* ok("workspaces", "create", "--name", "Other"))
      const brand = idOf(
        yield* ok("brands", "create", "--workspace", String(workspace), "--name", "B", "--website", "http://b.example", "--country", "DE", "--language", "de")
      )
      const before = yield* counts
      const w = String(workspace)
      const b = String(brand)
      const badCsv = tempFile("bad.csv", "prompt,models\nfine,chat_gpt\n\"unclosed,chat_gpt\n")
      yield* Effect.all([
        fails(/workspace named "Other" already exists/, "workspaces", "create", "--name", "Other"),
        fails(/Invalid website "acme\.example"/, "brands", "create", "--workspace", w, "--name", "X", "--website", "acme.example", "--country", "US", "--language", "en"),
        fails(/Unknown country code "ZZ"/, "brands", "create", "--workspace", w, "--name", "X", "--website", "https://x.example", "--country", "ZZ", "--language", "en"),
        fails(/Workspace 999999 does not exist/, "brands", "create", "--workspace", "999999", "--name", "X", "--website", "https://x.example", "--country", "US", "--language", "en"),
        fails(/Brand 999999 does not exist/, "competitors", "add", "--brand", "999999", "--name", "R", "--website", "https://r.example"),
        fails(/Unknown AI model "chatgpt"/, "prompts", "add", "--brand", b, "--text", "t", "--models", "chatgpt"),
        fails(/Invalid interval "fortnightly"/, "prompts", "add", "--brand", b, "--text", "t", "--every", "fortnightly"),
        fails(/CSV line 3: a quoted field is not closed/, "prompts", "import", "--brand", b, badCsv),
        fails(/is in the past/, "keys", "create", "--workspace", w, "--name", "k", "--expires-at", "2020-01-01"),
        fails(/at most 6 months/, "keys", "create", "--workspace", w, "--name", "k", "--expires-at", "2099-01-31"),
        fails(/"2026-02-30" is not a date/, "keys", "create", "--workspace", w, "--name", "k", "--expires-at", "2026-02-30"),
        fails(/API key 424242 does not exist/, "keys", "revoke", "424242")
      ], { concurrency: 2 })
      expect(yield* counts).toEqual(before)

      const help = yield* cli("prompts", "import", "--help")
      expect(help.code).toBe(0)
      expect(help.stdout).toContain("prompt,group,models,every")
    }), 120_000)

  it.effect("as a child process: clean JSON on stdout, one-line errors and exit code 1, no stack traces", () =>
    Effect.gen(function*() {
      const [created, duplicate, missing, notANumber, unknown, help] = yield* Effect.all([
        child("workspaces", "create", "--name", "Child", "--json"),
        child("workspaces", "create", "--name", "Other", "--json"),
        child("workspaces", "create"),
        child("keys", "revoke", "abc"),
        child("nonsense"),
        child("--help")
      ], { concurrency: 2 })
      expect(created).toMatchObject({ code: 0, stderr: "" })
      expect(JSON.parse(created.stdout)).toEqual({ id: expect.any(Number) })
      expect(duplicate).toEqual({ code: 1, stdout: "", stderr: "Error: A workspace named \"Other\" already exists.\n" })
      for (const run of [missing, notANumber, unknown]) {
        expect(run.code).toBe(2)
        expect(run.stdout).toBe("")
        expect(run.stderr).not.toBe("")
        expect(run.stderr).not.toMatch(/\n\s+at /)
      }
      expect(help.code).toBe(0)
      for (const command of ["db", "demo", "workspaces", "brands", "competitors", "groups", "prompts", "keys"]) {
        expect(help.stdout).toContain(command)
      }
    }), 120_000)

  it.effect("usage errors name the option, the value and the expected form, print the usage, and exit with 2", () =>
    Effect.gen(function*() {
      const usageError = (args: ReadonlyArray<string>, message: string, usageLine: unknown) =>
        Effect.map(cli(...args), (run) => {
          expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: "" })
          const [first, blank, heading, usage] = run.stderr.split("\n")
          expect([first, blank, heading, usage?.trim()]).toEqual([`Error: ${message}`, "", "USAGE", usageLine])
          return run.stderr
        })
      yield* usageError(
        ["keys", "revoke", "abc"],
        "Invalid value \"abc\" for <ID>: expected a whole number (id of the key, as keys list shows it).",
        "sightline keys revoke [--json] <ID>"
      )
      const lst = yield* usageError(
        ["keys", "lst"],
        "Unknown command \"lst\" of 'keys': expected one of create, list, revoke, rotate. Did you mean list?",
        "sightline keys <command> [options]"
      )
      expect(lst).toMatch(/COMMANDS\n {2}create {2}.+\n {2}list {4}.+\n {2}revoke {2}.+\n {2}rotate {2}/)
      const country = yield* usageError(
        ["brands", "create", "--workspace", "1", "--name", "X", "--website", "https://x.example", "--language", "en"],
        "Missing option --country: expected ISO 3166-1 alpha-2 country code, e.g. US.",
        expect.stringMatching(/^sightline brands create --workspace integer --name text .*--country text/)
      )
      expect(country).toMatch(/--country text +ISO 3166-1 alpha-2 country code, e\.g\. US\. \(required\)/)
      yield* usageError(
        ["keys", "list", "--workspace", "one"],
        "Invalid value \"one\" for --workspace: expected a whole number (id of the workspace).",
        "sightline keys list --workspace integer [--json]"
      )
      yield* usageError(
        ["runs", "list", "--status", "done"],
        "Invalid value \"done\" for --status: expected one of pending, running, succeeded, failed, skipped.",
        expect.stringMatching(/^sightline runs list /)
      )
      yield* usageError(["keys", "list", "--workspace", "1", "--jsn"], "Unknown option --jsn for 'keys list'. Did you mean --json?", "sightline keys list --workspace integer [--json]")
      yield* usageError(
        ["--log-level", "warning", "workspaces", "list"],
        "Invalid value \"warning\" for --log-level: expected one of all, trace, debug, info, warn, error, fatal, off.",
        "sightline <command> [options]"
      )
      yield* usageError(["prompts", "edit", "1"], "Nothing to change: give at least one of --text, --models, --every, --group or --no-group.", expect.stringMatching(/^sightline prompts edit /))
      // the LOG_LEVEL spelling is the --log-level spelling
      expect(yield* ok("--log-level", "warn", "workspaces", "list")).toEqual(expect.any(Array))

      const help = yield* cli("keys", "rotate", "--help")
      expect(help.code).toBe(0)
      expect(help.stdout).toContain("USAGE\n  sightline keys rotate [--expires-at text] [--json] <ID>")
      expect(help.stdout).not.toContain("\x1b[")
    }), 120_000)

  it.effect("admin: edit, pause, resume, run now and softly delete prompts; edit brands and competitors; rotate keys; rename and delete groups", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const workspace = idOf(yield* ok("workspaces", "create", "--name", "Admin"))
      const brand = idOf(
        yield* ok("brands", "create", "--workspace", String(workspace), "--name", "Acme", "--website", "https://acme.example", "--country", "US", "--language", "en")
      )
      const b = String(brand)
      const group = idOf(yield* ok("groups", "create", "--brand", b, "--name", "Pricing"))
      const other = idOf(yield* ok("groups", "create", "--brand", b, "--name", "Other"))
      const prompt = idOf(yield* ok("prompts", "add", "--brand", b, "--text", "best crm", "--group", String(group)))
      const second = idOf(yield* ok("prompts", "add", "--brand", b, "--text", "cheap crm"))
      const p = String(prompt)

      // edit: validated as add, same messages; nothing written on failure
      expect(yield* ok("prompts", "edit", p, "--text", "best CRM 2026", "--models", "gemini,grok", "--every", "12h", "--group", String(other)))
        .toMatchObject({ id: prompt, text: "best CRM 2026", models: ["gemini", "grok"], every: "12h", group_id: other, status: "active" })
      yield* fails(/Unknown AI model "chatgpt"/, "prompts", "edit", p, "--models", "chatgpt")
      yield* fails(/Invalid interval "fortnightly"/, "prompts", "edit", p, "--every", "fortnightly")
      yield* fails(/A prompt named "cheap crm" already exists/, "prompts", "edit", p, "--text", "cheap crm")
      yield* fails(/Prompt 999999 does not exist/, "prompts", "edit", "999999", "--text", "x")
      expect(yield* ok("prompts", "edit", p, "--no-group")).toMatchObject({ group_id: null })

      // pause / resume: idempotent; a paused prompt is not scheduled and cannot be run now
      yield* sql`INSERT INTO prompt_runs (prompt_id, engine, slot) VALUES (${prompt}, 'gemini', now())`
      expect(yield* ok("prompts", "pause", p)).toMatchObject({ active: false, status: "paused" })
      expect(yield* ok("prompts", "pause", p)).toMatchObject({ status: "paused" })
      const [queued] = yield* sql`SELECT status, error_code FROM prompt_runs WHERE prompt_id = ${prompt}`
      expect(queued).toEqual({ status: "skipped", error_code: "prompt_paused" })
      yield* fails(/Prompt \d+ is paused: resume it first/, "prompts", "run-now", p)
      expect(yield* ok("prompts", "resume", p)).toMatchObject({ active: true, status: "active" })

      // run-now: due at once
      yield* sql`UPDATE prompts SET next_run_at = now() + interval '1 day' WHERE id = ${prompt}`
      const due = yield* ok("prompts", "run-now", p)
      expect(Date.parse(String(field(due, "next_run_at")))).toBeLessThanOrEqual(Date.now() + 1000)

      // delete (soft): gone from the listing, history kept, no further change
      expect(yield* ok("prompts", "delete", String(second))).toMatchObject({ id: second, status: "deleted", active: false })
      expect(yield* ok("prompts", "delete", String(second))).toMatchObject({ status: "deleted" })
      expect(yield* ok("prompts", "list", "--brand", b)).toMatchObject([{ id: prompt }])
      expect(yield* ok("prompts", "list", "--brand", b, "--deleted")).toMatchObject([{ id: prompt }, { id: second, status: "deleted" }])
      expect((yield* sql`SELECT count(*)::int AS n FROM prompts WHERE id = ${second}`)[0]).toEqual({ n: 1 })
      yield* fails(/Prompt \d+ is deleted/, "prompts", "resume", String(second))
      yield* fails(/Prompt \d+ is deleted/, "prompts", "run-now", String(second))

      // brands edit, with the same checks as create; changed aliases offer a re-analysis
      const edited = yield* ok("brands", "edit", b, "--aliases", "AcmeCRM, Acme Inc", "--country", "de", "--reanalyze")
      expect(edited).toMatchObject({ id: brand, country_code: "DE", aliases: ["AcmeCRM", "Acme Inc"], reanalysis: { analysed: 0, skipped: 0 } })
      expect(yield* ok("brands", "edit", b, "--description", "CRM")).toMatchObject({ description: "CRM", reanalysis: null })
      const hint = yield* cli("brands", "edit", b, "--aliases", "Acme")
      expect(hint).toMatchObject({ code: 0, stderr: "" })
      expect(hint.stdout).toContain(`run 'reanalyze --brand ${brand}' to apply the new ones`)
      yield* fails(/Unknown country code "ZZ"/, "brands", "edit", b, "--country", "ZZ")
      yield* fails(/Invalid website "acme"/, "brands", "edit", b, "--website", "acme")
      yield* fails(/Brand 999999 does not exist/, "brands", "edit", "999999", "--name", "X")

      // competitors edit and remove
      const rival = idOf(yield* ok("competitors", "add", "--brand", b, "--name", "Rival", "--website", "https://rival.example"))
      idOf(yield* ok("competitors", "add", "--brand", b, "--name", "Third", "--website", "https://third.example"))
      expect(yield* ok("competitors", "edit", String(rival), "--aliases", "RIV", "--website", "https://rival.example/en"))
        .toMatchObject({ id: rival, aliases: ["RIV"], website: "https://rival.example/en", reanalysis: null })
      yield* fails(/A competitor named "Third" already exists/, "competitors", "edit", String(rival), "--name", "Third")
      expect(yield* ok("competitors", "remove", String(rival))).toEqual({ id: rival, brand_id: brand, removed: true })
      expect(yield* ok("competitors", "list", "--brand", b)).toMatchObject([{ name: "Third" }])
      yield* fails(/Competitor \d+ does not exist/, "competitors", "remove", String(rival))

      // groups rename and delete: prompts stay, ungrouped
      yield* ok("prompts", "edit", p, "--group", String(group))
      expect(yield* ok("groups", "rename", String(group), "--name", "Costs")).toMatchObject({ id: group, name: "Costs", prompts_count: 1 })
      yield* fails(/A group named "Other" already exists/, "groups", "rename", String(group), "--name", "Other")
      expect(yield* ok("groups", "delete", String(group))).toEqual({ id: group, name: "Costs", prompts_ungrouped: 1, deleted: true })
      expect(yield* ok("prompts", "list", "--brand", b)).toMatchObject([{ id: prompt, group_id: null }])
      yield* fails(/Group \d+ does not exist/, "groups", "delete", String(group))

      // keys rotate: same name, scope and rate limit; the old key is revoked in the same step
      const key = yield* ok("keys", "create", "--workspace", String(workspace), "--name", "ci", "--brand", b, "--rate-limit", "30")
      const rotated = yield* ok("keys", "rotate", String(field(key, "id")))
      expect(rotated).toEqual({
        id: expect.any(Number), key: expect.stringMatching(/^sl_/), expires_at: expect.any(String), replaced: field(key, "id"), revoked_at: expect.any(String)
      })
      expect(yield* ok("keys", "list", "--workspace", String(workspace))).toMatchObject([
        { id: field(key, "id"), status: "revoked" },
        { id: field(rotated, "id"), name: "ci", scope: `brand:${brand}`, rate_limit_per_minute: 30, status: "active" }
      ])
      yield* fails(/API key \d+ is revoked/, "keys", "rotate", String(field(key, "id")))
      yield* fails(/API key 424242 does not exist/, "keys", "rotate", "424242")
    }), 120_000)
})
