import * as SqlClient from "@effect/sql/SqlClient"
import { expect, layer } from "@effect/vitest"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { execFile } from "node:child_process"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import { clientLayer } from "../../../packages/sql/src/Database.js"
import { freshDatabaseUrl } from "../../../packages/sql/test-support/TestDatabase.js"
import { CLIP_CHARS } from "../src/mcp/Tools.js"
import { Fixture, type FixtureIds } from "./support/Fixture.js"
import { baseUrl, get, makeHarnessWith } from "./support/Harness.js"
import { items } from "./support/Json.js"

/** Each stdio test starts up to three server processes: slow on a loaded machine. */
const TEST_TIMEOUT = 240_000

const ROOT = Path.resolve(Path.dirname(fileURLToPath(import.meta.url)), "../../..")

/** The test database's URL, for the stdio server started as a child process. */
class DatabaseUrl extends Context.Tag("test/DatabaseUrl")<DatabaseUrl, string>() {}

const Database = Layer.unwrapScoped(
  Effect.map(freshDatabaseUrl, (url) =>
    Layer.merge(clientLayer(Redacted.make(url), { maxConnections: 5 }), Layer.succeed(DatabaseUrl, url)))
)

interface ToolResult {
  readonly isError: boolean
  readonly value: Record<string, unknown>
}

/** An MCP client connected over `transport`, closed with the scope. */
const connect = (transport: Transport) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const client = new Client({ name: "sightline-test", version: "1.0.0" })
      await client.connect(transport)
      return client
    }),
    (client) => Effect.promise(() => client.close())
  )

const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  Effect.promise(async (): Promise<ToolResult> => {
    const result = await client.callTool({ name, arguments: args })
    const [first] = Array.isArray(result.content) ? result.content : []
    const text = typeof first === "object" && first !== null && "text" in first && typeof first.text === "string" ? first.text : "{}"
    return { isError: result.isError === true, value: JSON.parse(text) as Record<string, unknown> }
  })

const overHttp = (key: string) =>
  Effect.flatMap(baseUrl, (url) =>
    connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { "api-key": key } } })))

const overStdio = (key: string, env: Record<string, string> = {}) =>
  Effect.flatMap(DatabaseUrl, (databaseUrl) =>
    connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ["--conditions=@sightline/source", "--import", "tsx", Path.join(ROOT, "apps/mcp/src/main.ts")],
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl, SIGHTLINE_API_KEY: key, LOG_LEVEL: "warn", ...env },
        stderr: "pipe"
      })
    ))

const TOOL_NAMES = [
  "list_brands", "list_competitors", "list_prompts", "list_responses", "get_response_text", "list_citations",
  "list_search_queries", "list_cited_sources", "list_action_plans", "get_action_plan", "get_dashboard",
  "visibility_report", "citations_report", "compare_periods", "explain_metric"
]

const RANGE = { start_date: "2024-03-01", end_date: "2024-03-03" }

