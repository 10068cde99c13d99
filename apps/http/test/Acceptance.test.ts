import { expect, layer } from "@effect/vitest"
import type * as HttpMethod from "@effect/platform/HttpMethod"
import * as SqlClient from "@effect/sql/SqlClient"
import * as ApiKeyFormat from "@sightline/domain/ApiKeyFormat"
import { ApiKeys } from "@sightline/sql/ApiKeys"
import { Rollups } from "@sightline/sql/Rollups"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Fixture } from "./support/Fixture.js"
import { get, makeHarness, type Reply, request, untilRefused } from "./support/Harness.js"
import { errorBody, items } from "./support/Json.js"

/**
 * The acceptance rules of the spec and docs/api-decisions.md that the other suites do not pin down, probed
 * black-box over HTTP: every method but GET, brand_id on item endpoints, pagination and ordering
 * of every list (on crafted ties), exact field sets and formats, the OpenAPI document, key expiry
 * and revocation through the admin write path.
 */

// ---------------------------------------------------------------------------------------------
// Crafted data with ties, in a workspace of its own (one brand, so its key needs no brand_id).

interface Answer {
  readonly key: string
  readonly prompt: "Q1" | "Q2"
  readonly engine: string
  readonly at: string
  readonly brand: { readonly position: number; readonly sentiment: number } | null
  /** Competitors mentioned (by name). */
  readonly competitors: ReadonlyArray<"Dee" | "Ace">
  readonly citations: ReadonlyArray<string>
  readonly queries: ReadonlyArray<string>
}

const SAME_TIME = "2024-05-01T12:00:00.000Z"
const ANSWERS: ReadonlyArray<Answer> = [
  { key: "d1", prompt: "Q1", engine: "chat_gpt", at: SAME_TIME, brand: { position: 1, sentiment: 70 }, competitors: ["Ace"], citations: ["https://a.test/1", "https://b.test/1"], queries: ["zeta", "alpha"] },
  { key: "d2", prompt: "Q1", engine: "perplexity", at: SAME_TIME, brand: null, competitors: ["Dee"], citations: ["https://b.test/1", "https://a.test/2"], queries: ["alpha"] },
  { key: "d3", prompt: "Q1", engine: "gemini", at: "2024-05-02T00:00:00.000Z", brand: { position: 2, sentiment: 39.99 }, competitors: ["Ace"], citations: ["https://c.test/1"], queries: ["beta"] },
  { key: "d4", prompt: "Q1", engine: "grok", at: "2024-05-02T23:59:59.999Z", brand: { position: 1, sentiment: 40 }, competitors: [], citations: [], queries: ["zeta"] },
  { key: "d5", prompt: "Q2", engine: "chat_gpt", at: SAME_TIME, brand: { position: 1, sentiment: 60 }, competitors: [], citations: ["https://c.test/1", "https://a.test/1"], queries: [] },
  { key: "d6", prompt: "Q2", engine: "chat_gpt", at: "2024-05-03T00:00:00.000Z", brand: null, competitors: ["Dee"], citations: ["https://b.test/2"], queries: [] }
]
const domainOf = (url: string) => new URL(url).hostname

interface TieIds {
  readonly brand: number
  readonly key: string
  readonly prompts: Record<"Q1" | "Q2" | "Q3", number>
  readonly answers: Record<string, number>
  readonly domains: Record<string, number>
}
class Ties extends Context.Tag("test/Ties")<Ties, TieIds>() {}

