/**
 * Fuzzing generated from the served OpenAPI document: every operation, every parameter (path and
 * query) given valid values from its declared schema or odd ones (unicode, NUL, lone surrogates,
 * percent-garbage, odd ids, very long values), with and without a key. Every answer must be below
 * 500, and its body must match what the document declares for the operation and status (the
 * documented error body for errors, the response schema for 2xx).
 *
 * Bounded and seeded in `pnpm test`; `pnpm fuzz` runs long (FUZZ_RUNS, FUZZ_SEED).
 */
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { Fixture, type FixtureIds } from "./support/Fixture.js"
import { baseUrl, get, makeHarness } from "./support/Harness.js"
import { makeValidator } from "./support/OpenApiValidator.js"

const RUNS = Number(process.env["FUZZ_RUNS"] ?? 300)
const SEED = Number(process.env["FUZZ_SEED"] ?? 20261122)

interface Parameter {
  readonly name: string
  readonly in: "path" | "query"
  readonly required: boolean
  readonly schema: Record<string, unknown>
}

interface Operation {
  readonly template: string
  readonly parameters: ReadonlyArray<Parameter>
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const operationsOf = (document: unknown): ReadonlyArray<Operation> => {
  const paths = isRecord(document) && isRecord(document["paths"]) ? document["paths"] : {}
  return Object.entries(paths).flatMap(([template, item]) => {
    const get = isRecord(item) ? item["get"] : undefined
    if (!isRecord(get)) return []
    const parameters = (Array.isArray(get["parameters"]) ? get["parameters"] : []).flatMap((p: unknown): Array<Parameter> =>
      isRecord(p) && typeof p["name"] === "string" && (p["in"] === "path" || p["in"] === "query") && isRecord(p["schema"])
        ? [{ name: p["name"], in: p["in"], required: p["required"] === true, schema: p["schema"] }]
        : []
    )
    return [{ template, parameters }]
  })
}

/** Percent-encodes the UTF-8 bytes of a string (a lone surrogate becomes U+FFFD, as in any client). */
const encode = (s: string) =>
  Array.from(Buffer.from(s, "utf8"), (byte) =>
    /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`
  ).join("")

/** A value as it goes into the URL: `raw` is sent as is (percent-garbage), otherwise encoded. */
type Value = { readonly raw: boolean; readonly text: string }
const plain = (text: string): Value => ({ raw: false, text })

const fixtureIds = (f: FixtureIds): Record<string, ReadonlyArray<number>> => ({
  brand_id: [f.brandA, f.brandB, f.brandC],
  group_id: [f.groupG1, f.groupGB],
  monitored_competitor_id: [f.competitorX, f.competitorZ],
  monitored_prompt_id: [f.prompts.P1, f.prompts.PB1],
  domain_id: [f.domains["example.com"] ?? 1, f.domains["shared.example"] ?? 1],
  action_plan_id: [f.planA, f.planB]
})

const validValue = (parameter: Parameter, f: FixtureIds): fc.Arbitrary<Value> => {
  const schema = parameter.schema
  const types = JSON.stringify(schema["type"] ?? "")
  if (Array.isArray(schema["enum"])) return fc.constantFrom(...schema["enum"].map(String)).map(plain)
  if (types.includes("integer")) {
    const min = typeof schema["minimum"] === "number" ? schema["minimum"] : 0
    const max = typeof schema["maximum"] === "number" ? schema["maximum"] : Number.MAX_SAFE_INTEGER
    const ids = fixtureIds(f)[parameter.name] ?? []
    return fc.oneof(
      { arbitrary: fc.integer({ min, max: Math.min(max, 1000) }), weight: 2 },
      { arbitrary: fc.integer({ min, max }), weight: 1 },
      { arbitrary: ids.length > 0 ? fc.constantFrom(...ids) : fc.constant(min), weight: 3 }
    ).map((n) => plain(String(n)))
  }
  if (schema["format"] === "date") {
    return fc.date({ min: new Date("2023-01-01T00:00:00Z"), max: new Date("2025-12-31T00:00:00Z"), noInvalidDate: true })
      .map((d) => plain(d.toISOString().slice(0, 10)))
  }
  return fc.string({ minLength: typeof schema["minLength"] === "number" ? schema["minLength"] : 0, maxLength: 20 }).map(plain)
}

const oddValue: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom(
    "", "0", "-1", "1.0", "1e3", "0x10", " 1", "+1", "١", "null", "9007199254740991", "9007199254740992",
    "99999999999999999999999", "2024-02-30", "2024-13-01", "0000-01-01", "chat_gpt\u0000", "a\u0000b", "\u0000",
    "\uD800", "a\uDFFFb", "😀", "é", "../", "%", "' OR 1=1 --", "\\", "\u202E"
  ).map(plain),
  fc.constantFrom("%00", "%", "%zz", "%ED%A0%80", "%C0%AF", "%FF%FE", "%E2%80", "a%00b", "%2F%2E%2E").map((text) => ({ raw: true, text })),
  fc.string({ unit: "binary", maxLength: 40 }).map(plain),
  fc.string({ unit: "grapheme", maxLength: 40 }).map(plain),
  fc.integer({ min: 1000, max: 12_000 }).map((n) => plain("x".repeat(n)))
)

const KEYS = ["workspace1", "brandA", "none", "bad"] as const

layer(makeHarness(), { timeout: 600_000, excludeTestServices: true })("OpenAPI-driven fuzzing", (it) => {
  it.effect(`${RUNS} random requests over every operation: no 5xx, every body as documented`, () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const served = yield* get("/v1/openapi.json")
      const document = served.body
      const validate = makeValidator(document)
      const operations = operationsOf(document)
      expect(operations.length).toBeGreaterThanOrEqual(19)
      const url = yield* baseUrl

      const requestArb = fc.constantFrom(...operations).chain((operation) =>
        fc.record({
          operation: fc.constant(operation),
          key: fc.constantFrom(...KEYS),
          values: fc.tuple(
            ...operation.parameters.map((parameter) =>
              fc.option(fc.oneof({ arbitrary: validValue(parameter, f), weight: 3 }, { arbitrary: oddValue, weight: 2 }), {
                freq: parameter.required ? 10 : 3
              })
            )
          )
        })
      )

      const statuses = new Map<number, number>()
      const seenOperations = new Set<string>()
      yield* Effect.promise(() =>
        fc.assert(
          fc.asyncProperty(requestArb, async ({ key, operation, values }) => {
            let path = operation.template
            const query: Array<string> = []
            operation.parameters.forEach((parameter, i) => {
              const value = values[i] ?? null
              const text = value === null ? null : value.raw ? value.text : encode(value.text)
              if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, text === null || text === "" ? "1" : text)
              else if (text !== null) query.push(`${parameter.name}=${text}`)
            })
            const target = `${path}${query.length > 0 ? `?${query.join("&")}` : ""}`
            const headers: Record<string, string> = {}
            if (key === "bad") headers["api-key"] = "sl_notAKey"
            else if (key !== "none") headers["api-key"] = f.keys[key]
            const response = await fetch(`${url}${target}`, { headers })
            const text = await response.text()
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
            seenOperations.add(operation.template)
            expect(response.status, `${target} -> ${text.slice(0, 300)}`).toBeLessThan(500)
            expect(response.headers.get("content-type") ?? "", target).toContain("application/json")
            const body: unknown = JSON.parse(text)
            const result = validate(operation.template, response.status, body)
            expect(result.errors, `${target} ${response.status} ${text.slice(0, 300)}`).toBe("No errors")
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true }
        )
      )
      const total = [...statuses.values()].reduce((a, b) => a + b, 0)
      console.log(`FUZZ | ${total} requests over ${seenOperations.size} operations, seed ${SEED} | statuses ${JSON.stringify(Object.fromEntries(statuses))}`)
      expect(total).toBe(RUNS)
      expect([...statuses.keys()].filter((s) => s >= 500)).toEqual([])
      expect(seenOperations.size).toBe(operations.length)
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0)
      expect(statuses.get(400) ?? 0).toBeGreaterThan(0)
    }), Math.max(60_000, RUNS * 50))
})