/** Every tool called once with the fixture, each checked against the REST API's answer for the same key. */
const callEveryTool = (client: Client, f: FixtureIds) =>
  Effect.gen(function*() {
    const key = f.keys.workspace1
    const tools = yield* Effect.promise(() => client.listTools())
    expect(tools.tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort())
    const prompts = tools.tools.find((t) => t.name === "list_prompts")
    expect(prompts?.inputSchema).toMatchObject({ type: "object", properties: { ai_model: { enum: expect.arrayContaining(["chat_gpt"]) } } })
    expect(tools.tools.every((t) => t.annotations?.readOnlyHint === true && (t.description ?? "").length > 40)).toBe(true)

    const rest = (path: string) => Effect.map(get(path, key), (reply) => reply.body)
    const same = (result: ToolResult, body: unknown) => {
      expect(result.isError).toBe(false)
      expect(result.value).toEqual(body)
    }
    same(yield* call(client, "list_brands"), yield* rest("/v1/brands/?per_page=20"))
    same(yield* call(client, "list_competitors", { brand_id: f.brandA }), yield* rest(`/v1/monitored-competitors/?brand_id=${f.brandA}&per_page=20`))
    same(yield* call(client, "list_prompts", { brand_id: f.brandA, ...RANGE, ai_model: "chat_gpt" }),
      yield* rest(`/v1/monitored-prompts/?brand_id=${f.brandA}&start_date=2024-03-01&end_date=2024-03-03&ai_model=chat_gpt&per_page=20`))
    same(yield* call(client, "list_citations", { monitored_prompt_id: f.prompts.P1 }), yield* rest(`/v1/monitored-prompts/${f.prompts.P1}/citations/?per_page=20`))
    same(yield* call(client, "list_search_queries", { monitored_prompt_id: f.prompts.P1, per_page: 1 }),
      yield* rest(`/v1/monitored-prompts/${f.prompts.P1}/search-queries/?per_page=1`))
    same(yield* call(client, "list_cited_sources", { brand_id: f.brandA, search: "example" }), yield* rest(`/v1/cited-sources/?brand_id=${f.brandA}&search=example&per_page=20`))
    same(yield* call(client, "list_action_plans", { brand_id: f.brandA }), yield* rest(`/v1/action-plans/?brand_id=${f.brandA}&per_page=20`))
    same(yield* call(client, "get_action_plan", { action_plan_id: f.planA }), yield* rest(`/v1/action-plans/${f.planA}/`))
    same(yield* call(client, "get_dashboard", { brand_id: f.brandA, ...RANGE }), yield* rest(`/v1/dashboard/?brand_id=${f.brandA}&start_date=2024-03-01&end_date=2024-03-03`))
    same(yield* call(client, "visibility_report", { brand_id: f.brandA, ...RANGE, dimensions: "ai_model,competitor", include_previous_period: true }),
      yield* rest(`/v1/reports/visibility/?brand_id=${f.brandA}&start_date=2024-03-01&end_date=2024-03-03&dimensions=ai_model,competitor&include_previous_period=true&per_page=20`))
    same(yield* call(client, "citations_report", { brand_id: f.brandA, ...RANGE, level: "url" }),
      yield* rest(`/v1/reports/citations/?brand_id=${f.brandA}&start_date=2024-03-01&end_date=2024-03-03&level=url&per_page=20`))

    // Answers: the REST page's answers in order, texts clipped, the long one readable in slices.
    const responses = yield* call(client, "list_responses", { monitored_prompt_id: f.prompts.P2 })
    const restResponses = items(yield* rest(`/v1/monitored-prompts/${f.prompts.P2}/responses/?per_page=20`))
    expect(responses.isError).toBe(false)
    const listed = items(responses.value)
    expect(listed.map((r) => r["id"])).toEqual(restResponses.map((r) => r["id"]))
    const long = listed.find((r) => r["response_text_truncated"] === true)
    expect(long?.["response_text"]).toHaveLength(CLIP_CHARS + 1)
    expect(long).not.toHaveProperty("response_markdown")
    expect(responses.value["more_text"]).toContain("get_response_text")
    const fullText = String(restResponses.find((r) => r["id"] === long?.["id"])?.["response_text"])
    const first = yield* call(client, "get_response_text", { response_id: long?.["id"], length: 1000 })
    expect(first.value).toMatchObject({ offset: 0, total_length: fullText.length, next_offset: 1000, text: fullText.slice(0, 1000) })
    const rest2 = yield* call(client, "get_response_text", { response_id: long?.["id"], offset: 1000 })
    expect(rest2.value["text"]).toBe(fullText.slice(1000))
    expect(rest2.value).not.toHaveProperty("next_offset")

    const explained = yield* call(client, "explain_metric", { metric: "visibility" })
    expect(explained.value["heading"]).toBe("mention_rate / visibility")
    expect(String(explained.value["definition"])).toContain("mentionRate(mentions, responses)")

    const compared = yield* call(client, "compare_periods", {
      brand_id: f.brandA, start_date: "2024-03-02", end_date: "2024-03-03", previous_start_date: "2024-03-01", previous_end_date: "2024-03-01"
    })
    expect(compared.isError).toBe(false)
    // Two and four answers: far below the minimum sample, so never significant whatever the change.
    expect(compared.value["visibility_change"]).toMatchObject({ significant: false, enough_data: false })
  })

/** What a brand-restricted key and another workspace's key get: the API's 403/404, never data. */
const checkScoping = <R>(open: (key: string) => Effect.Effect<Client, never, R>, f: FixtureIds) =>
  Effect.gen(function*() {
    const other = yield* open(f.keys.workspace2)
    const denied = async (client: Client, name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args })
      return { isError: result.isError, text: JSON.stringify(result.content) }
    }
    const attempts: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
      ["list_competitors", { brand_id: f.brandA }],
      ["list_prompts", { brand_id: f.brandA }],
      ["list_responses", { monitored_prompt_id: f.prompts.P1 }],
      ["get_response_text", { response_id: f.responses["r1"] }],
      ["list_citations", { monitored_prompt_id: f.prompts.P1 }],
      ["list_search_queries", { monitored_prompt_id: f.prompts.P1 }],
      ["list_cited_sources", { brand_id: f.brandA }],
      ["list_action_plans", { brand_id: f.brandA }],
      ["get_action_plan", { action_plan_id: f.planA }],
      ["get_dashboard", { brand_id: f.brandA, ...RANGE }],
      ["visibility_report", { brand_id: f.brandA, ...RANGE }],
      ["citations_report", { brand_id: f.brandA, ...RANGE }],
      ["compare_periods", { brand_id: f.brandA, ...RANGE, previous_start_date: "2024-02-01", previous_end_date: "2024-02-28" }]
    ]
    for (const [name, args] of attempts) {
      const result = yield* Effect.promise(() => denied(other, name, args))
      expect(result.isError, name).toBe(true)
      expect(result.text, name).toContain("PERMISSION_DENIED")
    }
    const brands = yield* call(other, "list_brands")
    expect(items(brands.value).map((b) => b["id"])).toEqual([f.brandC])

    const restricted = yield* open(f.keys.brandA)
    const toB = yield* call(restricted, "list_prompts", { brand_id: f.brandB })
    expect(toB).toMatchObject({ isError: true, value: { code: "PERMISSION_DENIED" } })
    const invalid = yield* call(restricted, "list_prompts", { start_date: "2024-02-30", ai_model: "gpt", per_page: 500 })
    expect(invalid.value).toEqual({
      code: "VALIDATION_ERROR",
      message: "The request parameters are invalid.",
      details: {
        start_date: "must be a valid date in YYYY-MM-DD format",
        ai_model: expect.stringContaining("must be one of"),
        per_page: "must be an integer between 1 and 100"
      }
    })
  })