const TiesLive = Layer.effect(
  Ties,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const one = (rows: ReadonlyArray<{ id: number }>) => {
      const [row] = rows
      if (row === undefined) throw new Error("insert returned no row")
      return row.id
    }
    const workspace = one(yield* sql<{ id: number }>`INSERT INTO workspaces (name) VALUES ('Tie Co') RETURNING id`)
    const brand = one(yield* sql<{ id: number }>`
      INSERT INTO brands (workspace_id, name, website, country_code, language_code, display_name, created_at)
      VALUES (${workspace}, 'Delta', 'https://delta.example', 'DE', 'de', 'Delta', '2024-01-01T00:00:00Z') RETURNING id`)
    const competitors: Record<string, number> = {}
    for (const name of ["Dee", "Ace"]) { // inserted out of name order: lists are by id
      competitors[name] = one(yield* sql<{ id: number }>`
        INSERT INTO competitors (brand_id, name, website, created_at)
        VALUES (${brand}, ${name}, ${`https://${name.toLowerCase()}.example`}, '2024-01-02T00:00:00Z') RETURNING id`)
    }
    const group = one(yield* sql<{ id: number }>`
      INSERT INTO prompt_groups (brand_id, name, created_at) VALUES (${brand}, 'Zed group', '2024-01-02T00:00:00Z') RETURNING id`)
    yield* sql`INSERT INTO prompt_groups (brand_id, name, created_at) VALUES (${brand}, 'A group', '2024-01-02T00:00:00Z')`
    const prompt = (text: string, groupId: number | null) =>
      sql<{ id: number }>`INSERT INTO prompts (brand_id, group_id, text, next_run_at, created_at)
        VALUES (${brand}, ${groupId}, ${text}, '2024-06-01T00:00:00Z', '2024-01-03T00:00:00Z') RETURNING id`.pipe(Effect.map(one))
    const prompts = { Q1: yield* prompt("zz last by text", group), Q2: yield* prompt("aa first by text", null), Q3: yield* prompt("never answered", null) }

    const domains: Record<string, number> = {}
    const urls: Record<string, number> = {}
    for (const url of new Set(ANSWERS.flatMap((a) => a.citations))) {
      const domain = domainOf(url)
      domains[domain] ??= one(yield* sql<{ id: number }>`INSERT INTO domains (domain) VALUES (${domain}) RETURNING id`)
      urls[url] = one(yield* sql<{ id: number }>`INSERT INTO urls (domain_id, url) VALUES (${domains[domain]}, ${url}) RETURNING id`)
    }
    const answers: Record<string, number> = {}
    for (const a of ANSWERS) {
      const promptId = prompts[a.prompt]
      const id = one(yield* sql<{ id: number }>`
        INSERT INTO responses (brand_id, prompt_id, engine, model, collected_at, response_markdown, response_text,
          idempotency_key, brand_mentioned, brand_position, brand_sentiment)
        VALUES (${brand}, ${promptId}, ${a.engine}, 'm', ${a.at}, ${a.key}, ${a.key}, ${`tie-${a.key}`},
          ${a.brand !== null}, ${a.brand?.position ?? null}, ${a.brand?.sentiment ?? null})
        RETURNING id`)
      answers[a.key] = id
      for (const [i, name] of a.competitors.entries()) {
        yield* sql`INSERT INTO response_mentions (response_id, competitor_id, prompt_id, engine, collected_at, position, sentiment)
          VALUES (${id}, ${competitors[name]}, ${promptId}, ${a.engine}, ${a.at}, ${i + 2}, 50)`
      }
      for (const [ordinal, url] of a.citations.entries()) {
        yield* sql`INSERT INTO response_citations (response_id, url_id, domain_id, brand_id, prompt_id, engine, collected_at, ordinal)
          VALUES (${id}, ${urls[url]}, ${domains[domainOf(url)]}, ${brand}, ${promptId}, ${a.engine}, ${a.at}, ${ordinal})`
      }
      for (const [ordinal, query] of a.queries.entries()) {
        yield* sql`INSERT INTO response_search_queries (response_id, query, prompt_id, engine, collected_at, ordinal)
          VALUES (${id}, ${query}, ${promptId}, ${a.engine}, ${a.at}, ${ordinal})`
      }
    }
    yield* Rollups.rebuild({}).pipe(Effect.provide(Rollups.Default))
    for (const promptId of [prompts.Q1, prompts.Q2]) { // same generated_at: id desc breaks the tie
      yield* sql`INSERT INTO action_plans (brand_id, prompt_id, insights_summary, generated_at)
        VALUES (${brand}, ${promptId}, 'summary', '2024-05-05T00:00:00Z')`
    }
    const key = ApiKeyFormat.generate()
    yield* sql`INSERT INTO api_keys (workspace_id, name, prefix, key_hash, rate_limit_per_minute, expires_at)
      VALUES (${workspace}, 'ties', ${ApiKeyFormat.prefixOf(key)}, ${ApiKeyFormat.hash(key)}, 1000000, now() + interval '6 months')`
    return { brand, key, prompts, answers, domains }
  }).pipe(Effect.orDie)
)

// ---------------------------------------------------------------------------------------------
// Shapes and formats of the spec, checked on every item of every body.

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/
const DECIMAL = /^-?\d+\.\d{2}$/
const MODELS = ["chat_gpt", "perplexity", "bing_copilot", "google_ai", "gemini", "grok", "google_ai_mode"]

