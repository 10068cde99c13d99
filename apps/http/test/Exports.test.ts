import { expect, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { csvColumns } from "@sightline/domain/api/Exports"
import { parse } from "csv-parse/sync"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { DOMAIN_OF, Fixture, RESPONSES, type ResponseSpec } from "./support/Fixture.js"
import { get, makeHarness } from "./support/Harness.js"
import { errorBody, items } from "./support/Json.js"

const RANGE = "start_date=2024-03-01&end_date=2024-03-03"

const ndjson = (text: string): ReadonlyArray<Record<string, unknown>> => {
  expect(text.endsWith("\n")).toBe(true)
  return text.slice(0, -1).split("\n").map((line) => JSON.parse(line) as Record<string, unknown>)
}

/** A CSV body read back by csv-parse (RFC 4180), as records keyed by the header. */
const csv = (text: string): { readonly header: ReadonlyArray<string>; readonly rows: ReadonlyArray<Record<string, string>> } => {
  const records: Array<Array<string>> = parse(text, { relax_column_count: false })
  const [header, ...rows] = records
  if (header === undefined) throw new Error("no CSV header")
  return { header, rows: rows.map((fields) => Object.fromEntries(header.map((name, i) => [name, fields[i] ?? ""]))) }
}

/** The sentiment label of docs/metrics.md, from the fixture's raw score. */
const label = (spec: ResponseSpec) =>
  spec.brand === null ? "not_mentioned" : spec.brand.sentiment >= 60 ? "positive" : spec.brand.sentiment >= 40 ? "neutral" : "negative"

const brandASpecs = RESPONSES.filter((r) => r.prompt === "P1" || r.prompt === "P2")
  .toSorted((a, b) => a.collectedAt.localeCompare(b.collectedAt))

layer(makeHarness(), { timeout: 120_000, excludeTestServices: true })("exports", (it) => {
  it.effect("responses as NDJSON: one line per answer, oldest first, with its analysis", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const reply = yield* get(`/v1/exports/responses/?brand_id=${f.brandA}&${RANGE}`, f.keys.workspace1)
      expect(reply.status).toBe(200)
      expect(reply.headers["content-type"]).toBe("application/x-ndjson")
      expect(reply.headers["ratelimit-limit"]).toBeDefined()
      const lines = ndjson(reply.text)
      expect(lines.map((l) => l["id"])).toEqual(brandASpecs.map((s) => f.responses[s.key]))
      for (const [i, spec] of brandASpecs.entries()) {
        const line = lines[i] ?? {}
        expect(line).toMatchObject({
          prompt_id: f.prompts[spec.prompt],
          ai_model: spec.engine,
          collected_at: new Date(spec.collectedAt).toISOString(),
          brand_mentioned: spec.brand !== null,
          brand_position: spec.brand?.position ?? null,
          brand_sentiment: label(spec),
          brand_sentiment_score: spec.brand === null ? null : spec.brand.sentiment.toFixed(2),
          citations: spec.citations,
          search_queries: spec.queries,
          response_text: spec.key
        })
        expect(line["competitor_mentions"]).toEqual(
          spec.mentions.toSorted((a, b) => a.position - b.position).map((m) => ({
            competitor_id: m.competitor === "X" ? f.competitorX : f.competitorY,
            name: m.competitor === "X" ? "Xeno" : "Yarn",
            position: m.position,
            sentiment: m.sentiment.toFixed(2)
          }))
        )
      }
    }))

  it.effect("filters by day range and engine, like every response endpoint", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const oneDay = yield* get(`/v1/exports/responses/?brand_id=${f.brandA}&start_date=2024-03-02&end_date=2024-03-02&ai_model=chat_gpt`, f.keys.workspace1)
      expect(oneDay.status).toBe(200)
      const expected = brandASpecs.filter((s) => s.collectedAt.startsWith("2024-03-02") && s.engine === "chat_gpt")
      expect(ndjson(oneDay.text).map((l) => l["id"])).toEqual(expected.map((s) => f.responses[s.key]))
      const none = yield* get(`/v1/exports/responses/?brand_id=${f.brandA}&start_date=2025-01-01&end_date=2025-01-02`, f.keys.workspace1)
      expect(none.status).toBe(200)
      expect(none.text).toBe("")
    }))

  it.effect("CSV reads back in csv-parse with the same values as the NDJSON", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const json = ndjson((yield* get(`/v1/exports/responses/?brand_id=${f.brandA}&${RANGE}`, f.keys.workspace1)).text)
      const reply = yield* get(`/v1/exports/responses/?brand_id=${f.brandA}&${RANGE}&format=csv`, f.keys.workspace1)
      expect(reply.status).toBe(200)
      expect(reply.headers["content-type"]).toBe("text/csv; charset=utf-8")
      expect(reply.text).toContain("\r\n")
      const { header, rows } = csv(reply.text)
      expect(header).toEqual(csvColumns("responses"))
      expect(rows.length).toBe(json.length)
      for (const [i, row] of rows.entries()) {
        const line = json[i] ?? {}
        for (const column of header) {
          const value = line[column]
          const expected = value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value)
          expect(row[column], column).toBe(expected)
        }
      }
    }))

  it.effect("any text (quotes, commas, line breaks, unicode) survives CSV and NDJSON", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const sql = yield* SqlClient.SqlClient
      const texts = fc.sample(
        fc.oneof(
          fc.string({ unit: "grapheme", maxLength: 40 }),
          fc.array(fc.constantFrom("\"", ",", "\r\n", "\n", "\r", " ", "a", "é", "😀", "''"), { maxLength: 12 }).map((a) => a.join(""))
        ).filter((s) => !s.includes("\u0000")),
        { numRuns: 40, seed: 13 }
      )
      yield* Effect.forEach(texts, (text, i) =>
        sql`INSERT INTO responses (brand_id, prompt_id, engine, collected_at, response_markdown, response_text, idempotency_key)
          VALUES (${f.brandB}, ${f.prompts.PB1}, 'perplexity', ${`2024-06-01T00:00:${String(i).padStart(2, "0")}Z`}, '',
            ${text}, ${`export-text-${i}`})`)
      const range = `brand_id=${f.brandB}&start_date=2024-06-01&end_date=2024-06-01`
      const fromCsv = csv((yield* get(`/v1/exports/responses/?${range}&format=csv`, f.keys.workspace1)).text).rows
      const fromJson = ndjson((yield* get(`/v1/exports/responses/?${range}`, f.keys.workspace1)).text)
      expect(fromCsv.map((r) => r["response_text"])).toEqual(texts)
      expect(fromJson.map((r) => r["response_text"])).toEqual(texts)
    }))

  it.effect("citations: one line per cited URL with its domain", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const reply = yield* get(`/v1/exports/citations/?brand_id=${f.brandA}&${RANGE}`, f.keys.workspace1)
      expect(reply.status).toBe(200)
      const expected = brandASpecs.flatMap((s) =>
        s.citations.map((url, ordinal) => ({
          response_id: f.responses[s.key],
          prompt_id: f.prompts[s.prompt],
          ai_model: s.engine,
          collected_at: new Date(s.collectedAt).toISOString(),
          ordinal,
          domain: DOMAIN_OF[url],
          url
        }))
      )
      expect(ndjson(reply.text)).toEqual(expected)
      const { header, rows } = csv((yield* get(`/v1/exports/citations/?brand_id=${f.brandA}&${RANGE}&format=csv`, f.keys.workspace1)).text)
      expect(header).toEqual(csvColumns("citations"))
      expect(rows.map((r) => r["url"])).toEqual(expected.map((e) => e.url))
    }))

  it.effect("prompts: the monitored-prompts list rows over the range, every prompt", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const reply = yield* get(`/v1/exports/prompts/?brand_id=${f.brandA}&${RANGE}`, f.keys.workspace1)
      expect(reply.status).toBe(200)
      const list = yield* get(`/v1/monitored-prompts/?brand_id=${f.brandA}&${RANGE}`, f.keys.workspace1)
      expect(ndjson(reply.text)).toEqual(items(list.body))
      expect(ndjson(reply.text).map((p) => p["id"])).toEqual([f.prompts.P1, f.prompts.P2, f.prompts.P3])
    }))

  it.effect("the API's errors and scoping: a key never exports another workspace's or brand's data", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const path = (kind: string, brand: number, extra = "") => `/v1/exports/${kind}/?brand_id=${brand}&${RANGE}${extra}`
      for (const kind of ["responses", "citations", "prompts"]) {
        expect((yield* get(path(kind, f.brandA))).status).toBe(401)
        const otherWorkspace = yield* get(path(kind, f.brandA), f.keys.workspace2)
        expect(otherWorkspace.status).toBe(403)
        expect(errorBody(otherWorkspace.body).code).toBe("PERMISSION_DENIED")
        expect((yield* get(path(kind, f.brandB), f.keys.brandA)).status).toBe(403)
        expect((yield* get(path(kind, f.brandC), f.keys.workspace1)).status).toBe(403)
        expect((yield* get(path(kind, 999_999), f.keys.workspace1)).status).toBe(404)
        expect((yield* get(path(kind, f.brandA), f.keys.revoked)).status).toBe(401)
      }
      const missing = yield* get("/v1/exports/responses/?format=xml", f.keys.workspace1)
      expect(missing.status).toBe(400)
      expect(errorBody(missing.body).details).toEqual({
        brand_id: "is required",
        start_date: "is required",
        end_date: "is required",
        format: "must be one of ndjson, csv"
      })
      const reversed = yield* get(`/v1/exports/responses/?brand_id=${f.brandA}&start_date=2024-03-03&end_date=2024-03-01`, f.keys.workspace1)
      expect(reversed.status).toBe(400)
      expect(errorBody(reversed.body).details).toEqual({ start_date: "must not be after end_date" })
    }))
})