/** A long answer for P2, to be clipped. */
const seedMore = (f: FixtureIds) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`INSERT INTO responses (brand_id, prompt_id, engine, collected_at, response_markdown, response_text, idempotency_key)
      VALUES (${f.brandA}, ${f.prompts.P2}, 'gemini', '2024-03-02T10:00:00Z', '', ${"Long answer. ".repeat(200)}, 'mcp-long')`
  })

layer(makeHarnessWith(Database), { timeout: 180_000, excludeTestServices: true })("MCP server", (it) => {
  it.scoped("streamable HTTP at /mcp: every tool, each answering what the REST API answers the same key", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      yield* seedMore(f)
      yield* callEveryTool(yield* overHttp(f.keys.workspace1), f)
    }), TEST_TIMEOUT)

  it.scoped("HTTP: a key's limits hold (403 across workspaces and brands, the API's 400 details); no key is a 401", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      yield* checkScoping(overHttp, f)
      const url = yield* baseUrl
      const refused = yield* Effect.promise(() =>
        fetch(`${url}/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" }))
      expect(refused.status).toBe(401)
      const revoked = yield* Effect.promise(() =>
        fetch(`${url}/mcp`, { method: "POST", headers: { "api-key": f.keys.revoked, "content-type": "application/json" }, body: "{}" }))
      expect(revoked.status).toBe(401)
      const getRefused = yield* Effect.promise(() => fetch(`${url}/mcp`, { headers: { "api-key": f.keys.workspace1 } }))
      expect(getRefused.status).toBe(405)
      expect(getRefused.headers.get("allow")).toBe("POST")
    }), TEST_TIMEOUT)

  it.scoped("stdio (pnpm mcp with SIGHTLINE_API_KEY): every tool, and the same limits", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      yield* callEveryTool(yield* overStdio(f.keys.workspace1), f)
      yield* checkScoping(overStdio, f)
    }), TEST_TIMEOUT)

  it.scoped("the key's rate limit applies to MCP too: per POST /mcp, and per tool call over stdio", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const url = yield* baseUrl
      // The limited key allows 3 requests a minute (its bucket, not its IP's).
      const statuses: Array<number> = []
      for (let i = 0; i < 4; i++) {
        const reply = yield* Effect.promise(() =>
          fetch(`${url}/mcp`, {
            method: "POST",
            headers: { "api-key": f.keys.limited, "content-type": "application/json", accept: "application/json, text/event-stream" },
            body: JSON.stringify({ jsonrpc: "2.0", id: i, method: "tools/list" })
          }))
        statuses.push(reply.status)
        if (reply.status === 429) expect(Number(reply.headers.get("retry-after"))).toBeGreaterThan(0)
      }
      expect(statuses).toEqual([200, 200, 200, 429])

      // Over stdio (its own process, its own in-memory buckets here): the start-up check and two
      // calls use the 3 tokens, the third call is refused with the API's 429 body.
      const client = yield* overStdio(f.keys.limited, { RATE_LIMIT_STORE: "memory", WEB_CONCURRENCY: "1" })
      expect((yield* call(client, "list_brands")).isError).toBe(false)
      expect((yield* call(client, "list_brands")).isError).toBe(false)
      expect(yield* call(client, "list_brands")).toMatchObject({ isError: true, value: { code: "RATE_LIMIT_EXCEEDED" } })
    }), TEST_TIMEOUT)

  it.effect("stdio refuses to start without a valid key: one plain line on stderr, exit 1, nothing on stdout", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const databaseUrl = yield* DatabaseUrl
      const start = (key: string | undefined) =>
        Effect.promise(() =>
          new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
            const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: databaseUrl, SIGHTLINE_API_KEY: key }
            const child = execFile(process.execPath, ["--conditions=@sightline/source", "--import", "tsx", Path.join(ROOT, "apps/mcp/src/main.ts")], { cwd: ROOT, env }, (error, stdout, stderr) =>
              resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : null, stdout, stderr }))
            child.stdin?.end()
          }))
      const revoked = yield* start(f.keys.revoked)
      expect(revoked.code).toBe(1)
      expect(revoked.stdout).toBe("")
      expect(revoked.stderr).toContain("Error: SIGHTLINE_API_KEY: Invalid or inactive API key.")
      const missing = yield* start(undefined)
      expect(missing.code).toBe(1)
      expect(missing.stderr).toContain("SIGHTLINE_API_KEY is not set")
    }), TEST_TIMEOUT)
})