type Kind = "int" | "string" | "timestamp" | "decimal" | "boolean" | "strings" | "models" | "model" | "impact" | "object" | "array" | "sourceType"
const isKind: Record<Kind, (v: unknown) => boolean> = {
  int: (v) => Number.isInteger(v),
  string: (v) => typeof v === "string",
  sourceType: (v) => ["own", "competitor", "ugc", "editorial", "reference", "other"].includes(String(v)),
  timestamp: (v) => typeof v === "string" && TIMESTAMP.test(v),
  decimal: (v) => typeof v === "string" && DECIMAL.test(v),
  boolean: (v) => typeof v === "boolean",
  strings: (v) => Array.isArray(v) && v.every((x) => typeof x === "string"),
  models: (v) => Array.isArray(v) && v.every((x) => MODELS.includes(String(x))),
  model: (v) => MODELS.includes(String(v)),
  impact: (v) => v === "high" || v === "medium" || v === "low",
  object: (v) => typeof v === "object" && v !== null && !Array.isArray(v),
  array: (v) => Array.isArray(v)
}
const SHAPES: Record<string, Record<string, Kind>> = {
  brand: {
    id: "int", workspace_id: "int", workspace_name: "string", name: "string", website: "string", country: "object",
    language: "object", created_at: "timestamp", display_name: "string", description: "string", key_features: "strings"
  },
  competitor: { id: "int", name: "string", created_at: "timestamp", website: "string" },
  group: { id: "int", name: "string", prompts_count: "int", created_at: "timestamp" },
  prompt: {
    id: "int", prompt: "string", brand_mentions: "int", brand_average_position: "decimal", mention_rate: "decimal",
    average_sentiment: "decimal", responses: "int", created_at: "timestamp"
  },
  response: {
    id: "int", ai_model: "model", response_markdown: "string", response_text: "string", brand_mentioned: "boolean",
    brand_sentiment: "string", citations: "strings", search_queries: "strings", created_at: "timestamp",
    analyser_version: "int"
  },
  citation: { domain: "string", count: "int", urls: "array" },
  query: { query: "string", count: "int" },
  domain: {
    domain_id: "int", domain: "string", ai_models: "models", impact: "impact", prompts_count: "int", responses_count: "int",
    urls_count: "int", source_type: "sourceType"
  },
  domainUrl: {
    url_id: "int", url: "string", ai_models: "models", impact: "impact", count: "int", prompts_count: "int",
    first_seen_at: "timestamp", source_type: "sourceType"
  },
  url: {
    url_id: "int", url: "string", ai_models: "models", impact: "impact", count: "int", prompts_count: "int",
    first_seen_at: "timestamp", domain_id: "int", domain: "string", source_type: "sourceType"
  },
  related: { prompt_id: "int", prompt: "string" },
  plan: { id: "int", actions_count: "int", generated_at: "timestamp", prompt: "string", prompt_id: "int", insights_summary: "string" }
}
const expectShape = (label: string, item: Record<string, unknown>, shape: Record<string, Kind>) => {
  expect(Object.keys(item).sort(), label).toEqual(Object.keys(shape).sort())
  for (const [field, kind] of Object.entries(shape)) expect(isKind[kind](item[field]), `${label}.${field}=${JSON.stringify(item[field])}`).toBe(true)
}

type Row = Record<string, unknown>
const num = (row: Row, field: string) => Number(row[field])
const str = (row: Row, field: string) => String(row[field])
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
/** docs/api-decisions.md, Ordering: a strict order (no ties), so pages never overlap. */
const ORDERS: Record<string, (a: Row, b: Row) => number> = {
  byId: (a, b) => num(a, "id") - num(b, "id"),
  response: (a, b) => byText(str(b, "created_at"), str(a, "created_at")) || num(b, "id") - num(a, "id"),
  citation: (a, b) => num(b, "count") - num(a, "count") || byText(str(a, "domain"), str(b, "domain")),
  query: (a, b) => num(b, "count") - num(a, "count") || byText(str(a, "query"), str(b, "query")),
  domain: (a, b) => num(b, "responses_count") - num(a, "responses_count") || byText(str(a, "domain"), str(b, "domain")),
  url: (a, b) => num(b, "count") - num(a, "count") || byText(str(a, "url"), str(b, "url")),
  related: (a, b) => num(a, "prompt_id") - num(b, "prompt_id"),
  plan: (a, b) => byText(str(b, "generated_at"), str(a, "generated_at")) || num(b, "id") - num(a, "id")
}

