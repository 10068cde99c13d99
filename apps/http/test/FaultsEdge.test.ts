import { expect, it, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { isStorableText, MAX_ID, MAX_PAGE } from "@sightline/domain/api/Params"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import * as Net from "node:net"
import * as DatabaseProxy from "./support/DatabaseProxy.js"
import { Fixture } from "./support/Fixture.js"
import { baseUrl, get, makeHarness, makeHarnessWith, type Reply } from "./support/Harness.js"
import { errorBody } from "./support/Json.js"

const expectErrorBody = (reply: Reply, status: number, code: string) => {
  expect(reply.status, reply.text).toBe(status)
  const body = errorBody(reply.body)
  expect(body.code).toBe(code)
  expect(body.error.code).toBe(code)
  expect(body.error.message).toBe(body.message)
}

/**
 * Transactions committed or rolled back in the current database so far (pg_stat_database). A
 * backend reports its counters lazily (up to 10 s after it goes idle) but always when it exits, so
 * the other backends of the database are ended first (the pool opens new ones when needed).
 */
const transactions = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()`
  yield* sql`SELECT pg_stat_force_next_flush()`
  yield* Effect.sleep("500 millis")
  const [row] = yield* sql<{ n: number }>`
    SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`
  return row?.n ?? 0
})

/** Our own statements in `transactions` and the pool's new connections (each starts with one). */
const OVERHEAD = 15

/** A flood takes ~25 s on a busy 2-core machine, past vitest's default 30 s when tests share it. */
const FLOOD_TIMEOUT = 120_000

/** `count` GETs of `path` with these keys, 8 at a time over keep-alive connections; their statuses. */
const flood = (path: string, keys: ReadonlyArray<string>) =>
  Effect.flatMap(baseUrl, (url) =>
    Effect.promise(async () => {
      const statuses: Array<number> = []
      let next = 0
      const worker = async () => {
        while (next < keys.length) {
          const key = keys[next++] ?? ""
          const response = await fetch(`${url}${path}`, { headers: { "api-key": key } })
          await response.arrayBuffer()
          statuses.push(response.status)
        }
      }
      await Promise.all(Array.from({ length: 8 }, worker))
      return statuses
    }))

/** The object at `path` inside `u`, or {} when there is none. */
const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)
const isRecordAt = (u: unknown, path: ReadonlyArray<string>): Record<string, unknown> => {
  const at = path.reduce<unknown>((value, key) => isRecord(value) ? value[key] : undefined, u)
  return isRecord(at) ? at : {}
}

/** A raw HTTP exchange: what the server answers before it closes the connection (or "reset"). */
const raw = (payload: string | Buffer) =>
  Effect.flatMap(baseUrl, (url) =>
    Effect.async<string>((resume) => {
      const socket = Net.connect(Number(new URL(url).port), "127.0.0.1")
      let answer = ""
      socket.on("data", (chunk) => (answer += chunk.toString("latin1")))
      socket.on("error", (error) => resume(Effect.succeed(answer === "" ? `reset: ${error.message}` : answer)))
      socket.on("close", () => resume(Effect.succeed(answer)))
      socket.write(payload)
    }))

const parseRaw = (answer: string) => {
  const [head = "", body = ""] = answer.split("\r\n\r\n", 2)
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)
  return { status, head, body: body === "" ? undefined : JSON.parse(body) as unknown, text: body, headers: {} }
}

it("storable text: exactly the strings UTF-8 can carry, without NUL", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary" }), (s) => {
      const roundTrips = Buffer.from(s, "utf8").toString("utf8") === s
      expect(isStorableText(s)).toBe(roundTrips && !s.includes("\u0000"))
    }),
    { seed: 8, numRuns: 500 }
  )
  expect(isStorableText("a\uD800b")).toBe(false)
  expect(isStorableText("a\uDC00")).toBe(false)
  expect(isStorableText("😀 é")).toBe(true)
})

layer(makeHarness(), { timeout: 120_000, excludeTestServices: true })("edge", (it) => {
  it.effect("finding 2: a NUL in any text parameter is a 400 with details, never a 500", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const k = f.keys.brandA
      const cases: ReadonlyArray<readonly [string, string]> = [
        [`/v1/cited-sources/urls/?brand_id=${f.brandA}&search=a%00b`, "search"],
        [`/v1/cited-sources/?search=%00`, "search"],
        [`/v1/cited-sources/${f.domains["example.com"]}/urls/?search=x%00`, "search"],
        [`/v1/monitored-prompts/?start_date=2024-01-01%00`, "start_date"],
        [`/v1/monitored-prompts/?end_date=%002024-01-01`, "end_date"],
        [`/v1/monitored-prompts/?ai_model=chat_gpt%00`, "ai_model"],
        [`/v1/monitored-prompts/?group_id=1%00`, "group_id"],
        [`/v1/brands/?page=1%00`, "page"],
        [`/v1/dashboard/?brand_id=${f.brandA}&start_date=2024-01-01&end_date=2024-01-02%00`, "end_date"]
      ]
      for (const [path, param] of cases) {
        const reply = yield* get(path, k)
        expectErrorBody(reply, 400, "VALIDATION_ERROR")
        expect(Object.keys(errorBody(reply.body).details ?? {}), path).toEqual([param])
      }
      const search = errorBody((yield* get(`/v1/cited-sources/urls/?search=a%00b`, k)).body)
      expect(search.details?.["search"]).toBe("must not contain NUL characters or unpaired UTF-16 surrogates")
      expect((yield* get("/v1/cited-sources/urls/?search=%C3%A9%F0%9F%98%80", k)).status).toBe(200)
    }))

  it.effect("finding 8: every integer parameter declares its maximum, and the message states it", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const k = f.keys.brandA
      const page = yield* get("/v1/brands/?page=9007199254740992", k)
      expectErrorBody(page, 400, "VALIDATION_ERROR")
      expect(errorBody(page.body).details).toEqual({ page: `must be an integer between 1 and ${MAX_PAGE}` })
      expect((yield* get(`/v1/brands/?page=${MAX_PAGE}`, k)).status).toBe(200)
      const id = yield* get(`/v1/monitored-prompts/?brand_id=${MAX_ID + 1}`, k)
      expect(errorBody(id.body).details).toEqual({ brand_id: `must be an integer between 1 and ${MAX_ID}` })
      expectErrorBody(yield* get(`/v1/groups/${MAX_ID + 1}/`, k), 404, "NOT_FOUND")

      const doc = (yield* get("/v1/openapi.json")).body
      const parameters: Array<{ name: string; schema: Record<string, unknown> }> = []
      const walk = (u: unknown) => {
        if (Array.isArray(u)) u.forEach(walk)
        else if (typeof u === "object" && u !== null) {
          if ("in" in u && "name" in u && "schema" in u && typeof u.name === "string" && isRecord(u.schema)) {
            parameters.push({ name: u.name, schema: u.schema })
          }
          Object.values(u).forEach(walk)
        }
      }
      walk(doc)
      const integers = parameters.filter((p) => JSON.stringify(p.schema["type"]).includes("integer"))
      expect(integers.length).toBeGreaterThan(30)
      for (const p of integers) {
        expect(p.schema["maximum"], p.name).toEqual(expect.any(Number))
        expect(p.schema["minimum"], p.name).toBe(1)
      }
    }))

  it.effect("finding 7: parser-level errors answer with the documented JSON body, with explicit limits", () =>
    Effect.gen(function*() {
      const malformed = parseRaw(yield* raw("GARBAGE\r\n\r\n"))
      expectErrorBody(malformed, 400, "VALIDATION_ERROR")
      expect(malformed.head.toLowerCase()).toContain("content-type: application/json")

      const bigHeader = parseRaw(yield* raw(`GET /v1/brands/ HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`))
      expectErrorBody(bigHeader, 431, "REQUEST_HEADER_FIELDS_TOO_LARGE")
      expect(errorBody(bigHeader.body).message).toContain("16384")

      for (const length of [10_000, 70_000, 200_000]) {
        const longUrl = parseRaw(yield* raw(`GET /v1/brands/?x=${"a".repeat(length)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`))
        expectErrorBody(longUrl, 414, "URI_TOO_LONG")
        expect(errorBody(longUrl.body).message).toContain("8192")
      }
      const viaClient = yield* get(`/v1/brands/?x=${"a".repeat(9000)}`)
      expectErrorBody(viaClient, 414, "URI_TOO_LONG")
    }))

  it.effect("finding 6: /healthz and /readyz are never rate limited, and are in the OpenAPI document", () =>
    Effect.gen(function*() {
      const doc = JSON.stringify((yield* get("/v1/openapi.json")).body)
      expect(doc).toContain(`"/healthz"`)
      expect(doc).toContain(`"/readyz"`)
    }))
})

layer(makeHarness({ defaultRateLimitPerMinute: 3 }), { timeout: 120_000, excludeTestServices: true })("health under a spent IP bucket", (it) => {
  it.effect("finding 6: after the client's bucket is spent, health probes still answer 200", () =>
    Effect.gen(function*() {
      for (let i = 0; i < 5; i++) yield* get("/v1/brands/")
      expectErrorBody(yield* get("/v1/brands/"), 429, "RATE_LIMIT_EXCEEDED")
      for (let i = 0; i < 20; i++) {
        expect((yield* get("/healthz")).body).toEqual({ status: "ok" })
        expect((yield* get("/readyz")).body).toEqual({ status: "ok", database: "ok" })
      }
    }))
})

layer(makeHarness(), { timeout: 120_000, excludeTestServices: true })("bad-key flood", (it) => {
  it.effect("finding 5: 2,000 requests with one unknown key cost (almost) no database transactions", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const before = yield* transactions
      const started = Date.now()
      const statuses = yield* flood("/v1/brands/", Array.from({ length: 2000 }, () => "sl_thisKeyDoesNotExist0000000000000000000000"))
      const seconds = (Date.now() - started) / 1000
      const after = yield* transactions
      expect(new Set(statuses)).toEqual(new Set([401]))
      console.log(`FAULTS | 2,000 requests with one unknown key | ${after - before} transactions in ${seconds.toFixed(1)} s`)
      // One lookup per second of flood at most (the refusal is remembered for a second), plus
      // OVERHEAD; without the negative cache this is about 2,000.
      expect(after - before).toBeLessThanOrEqual(Math.ceil(seconds) + OVERHEAD)
      expect((yield* get("/v1/brands/", f.keys.brandA)).status).toBe(200)
    }), FLOOD_TIMEOUT)
})

layer(makeHarness(), { timeout: 120_000, excludeTestServices: true })("busy valid key", (it) => {
  it.effect("500 requests with one valid key: one page query each, the key looked up at most twice a second", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const before = yield* transactions
      const started = Date.now()
      const statuses = yield* flood("/v1/brands/", Array.from({ length: 500 }, () => f.keys.brandA))
      const seconds = (Date.now() - started) / 1000
      const after = yield* transactions
      expect(new Set(statuses)).toEqual(new Set([200]))
      console.log(`FAULTS | 500 requests with one valid key | ${after - before} transactions in ${seconds.toFixed(1)} s`)
      // 500 page statements; a verdict kept for half a second means two lookups a second, plus
      // one last_used_at write a second, and twice OVERHEAD: the pool reconnects up to 10
      // connections that `transactions` ended. A lookup per request made this about 1,000.
      expect(after - before).toBeLessThanOrEqual(500 + 4 * Math.ceil(seconds) + 2 * OVERHEAD)
    }), FLOOD_TIMEOUT)
})

layer(makeHarness({ defaultRateLimitPerMinute: 100 }), { timeout: 120_000, excludeTestServices: true })("distinct bad keys", (it) => {
  it.effect("finding 5: the IP bucket is charged before the key lookup; once empty, refusals cost no queries", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      // A key seen valid keeps working from a client whose bucket is spent.
      expect((yield* get("/v1/brands/", f.keys.brandA)).status).toBe(200)
      const before = yield* transactions
      const started = Date.now()
      const statuses = yield* flood("/v1/brands/", Array.from({ length: 1000 }, (_, i) => `sl_random${String(i).padStart(36, "0")}`))
      // The bucket holds 100 and refills one every 600 ms.
      const allowed = 100 + Math.ceil((Date.now() - started) / 600)
      const after = yield* transactions
      const refused = statuses.filter((s) => s === 401).length
      console.log(`FAULTS | 1,000 distinct unknown keys, IP limit 100/min | ${refused} x 401, ${1000 - refused} x 429, ${after - before} transactions`)
      expect(refused).toBeLessThanOrEqual(allowed)
      expect(statuses.filter((s) => s === 429).length).toBe(1000 - refused)
      // A lookup only for the requests the bucket let through, plus OVERHEAD; charging the bucket
      // after the lookup made this about 1,000.
      expect(after - before).toBeLessThanOrEqual(allowed + OVERHEAD)
      expect((yield* get("/v1/brands/", f.keys.brandA)).status).toBe(200)
    }))
})

layer(makeHarnessWith(DatabaseProxy.layer, { defaultRateLimitPerMinute: 5 }), { timeout: 120_000, excludeTestServices: true })(
  "database outage",
  (it) => {
    it.effect("finding 3: an unreachable database is a 503 with Retry-After, never a 429 the caller did not earn", () =>
      Effect.gen(function*() {
        const f = yield* Fixture
        const doc = (yield* get("/v1/openapi.json")).body
        const responses = isRecordAt(doc, ["paths", "/v1/brands/", "get", "responses"])
        for (const status of ["429", "503"]) {
          expect(isRecordAt(responses, [status, "headers", "Retry-After"]), status).not.toEqual({})
        }
        expect(JSON.stringify(isRecordAt(responses, ["503"]))).toContain("#/components/schemas/ServiceUnavailable")
        const proxy = yield* DatabaseProxy.DatabaseProxy
        yield* proxy.cut
        // A key allowed 1,000,000 a minute, from a client whose IP bucket holds 5: 60 requests.
        const replies = yield* Effect.forEach(
          Array.from({ length: 60 }, (_, i) => i % 2 === 0 ? "/v1/brands/" : `/v1/monitored-prompts/${f.prompts.P1}/`),
          (path) => get(path, f.keys.workspace1),
          { concurrency: 4 }
        )
        for (const reply of replies) {
          expectErrorBody(reply, 503, "SERVICE_UNAVAILABLE")
          expect(Number(reply.headers["retry-after"])).toBeGreaterThanOrEqual(1)
        }
        expectErrorBody(yield* get("/readyz"), 503, "SERVICE_UNAVAILABLE")
        expect((yield* get("/healthz")).status).toBe(200)
        yield* proxy.restore
        const started = Date.now()
        let status = 0
        while (status !== 200 && Date.now() - started < 5_000) {
          status = (yield* get("/v1/brands/", f.keys.workspace1)).status
          if (status !== 200) yield* Effect.sleep("50 millis")
        }
        expect(status).toBe(200)
        console.log(`FAULTS | database unreachable (DATABASE_URL), then back | API serving ${Date.now() - started} ms after`)
        expect((yield* get("/readyz")).status).toBe(200)
      }))
  }
)
