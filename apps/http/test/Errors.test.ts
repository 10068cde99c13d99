import { expect, layer } from "@effect/vitest"
import type * as HttpClient from "@effect/platform/HttpClient"
import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import * as Runtime from "effect/Runtime"
import * as fc from "fast-check"
import { Fixture, type FixtureIds } from "./support/Fixture.js"
import { get, makeHarness, type Reply, request, untilRefused } from "./support/Harness.js"
import { errorBody } from "./support/Json.js"
import { makeValidator } from "./support/OpenApiValidator.js"

const CODES: Record<number, string> = {
  400: "VALIDATION_ERROR",
  401: "AUTHENTICATION_FAILED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  429: "RATE_LIMIT_EXCEEDED",
  500: "INTERNAL_SERVER_ERROR"
}

/** Both documented error shapes at once. */
const expectError = (reply: Reply, status: number, message?: string) => {
  expect(reply.status).toBe(status)
  const code = CODES[status]
  const body = errorBody(reply.body)
  expect(body.code).toBe(code)
  expect(body.error.code).toBe(code)
  expect(body.error.message).toBe(body.message)
  if (message !== undefined) expect(body.message).toBe(message)
}

/** Every endpoint, as a template and as a concrete path for the fixture. */
const endpoints = (f: FixtureIds) => [
  { template: "/v1/brands/", path: "/v1/brands/" },
  { template: "/v1/groups/", path: "/v1/groups/" },
  { template: "/v1/groups/{group_id}/", path: `/v1/groups/${f.groupG1}/` },
  { template: "/v1/monitored-competitors/", path: "/v1/monitored-competitors/" },
  { template: "/v1/monitored-competitors/{monitored_competitor_id}/", path: `/v1/monitored-competitors/${f.competitorX}/` },
  { template: "/v1/monitored-prompts/", path: "/v1/monitored-prompts/" },
  { template: "/v1/monitored-prompts/{monitored_prompt_id}/", path: `/v1/monitored-prompts/${f.prompts.P1}/` },
  { template: "/v1/monitored-prompts/{monitored_prompt_id}/responses/", path: `/v1/monitored-prompts/${f.prompts.P1}/responses/` },
  { template: "/v1/monitored-prompts/{monitored_prompt_id}/citations/", path: `/v1/monitored-prompts/${f.prompts.P1}/citations/` },
  { template: "/v1/monitored-prompts/{monitored_prompt_id}/search-queries/", path: `/v1/monitored-prompts/${f.prompts.P1}/search-queries/` },
  { template: "/v1/cited-sources/", path: "/v1/cited-sources/" },
  { template: "/v1/cited-sources/urls/", path: "/v1/cited-sources/urls/" },
  { template: "/v1/cited-sources/{domain_id}/urls/", path: `/v1/cited-sources/${f.domains["example.com"]}/urls/` },
  { template: "/v1/cited-sources/{domain_id}/related-prompts/", path: `/v1/cited-sources/${f.domains["example.com"]}/related-prompts/` },
  { template: "/v1/action-plans/", path: "/v1/action-plans/" },
  { template: "/v1/action-plans/{action_plan_id}/", path: `/v1/action-plans/${f.planA}/` },
  {
    template: "/v1/dashboard/",
    path: `/v1/dashboard/?brand_id=${f.brandA}&start_date=2024-03-01&end_date=2024-03-31`
  },
  {
    template: "/v1/reports/visibility/",
    path: `/v1/reports/visibility/?brand_id=${f.brandA}&start_date=2024-03-01&end_date=2024-03-31&dimensions=ai_model,competitor&include_previous_period=true`
  },
  {
    template: "/v1/reports/citations/",
    path: `/v1/reports/citations/?brand_id=${f.brandA}&start_date=2024-03-01&end_date=2024-03-31&dimensions=ai_model,date&level=url`
  }
]