/** Walks every page with a small per_page and checks the pagination math, the order and the shapes. */
const crawl = (path: string, key: string, shape: string, order: string) =>
  Effect.gen(function*() {
    const sep = path.includes("?") ? "&" : "?"
    const full = yield* get(path, key)
    expect(full.status, path).toBe(200)
    expect(Object.keys(full.body as object), path).toEqual(["pagination", "data"])
    const all = items(full.body)
    const total = all.length
    expect(full.body, path).toMatchObject({
      pagination: { current_page: 1, per_page: 100, total_pages: Math.ceil(total / 100), total_records: total }
    })
    for (const perPage of [1, 2]) {
      const pages = Math.ceil(total / perPage)
      const walked: Array<Row> = []
      for (let page = 1; page <= pages + 1; page++) {
        const reply = yield* get(`${path}${sep}per_page=${perPage}&page=${page}`, key)
        expect(reply.body, `${path} page ${page}`).toMatchObject({
          pagination: { current_page: page, per_page: perPage, total_pages: pages, total_records: total }
        })
        const data = items(reply.body)
        expect(data.length).toBe(page <= pages ? Math.min(perPage, total - (page - 1) * perPage) : 0)
        walked.push(...data)
      }
      expect(walked, `${path} per_page=${perPage}`).toEqual(all)
    }
    all.forEach((item, i) => {
      expectShape(`${path}[${i}]`, item, SHAPES[shape] ?? {})
      const previous = all[i - 1]
      if (previous !== undefined) expect(ORDERS[order]?.(previous, item), `${path} order at ${i}`).toBeLessThan(0)
    })
    return all
  })

const CODES: Record<number, string> = {
  400: "VALIDATION_ERROR", 401: "AUTHENTICATION_FAILED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED", 429: "RATE_LIMIT_EXCEEDED", 500: "INTERNAL_SERVER_ERROR"
}
const expectError = (reply: Reply, status: number, message?: string) => {
  expect(reply.status).toBe(status)
  const body = errorBody(reply.body)
  expect([body.code, body.error.code]).toEqual([CODES[status], CODES[status]])
  expect(body.error.message).toBe(body.message)
  if (message !== undefined) expect(body.message).toBe(message)
}

const TestLayer = TiesLive.pipe(Layer.provideMerge(makeHarness()))

layer(TestLayer, { timeout: 120_000, excludeTestServices: true })("acceptance", (it) => {
  it.effect("every method but GET is a 405 with Allow: GET on every path, before authentication", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const paths = [
        "/v1/brands/", "/v1/groups/", `/v1/groups/${f.groupG1}/`, "/v1/monitored-competitors/",
        `/v1/monitored-competitors/${f.competitorX}/`, "/v1/monitored-prompts/", `/v1/monitored-prompts/${f.prompts.P1}/`,
        `/v1/monitored-prompts/${f.prompts.P1}/responses/`, `/v1/monitored-prompts/${f.prompts.P1}/citations/`,
        `/v1/monitored-prompts/${f.prompts.P1}/search-queries/`, "/v1/cited-sources/", "/v1/cited-sources/urls/",
        "/v1/cited-sources/1/urls/", "/v1/cited-sources/1/related-prompts/", "/v1/action-plans/", `/v1/action-plans/${f.planA}/`,
        "/v1/dashboard/", "/v1/openapi.json", "/docs"
      ]
      const methods: ReadonlyArray<HttpMethod.HttpMethod> = ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"]
      const keys = [undefined, "sl_wrong", f.keys.workspace1]
      let n = 0
      for (const path of paths) {
        for (const method of methods) {
          for (const variant of [path, path.replace(/\/$/, "")]) {
            const reply = yield* request(method, `${variant}?page=0`, keys[n++ % keys.length]) // no key, a bad one, a good one
            expect(reply.status, `${method} ${variant}`).toBe(405)
            expect(reply.headers["allow"]).toBe("GET")
            expect(reply.headers["x-request-id"]).toBeDefined()
            expect(reply.headers["ratelimit-limit"]).toMatch(/^\d+$/)
            if (method !== "HEAD") expectError(reply, 405)
          }
        }
      }
      expectError(yield* request("DELETE", "/v1/brands/1/"), 404) // no such endpoint: 404, not 405
    }))

  it.effect("brand_id on item endpoints: checked (400 / 404 / 403), the item's brand is used", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const itemPaths = [
        `/v1/monitored-prompts/${f.prompts.P1}/`, `/v1/monitored-prompts/${f.prompts.P1}/responses/`,
        `/v1/monitored-prompts/${f.prompts.P1}/citations/`, `/v1/monitored-prompts/${f.prompts.P1}/search-queries/`,
        `/v1/monitored-competitors/${f.competitorX}/`, `/v1/groups/${f.groupG1}/`, `/v1/action-plans/${f.planA}/`
      ]
      for (const path of itemPaths) {
        // A key that sees two brands needs no brand_id on an item endpoint.
        const plain = yield* get(path, f.keys.workspace1)
        expect(plain.status, path).toBe(200)
        for (const bad of ["abc", "0", "-1", "1.5", ""]) {
          const reply = yield* get(`${path}?brand_id=${bad}`, f.keys.workspace1)
          expectError(reply, 400)
          expect(reply.body, path).toMatchObject({ details: { brand_id: expect.any(String) } })
        }
        expectError(yield* get(`${path}?brand_id=${f.brandA}&brand_id=${f.brandA}`, f.keys.workspace1), 400)
        expectError(yield* get(`${path}?brand_id=987654`, f.keys.workspace1), 404)
        expectError(yield* get(`${path}?brand_id=${f.brandC}`, f.keys.workspace1), 403)
        expectError(yield* get(`${path}?brand_id=${f.brandB}`, f.keys.brandA), 403)
        // Another brand the key can see: the item's own brand still decides.
        expect((yield* get(`${path}?brand_id=${f.brandB}`, f.keys.workspace1)).body, path).toEqual(plain.body)
      }
    }))

  it.effect("every list: pagination math, pages without overlap, documented order on ties, exact fields", () =>
    Effect.gen(function*() {
      const t = yield* Ties
      const k = t.key
      yield* crawl("/v1/brands/", k, "brand", "byId")
      const competitors = yield* crawl("/v1/monitored-competitors/", k, "competitor", "byId")
      expect(competitors.map((c) => c["name"])).toEqual(["Dee", "Ace"])
      const groups = yield* crawl("/v1/groups/", k, "group", "byId")
      expect(groups.map((g) => [g["name"], g["prompts_count"]])).toEqual([["Zed group", 1], ["A group", 0]])
      const prompts = yield* crawl("/v1/monitored-prompts/", k, "prompt", "byId")
      expect(prompts.map((p) => p["id"])).toEqual([t.prompts.Q1, t.prompts.Q2, t.prompts.Q3])

      const responses = yield* crawl(`/v1/monitored-prompts/${t.prompts.Q1}/responses/`, k, "response", "response")
      const q1 = ANSWERS.filter((a) => a.prompt === "Q1")
      expect(responses.map((r) => r["id"])).toEqual(
        [...q1].sort((a, b) => byText(b.at, a.at) || (t.answers[b.key] ?? 0) - (t.answers[a.key] ?? 0)).map((a) => t.answers[a.key])
      )
      expect(responses.map((r) => r["brand_sentiment"])).toEqual(
        [...q1].sort((a, b) => byText(b.at, a.at) || (t.answers[b.key] ?? 0) - (t.answers[a.key] ?? 0))
          .map((a) => a.brand === null ? "not_mentioned" : a.brand.sentiment >= 60 ? "positive" : a.brand.sentiment >= 40 ? "neutral" : "negative")
      )

      const citations = yield* crawl(`/v1/monitored-prompts/${t.prompts.Q1}/citations/`, k, "citation", "citation")
      const q1Domains = [...new Set(q1.flatMap((a) => a.citations.map(domainOf)))]
      const citing = (answers: ReadonlyArray<Answer>, match: (url: string) => boolean) =>
        answers.filter((a) => a.citations.some(match)).length
      expect(citations.map((c) => [c["domain"], c["count"]])).toEqual(
        q1Domains.map((d) => [d, citing(q1, (u) => domainOf(u) === d)] as const)
          .sort((a, b) => b[1] - a[1] || byText(a[0], b[0]))
      )
      for (const c of citations) {
        const urls = (c["urls"] as ReadonlyArray<{ url: string; count: number }>)
        expect(urls.map((u) => [u.url, u.count])).toEqual(
          [...new Set(q1.flatMap((a) => a.citations).filter((u) => domainOf(u) === c["domain"]))]
            .map((u) => [u, citing(q1, (x) => x === u)] as const)
            .sort((a, b) => b[1] - a[1] || byText(a[0], b[0]))
        )
      }

      const queries = yield* crawl(`/v1/monitored-prompts/${t.prompts.Q1}/search-queries/`, k, "query", "query")
      expect(queries.map((q) => [q["query"], q["count"]])).toEqual(
        [...new Set(q1.flatMap((a) => a.queries))].map((q) => [q, q1.filter((a) => a.queries.includes(q)).length] as const)
          .sort((a, b) => b[1] - a[1] || byText(a[0], b[0]))
      )

      const domains = yield* crawl("/v1/cited-sources/", k, "domain", "domain")
      expect(domains.map((d) => [d["domain"], d["responses_count"]])).toEqual(
        Object.keys(t.domains).map((d) => [d, citing(ANSWERS, (u) => domainOf(u) === d)] as const)
          .sort((a, b) => b[1] - a[1] || byText(a[0], b[0]))
      )
      const urls = yield* crawl("/v1/cited-sources/urls/", k, "url", "url")
      const allUrls = [...new Set(ANSWERS.flatMap((a) => a.citations))]
      expect(urls.map((u) => [u["url"], u["count"]])).toEqual(
        allUrls.map((u) => [u, citing(ANSWERS, (x) => x === u)] as const).sort((a, b) => b[1] - a[1] || byText(a[0], b[0]))
      )
      for (const domain of Object.keys(t.domains)) {
        const perDomain = yield* crawl(`/v1/cited-sources/${t.domains[domain]}/urls/`, k, "domainUrl", "url")
        expect(perDomain).toEqual(
          urls.filter((u) => u["domain"] === domain).map(({ domain: _d, domain_id: _i, ...rest }) => rest)
        )
        const related = yield* crawl(`/v1/cited-sources/${t.domains[domain]}/related-prompts/`, k, "related", "related")
        expect(related.map((r) => r["prompt_id"])).toEqual(
          (["Q1", "Q2"] as const).filter((p) => citing(ANSWERS.filter((a) => a.prompt === p), (u) => domainOf(u) === domain) > 0)
            .map((p) => t.prompts[p])
        )
      }
      const plans = yield* crawl("/v1/action-plans/", k, "plan", "plan")
      expect(plans.map((p) => p["prompt_id"])).toEqual([t.prompts.Q2, t.prompts.Q1]) // same generated_at: id desc
    }))

  it.effect("dates are inclusive UTC days; dashboard ranking ties by name; decimals have two fraction digits", () =>
    Effect.gen(function*() {
      const t = yield* Ties
      const k = t.key
      const inDays = (start: string, end: string) => ANSWERS.filter((a) => a.at.slice(0, 10) >= start && a.at.slice(0, 10) <= end)
      for (const [start, end] of [["2024-05-01", "2024-05-01"], ["2024-05-02", "2024-05-02"], ["2024-05-02", "2024-05-03"], ["2024-04-01", "2024-04-30"]] as const) {
        const expected = inDays(start, end).filter((a) => a.prompt === "Q1").map((a) => t.answers[a.key]).sort()
        const reply = yield* get(`/v1/monitored-prompts/${t.prompts.Q1}/responses/?start_date=${start}&end_date=${end}`, k)
        expect(items(reply.body).map((r) => r["id"]).sort(), `${start}..${end}`).toEqual(expected)
        const dashboard = yield* get(`/v1/dashboard/?brand_id=${t.brand}&start_date=${start}&end_date=${end}`, k)
        expect(dashboard.body).toMatchObject({ data: { total_responses: inDays(start, end).length } })
      }
      const onlyEnd = yield* get(`/v1/monitored-prompts/?end_date=2024-05-01`, k)
      expect(items(onlyEnd.body).map((p) => p["responses"])).toEqual([2, 1, 0])
      expectError(yield* get(`/v1/monitored-prompts/?start_date=2024-05-02&end_date=2024-05-01`, k), 400)

      const reply = yield* get(`/v1/dashboard/?brand_id=${t.brand}&start_date=2024-05-01&end_date=2024-05-31`, k)
      const data = (reply.body as { data: Record<string, unknown> }).data
      // The spec's fields, plus Sightline's extra `series` and `by_ai_model`.
      expect(Object.keys(data).sort()).toEqual([
        "average_brand_sentiment", "brand_mention_rate", "brands_ranking", "by_ai_model", "competitors_count",
        "lowest_ranked_prompts", "series", "top_ranked_prompts", "total_brand_mentions", "total_prompts", "total_responses"
      ])
      const ranking = data["brands_ranking"] as ReadonlyArray<Row>
      const mentions = (name: "Dee" | "Ace") => ANSWERS.filter((a) => a.competitors.includes(name)).length
      expect(mentions("Dee")).toBe(mentions("Ace")) // the crafted tie
      expect(ranking.map((r) => [r["name"], r["ranking"], r["own_brand"]])).toEqual([
        ["Delta", 1, true], ["Ace", 2, false], ["Dee", 3, false]
      ])
      const dashboardDecimal = /^-?\d{0,4}(?:\.\d{0,2})?$/
      for (const field of ["brand_mention_rate", "average_brand_sentiment"]) {
        expect(String(data[field])).toMatch(DECIMAL)
        expect(String(data[field])).toMatch(dashboardDecimal)
      }
      for (const r of ranking) {
        for (const field of ["visibility", "average_position", "average_sentiment", "share_of_voice"]) {
          expect(String(r[field])).toMatch(DECIMAL)
          expect(String(r[field])).toMatch(dashboardDecimal)
        }
      }
      for (const list of ["top_ranked_prompts", "lowest_ranked_prompts"]) {
        for (const p of data[list] as ReadonlyArray<Row>) {
          expect(Object.keys(p).sort()).toEqual(["brand_mentions", "id", "prompt", "visibility"])
          expect(String(p["visibility"])).toMatch(/^-?\d{0,3}(?:\.\d{0,2})?$/)
          expect(String(p["visibility"])).toMatch(DECIMAL)
        }
      }
      const detail = yield* get(`/v1/monitored-prompts/${t.prompts.Q1}/`, k)
      const series = (detail.body as { data: { time_series_data: ReadonlyArray<{ date: string; brands: ReadonlyArray<Row> }> } })
        .data.time_series_data
      expect(series.map((e) => e.date)).toEqual([...new Set(ANSWERS.filter((a) => a.prompt === "Q1").map((a) => a.at.slice(0, 10)))].sort())
      for (const entry of series) {
        expect(entry.brands.map((b) => [b["name"], b["own_brand"]])).toEqual([["Delta", true], ["Dee", false], ["Ace", false]])
        for (const b of entry.brands) expect([b["mention_rate"], b["average_sentiment"]].every((v) => DECIMAL.test(String(v)))).toBe(true)
      }
    }))

  it.effect("unknown parameters are ignored and repeated known ones are a 400, on every endpoint", () =>
    Effect.gen(function*() {
      const t = yield* Ties
      const k = t.key
      const dashboard = `/v1/dashboard/?brand_id=${t.brand}&start_date=2024-05-01&end_date=2024-05-31`
      const endpoints: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
        ["/v1/brands/", ["page", "per_page"]],
        ["/v1/groups/", ["page", "per_page", "brand_id"]],
        ["/v1/monitored-competitors/", ["page", "per_page", "brand_id"]],
        ["/v1/monitored-prompts/", ["page", "per_page", "brand_id", "start_date", "end_date", "ai_model"]],
        [`/v1/monitored-prompts/${t.prompts.Q1}/`, ["brand_id", "start_date", "end_date", "ai_model"]],
        [`/v1/monitored-prompts/${t.prompts.Q1}/responses/`, ["page", "per_page", "start_date", "end_date", "ai_model"]],
        ["/v1/cited-sources/", ["page", "per_page", "start_date", "end_date", "ai_model", "search"]],
        ["/v1/cited-sources/urls/", ["search", "ai_model"]],
        [`/v1/cited-sources/${t.domains["a.test"]}/related-prompts/`, ["page", "start_date"]],
        ["/v1/action-plans/", ["page", "per_page", "brand_id"]],
        [dashboard, ["brand_id", "start_date", "end_date", "ai_model"]]
      ]
      const value: Record<string, string> = {
        page: "1", per_page: "10", brand_id: String(t.brand), start_date: "2024-05-01", end_date: "2024-05-31",
        ai_model: "chat_gpt", search: "test"
      }
      for (const [path, params] of endpoints) {
        const sep = path.includes("?") ? "&" : "?"
        const base = yield* get(path, k)
        expect(base.status, path).toBe(200)
        const ignored = yield* get(`${path}${sep}unknown=1&Page=0&foo[bar]=x&utm_source=%ZZ`, k)
        expect(ignored.body, path).toEqual(base.body)
        for (const param of params) {
          const reply = yield* get(`${path}${sep}${param}=${value[param]}&${param}=${value[param]}`, k)
          expectError(reply, 400)
          expect(reply.body, `${path} ${param}`).toMatchObject({ details: { [param]: expect.any(String) } })
        }
      }
    }))

  it.effect("the OpenAPI document: version, the spec's tags, every path with its slash, the api-key header", () =>
    Effect.gen(function*() {
      const reply = yield* get("/v1/openapi.json")
      expect(reply.status).toBe(200)
      expect(reply.headers["content-type"]).toContain("application/json")
      const doc = reply.body as {
        info: { version: string }
        tags: ReadonlyArray<{ name: string }>
        paths: Record<string, { get: { tags: ReadonlyArray<string>; security: ReadonlyArray<Record<string, unknown>> } }>
        components: { securitySchemes: Record<string, { type: string; name: string; in: string }> }
      }
      expect(doc.info.version).toBe("1.0.0")
      const specTags = ["Brands", "Groups", "Monitored Competitors", "Monitored Prompts", "Cited Sources", "Action Plans", "Dashboard"]
      // The spec's tags, then the additions: reports, exports and the health probes.
      expect(doc.tags.map((tag) => tag.name)).toEqual([...specTags, "Reports", "Exports", "Health"])
      const specPaths = [
        "/v1/brands/", "/v1/monitored-competitors/", "/v1/monitored-competitors/{monitored_competitor_id}/",
        "/v1/monitored-prompts/", "/v1/monitored-prompts/{monitored_prompt_id}/",
        "/v1/monitored-prompts/{monitored_prompt_id}/responses/", "/v1/monitored-prompts/{monitored_prompt_id}/citations/",
        "/v1/monitored-prompts/{monitored_prompt_id}/search-queries/", "/v1/cited-sources/", "/v1/cited-sources/urls/",
        "/v1/cited-sources/{domain_id}/urls/", "/v1/cited-sources/{domain_id}/related-prompts/", "/v1/action-plans/",
        "/v1/dashboard/", "/v1/groups/", "/v1/groups/{group_id}/", "/v1/action-plans/{action_plan_id}/"
      ]
      const exportPaths = ["/v1/exports/responses/", "/v1/exports/citations/", "/v1/exports/prompts/"]
      const healthPaths = ["/healthz", "/readyz"]
      const reportPaths = ["/v1/reports/visibility/", "/v1/reports/citations/"]
      expect(Object.keys(doc.paths).sort()).toEqual([...specPaths, ...reportPaths, ...exportPaths, ...healthPaths].sort())
      const schemes = Object.values(doc.components.securitySchemes)
      expect(schemes).toEqual([expect.objectContaining({ type: "apiKey", name: "api-key", in: "header" })])
      for (const [path, item] of Object.entries(doc.paths)) {
        expect(Object.keys(item), path).toEqual(["get"])
        if (healthPaths.includes(path)) {
          expect(item.get.security, path).toEqual([])
          continue
        }
        expect(item.get.security.length, path).toBeGreaterThan(0)
        expect([...specTags, "Reports", "Exports"], path).toContain(item.get.tags[0])
      }
      const docs = yield* get("/docs")
      expect(docs.status).toBe(200)
      expect(docs.headers["content-type"]).toContain("text/html")
    }))

  it.effect("keys from the admin write path: 6 calendar months by default, expiry and revocation apply within a second", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const keys = yield* ApiKeys
      const fresh = yield* keys.create({ workspaceId: f.workspace1, name: "six months", brandId: f.brandA })
      const listed = (yield* keys.list(f.workspace1)).find((k) => k.id === fresh.id)
      if (listed === undefined) throw new Error("the new key is not listed")
      const created = listed.createdAt
      const months = new Date(Date.UTC(created.getUTCFullYear(), created.getUTCMonth() + 6, 1))
      const lastDay = new Date(Date.UTC(months.getUTCFullYear(), months.getUTCMonth() + 1, 0)).getUTCDate()
      months.setUTCDate(Math.min(created.getUTCDate(), lastDay))
      months.setUTCHours(created.getUTCHours(), created.getUTCMinutes(), created.getUTCSeconds(), created.getUTCMilliseconds())
      expect(fresh.expiresAt.toISOString()).toBe(months.toISOString())
      expect((yield* get("/v1/brands/", fresh.key)).status).toBe(200)

      const revoked = yield* keys.revoke(fresh.id)
      const refused = yield* untilRefused("/v1/brands/", fresh.key)
      expectError(refused.reply, 401, "Invalid or inactive API key.")
      expect(refused.afterMillis).toBeLessThan(1_000)
      expect(revoked.revokedAt).toBeInstanceOf(Date)

      const short = yield* keys.create({ workspaceId: f.workspace1, name: "short", expiresAt: new Date(Date.now() + 1500) })
      expect((yield* get("/v1/brands/", short.key)).status).toBe(200)
      yield* Effect.sleep("1600 millis")
      expectError(yield* get("/v1/brands/", short.key), 401, "API key has expired.")
    }).pipe(Effect.provide(ApiKeys.Default)))
})