layer(makeHarness(), { timeout: 120_000, excludeTestServices: true })("errors, auth, tenancy", (it) => {
  it.effect("authentication: the spec's three messages, before validation", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      expectError(yield* get("/v1/brands/"), 401, "Authentication credentials were not provided.")
      expectError(yield* get("/v1/brands/", ""), 401, "Authentication credentials were not provided.")
      expectError(yield* get("/v1/brands/", "sl_wrong"), 401, "Invalid or inactive API key.")
      expectError(yield* get("/v1/brands/", f.keys.revoked), 401, "Invalid or inactive API key.")
      expectError(yield* get("/v1/brands/", f.keys.expired), 401, "API key has expired.")
      expectError(yield* get("/v1/brands/?page=0"), 401)
      expect((yield* get("/v1/brands/", f.keys.workspace1, { "API-KEY": f.keys.workspace1 })).status).toBe(200)
    }))

  it.effect("a revoked key fails within a second; last_used_at is recorded off the request path", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const sql = yield* SqlClient.SqlClient
      expect((yield* get("/v1/brands/", f.keys.brandA)).status).toBe(200)
      yield* Effect.sleep("400 millis")
      const [used] = yield* sql<{ last_used_at: Date | null }>`SELECT last_used_at FROM api_keys WHERE id = ${f.keyIds["brandA"]}`
      expect(used?.last_used_at).toBeInstanceOf(Date)
      const [other] = yield* sql<{ last_used_at: Date | null }>`SELECT last_used_at FROM api_keys WHERE id = ${f.keyIds["workspace2"]}`
      expect(other?.last_used_at).toBeNull()

      expect((yield* get("/v1/brands/", f.keys.workspace2)).status).toBe(200)
      yield* sql`UPDATE api_keys SET revoked_at = now() WHERE id = ${f.keyIds["workspace2"]}`
      const revoked = yield* untilRefused("/v1/brands/", f.keys.workspace2)
      expectError(revoked.reply, 401, "Invalid or inactive API key.")
      expect(revoked.afterMillis).toBeLessThan(1_000)
      yield* sql`UPDATE api_keys SET revoked_at = NULL WHERE id = ${f.keyIds["workspace2"]}`
      // A refused key is remembered for a second (a flood of it costs no queries), then looked up again.
      expectError(yield* get("/v1/brands/", f.keys.workspace2), 401, "Invalid or inactive API key.")
      yield* Effect.sleep("1100 millis")
      expect((yield* get("/v1/brands/", f.keys.workspace2)).status).toBe(200)
    }))

  it.effect("validation: every bad parameter in details, never a 500", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const k = f.keys.brandA
      for (const bad of ["0", "-1", "1e1", "0x10", " 1", "1.0", "+1", "abc", ""]) {
        const reply = yield* get(`/v1/brands/?page=${encodeURIComponent(bad)}`, k)
        expectError(reply, 400)
        expect(reply.body).toMatchObject({ details: { page: expect.any(String) } })
      }
      for (const bad of ["0", "101", "1e2", "abc"]) {
        expect((yield* get(`/v1/brands/?per_page=${bad}`, k)).body).toMatchObject({ details: { per_page: expect.any(String) } })
      }
      const many = yield* get(
        "/v1/monitored-prompts/?page=0&per_page=500&start_date=2024-02-30&end_date=24-01-01&ai_model=gpt&brand_id=x&group_id=-3",
        k
      )
      expectError(many, 400)
      expect(Object.keys(errorBody(many.body).details ?? {}).sort()).toEqual(
        ["ai_model", "brand_id", "end_date", "group_id", "page", "per_page", "start_date"]
      )
      expect((yield* get("/v1/brands/?page=1&page=2", k)).body).toMatchObject({ details: { page: "must be given once" } })
      expect((yield* get("/v1/monitored-prompts/?ai_model=", k)).body).toMatchObject({ details: { ai_model: expect.any(String) } })
      expect((yield* get("/v1/cited-sources/?search=", k)).body).toMatchObject({ details: { search: expect.any(String) } })
      const order = yield* get("/v1/monitored-prompts/?start_date=2024-03-02&end_date=2024-03-01", k)
      expect(order.body).toMatchObject({ details: { start_date: expect.any(String) } })
      expect((yield* get("/v1/monitored-prompts/?start_date=2024-02-29&unknown=1", k)).status).toBe(200)
      const dashboard = yield* get("/v1/dashboard/", k)
      expectError(dashboard, 400)
      expect(Object.keys(errorBody(dashboard.body).details ?? {}).sort()).toEqual(["brand_id", "end_date", "start_date"])
      const several = yield* get("/v1/monitored-prompts/", f.keys.workspace1)
      expectError(several, 400)
      expect(several.body).toMatchObject({ details: { brand_id: expect.any(String) } })
    }))

  it.effect("404 for unknown paths (even without a key), bad ids and missing resources", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      expectError(yield* get("/v1/nothing/"), 404)
      expectError(yield* get("/nothing"), 404)
      for (const id of ["abc", "0", "-1", "1.5", "99999999"]) {
        expectError(yield* get(`/v1/monitored-prompts/${id}/`, f.keys.workspace1), 404)
        expectError(yield* get(`/v1/monitored-competitors/${id}/`, f.keys.workspace1), 404)
        expectError(yield* get(`/v1/action-plans/${id}/`, f.keys.workspace1), 404)
        expectError(yield* get(`/v1/groups/${id}/`, f.keys.workspace1), 404)
        expectError(yield* get(`/v1/cited-sources/${id}/urls/?brand_id=${f.brandA}`, f.keys.workspace1), 404)
      }
      expectError(yield* get(`/v1/cited-sources/${f.uncitedDomain}/urls/?brand_id=${f.brandA}`, f.keys.workspace1), 404)
      for (const raw of ["/v1/monitored-prompts/%ZZ/", "/v1/monitored-prompts/%E0%A4%A/", `/v1/cited-sources/?brand_id=${f.brandA}&search=%ZZ`]) {
        const reply = yield* get(raw, f.keys.workspace1)
        expect(reply.status, raw).toBeLessThan(500)
        if (reply.status !== 200) expectError(reply, reply.status)
      }
      expectError(yield* get("/v1/monitored-prompts/?brand_id=999999", f.keys.workspace1), 404)
    }))

  it.effect("paths are served with and without the trailing slash", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      for (const e of endpoints(f)) {
        const [path = "", query] = e.path.split("?")
        const scoped = (p: string) => `${p}?${query ?? `brand_id=${f.brandA}`}`
        const withSlash = yield* get(scoped(path), f.keys.workspace1)
        const without = yield* get(scoped(path.replace(/\/$/, "")), f.keys.workspace1)
        expect(withSlash.status, path).toBe(200)
        expect(without.body).toEqual(withSlash.body)
      }
    }))

  it.effect("405 with Allow: GET for other methods on known paths, before authentication", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
        for (const path of ["/v1/brands/", "/v1/brands", `/v1/monitored-prompts/${f.prompts.P1}/responses/`, "/v1/dashboard/"]) {
          const reply = yield* request(method, path)
          expectError(reply, 405)
          expect(reply.headers["allow"]).toBe("GET")
        }
      }
      expectError(yield* request("POST", "/v1/nothing/"), 404)
      // "Every method but GET": HEAD too, even with a valid key, and on the unauthenticated paths.
      for (const path of ["/v1/brands/", "/v1/openapi.json", "/docs", "/healthz"]) {
        const head = yield* request("HEAD", path, f.keys.brandA)
        expect(head.status, path).toBe(405)
        expect(head.headers["allow"]).toBe("GET")
        expect(head.text).toBe("")
      }
    }))

  it.effect("an unexpected failure is a JSON 500 without internals", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const sql = yield* SqlClient.SqlClient
      yield* sql`ALTER TABLE actions RENAME TO actions_away`
      const reply = yield* get("/v1/action-plans/", f.keys.brandA).pipe(
        Effect.ensuring(Effect.orDie(sql`ALTER TABLE actions_away RENAME TO actions`))
      )
      expectError(reply, 500, "An unexpected error occurred.")
      expect(reply.text).not.toMatch(/actions|relation|sql/i)
      expect(reply.headers["x-request-id"]).toBeDefined()
      expect((yield* get("/v1/action-plans/", f.keys.brandA)).status).toBe(200)
    }))

  it.effect("x-request-id and rate-limit headers on every response", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      for (const reply of [
        yield* get("/v1/brands/", f.keys.brandA),
        yield* get("/v1/brands/"),
        yield* get("/v1/nothing"),
        yield* request("POST", "/v1/brands/"),
        yield* get("/v1/openapi.json")
      ]) {
        expect(reply.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/)
        expect(Number(reply.headers["ratelimit-limit"])).toBeGreaterThan(0)
        expect(reply.headers["ratelimit-remaining"]).toMatch(/^\d+$/)
        expect(reply.headers["ratelimit-reset"]).toMatch(/^\d+$/)
      }
      // The health probes are never rate limited, so they carry no bucket's headers.
      for (const probe of [yield* get("/healthz"), yield* get("/readyz")]) {
        expect(probe.status).toBe(200)
        expect(probe.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/)
        expect(probe.headers["ratelimit-limit"]).toBeUndefined()
      }
      const kept = yield* get("/v1/brands/", f.keys.brandA, { "x-request-id": "client-id-123" })
      expect(kept.headers["x-request-id"]).toBe("client-id-123")
      const replaced = yield* get("/v1/brands/", f.keys.brandA, { "x-request-id": "bad id with spaces" })
      expect(replaced.headers["x-request-id"]).not.toBe("bad id with spaces")
    }))

  it.effect("429 with Retry-After once a key's bucket is empty", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const replies: Array<Reply> = []
      for (let i = 0; i < 4; i++) replies.push(yield* get("/v1/brands/", f.keys.limited))
      expect(replies.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200])
      expect(replies.map((r) => r.headers["ratelimit-remaining"])).toEqual(["2", "1", "0", "0"])
      expect(replies[0]?.headers["ratelimit-limit"]).toBe("3")
      const limited = replies[3]
      if (limited === undefined) throw new Error("no reply")
      expectError(limited, 429)
      expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1)
    }))

  it.effect("tenancy sweep: keys of another workspace or brand get only 403/404, never data", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const foreign = [
        `/v1/monitored-prompts/${f.prompts.PB1}/`,
        `/v1/monitored-prompts/${f.prompts.PB1}/responses/`,
        `/v1/monitored-prompts/${f.prompts.PB1}/citations/`,
        `/v1/monitored-prompts/${f.prompts.PB1}/search-queries/`,
        `/v1/monitored-competitors/${f.competitorZ}/`,
        `/v1/groups/${f.groupGB}/`,
        `/v1/action-plans/${f.planB}/`,
        `/v1/monitored-prompts/?brand_id=${f.brandB}`,
        `/v1/monitored-competitors/?brand_id=${f.brandB}`,
        `/v1/groups/?brand_id=${f.brandB}`,
        `/v1/action-plans/?brand_id=${f.brandB}`,
        `/v1/cited-sources/?brand_id=${f.brandB}`,
        `/v1/cited-sources/urls/?brand_id=${f.brandB}`,
        `/v1/monitored-prompts/?group_id=${f.groupGB}`,
        `/v1/cited-sources/${f.domains["shared.example"]}/urls/`,
        `/v1/cited-sources/${f.domains["shared.example"]}/related-prompts/`,
        `/v1/dashboard/?brand_id=${f.brandB}&start_date=2024-01-01&end_date=2024-12-31`,
        `/v1/reports/visibility/?brand_id=${f.brandB}&start_date=2024-01-01&end_date=2024-12-31`,
        `/v1/reports/citations/?brand_id=${f.brandB}&start_date=2024-01-01&end_date=2024-12-31`,
        `/v1/reports/visibility/?brand_id=${f.brandA}&start_date=2024-01-01&end_date=2024-12-31&group_id=${f.groupGB}`,
        `/v1/reports/visibility/?brand_id=${f.brandA}&start_date=2024-01-01&end_date=2024-12-31&prompt_id=${f.prompts.P1},${f.prompts.PB1}`,
        ...["responses", "citations", "prompts"].flatMap((kind) => [
          `/v1/exports/${kind}/?brand_id=${f.brandB}&start_date=2024-01-01&end_date=2024-12-31`,
          `/v1/exports/${kind}/?brand_id=${f.brandB}&start_date=2024-01-01&end_date=2024-12-31&format=csv`
        ])
      ]
      for (const path of foreign) expectError(yield* get(path, f.keys.brandA), 403, "You do not have permission to access this resource.")
      const ofA = endpoints(f).map((e) => e.path).filter((p) => !p.startsWith("/v1/brands"))
        .map((p) => p.includes("brand_id") ? p : `${p}${p.includes("?") ? "&" : "?"}brand_id=${f.brandA}`)
      for (const key of [f.keys.workspace2]) {
        for (const path of ofA) expectError(yield* get(path, key), 403)
      }
      for (const path of ofA) {
        const reply = yield* get(path.replace(`brand_id=${f.brandA}`, `brand_id=${f.brandC}`), f.keys.workspace1)
        // Item endpoints take the brand from the item (A, visible to this key): brand_id is ignored.
        expect(JSON.stringify(reply.body)).not.toContain("Gamma")
        if (!/\/\d+\//.test(path)) expectError(reply, 403)
      }
      const c = yield* get(`/v1/cited-sources/${f.domains["only-c.example"]}/urls/?brand_id=${f.brandA}`, f.keys.workspace1)
      expectError(c, 403)
      const shared = yield* get(`/v1/cited-sources/${f.domains["shared.example"]}/urls/?brand_id=${f.brandA}`, f.keys.workspace1)
      expect(shared.body).toMatchObject({ pagination: { total_records: 0 }, data: [] })
      const own = yield* get(`/v1/cited-sources/${f.domains["shared.example"]}/urls/`, f.keys.workspace2)
      expect(own.body).toMatchObject({ data: [{ url: "https://shared.example/p", count: 1 }] })
    }))

  it.effect("fuzz: arbitrary query values and path ids give documented errors, never a 5xx", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const runtime = yield* Effect.runtime<HttpClient.HttpClient>()
      const run = <A>(effect: Effect.Effect<A, never, HttpClient.HttpClient>) => Runtime.runPromise(runtime)(effect)
      const params = ["page", "per_page", "start_date", "end_date", "ai_model", "brand_id", "group_id", "search", "dimensions", "prompt_id", "include_previous_period", "level"]
      const paths = endpoints(f).map((e) => e.path.split("?")[0] ?? "")
      const templates = ["/v1/monitored-prompts/$/", "/v1/monitored-prompts/$/responses/", "/v1/monitored-competitors/$/",
        "/v1/action-plans/$/", "/v1/groups/$/", "/v1/cited-sources/$/urls/", "/v1/cited-sources/$/related-prompts/"]
      const value = fc.oneof(fc.string(), fc.string({ unit: "binary", maxLength: 8 }), fc.constantFrom("1", "0", "-1", "2024-02-29", "1e3", "chat_gpt", "'; DROP TABLE brands; --", "%", "null"))
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(fc.constantFrom(...paths), fc.dictionary(fc.constantFrom(...params), value, { maxKeys: 4 }), async (path, query) => {
            const qs = new URLSearchParams(query).toString()
            const reply = await run(get(`${path}?brand_id=${f.brandA}&${qs}`, f.keys.workspace1))
            if (reply.status >= 500) throw new Error(`${reply.status} for ${path}?${qs}: ${reply.text}`)
            if (reply.status !== 200) expectError(reply, reply.status)
          }),
          { numRuns: 150 }
        )
      )
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(fc.constantFrom(...templates), fc.string({ minLength: 1 }), async (template, id) => {
            const reply = await run(get(`${template.replace("$", encodeURIComponent(id))}?brand_id=${f.brandA}`, f.keys.workspace1))
            expect([200, 403, 404]).toContain(reply.status)
            if (reply.status !== 200) expectError(reply, reply.status)
          }),
          { numRuns: 100 }
        )
      )
    }))

  it.effect("live responses validate against the served OpenAPI document", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const served = yield* get("/v1/openapi.json")
      expect(served.status).toBe(200)
      expect(served.body).toMatchObject({ openapi: "3.1.0", info: { version: "1.0.0" } })
      const validate = makeValidator(served.body)
      const checks: Array<readonly [string, Reply]> = []
      for (const e of endpoints(f)) {
        const sep = e.path.includes("?") ? "&" : "?"
        const scoped = e.path.startsWith("/v1/brands") || e.path.includes("brand_id") ? e.path : `${e.path}${sep}brand_id=${f.brandA}`
        checks.push([e.template, yield* get(scoped, f.keys.workspace1)])
        checks.push([e.template, yield* get(`${e.path}${sep}page=0&start_date=x`, f.keys.workspace1)])
        checks.push([e.template, yield* get(e.path)])
        checks.push([e.template, yield* get(scoped, f.keys.workspace2)])
      }
      checks.push(["/v1/monitored-prompts/{monitored_prompt_id}/", yield* get("/v1/monitored-prompts/999999/", f.keys.workspace1)])
      checks.push(["/v1/brands/", (yield* Effect.forEach([1, 2, 3, 4], () => get("/v1/brands/", f.keys.limited))).at(-1) ?? served])
      const statuses = new Set<number>()
      for (const [template, reply] of checks) {
        statuses.add(reply.status)
        const result = validate(template, reply.status, reply.body)
        expect(result.errors, `${template} ${reply.status} ${reply.text}`).toBe("No errors")
        expect(result.ok).toBe(true)
      }
      expect([...statuses].sort()).toEqual([200, 400, 401, 403, 404, 429])
      const doc = JSON.stringify(served.body)
      for (const name of ["brand_id", "group_id", "search"]) expect(doc).toContain(`"name":"${name}"`)
      const docs = yield* get("/docs")
      expect(docs.status).toBe(200)
      expect(docs.text).toContain("<html")
      expect(docs.text).not.toMatch(/src="https?:\/\//)
      const live = yield* get("/healthz")
      expect(live.body).toEqual({ status: "ok" })
      expect(validate("/healthz", live.status, live.body).ok).toBe(true)
      const ready = yield* get("/readyz")
      expect(ready.body).toEqual({ status: "ok", database: "ok" })
      expect(validate("/readyz", ready.status, ready.body).ok).toBe(true)
    }))
})
