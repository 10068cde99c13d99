import { describe, expect, it, layer } from "@effect/vitest"
import * as SqlClient from "@effect/sql/SqlClient"
import { AI_MODELS } from "@sightline/domain/AiModel"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as fc from "effect/FastCheck"
import * as Layer from "effect/Layer"
import { formatInterval, intervalSeconds } from "../src/AdminValidation.js"
import { ApiKeys } from "../src/ApiKeys.js"
import { Brands } from "../src/Brands.js"
import { Competitors } from "../src/Competitors.js"
import * as Csv from "../src/Csv.js"
import { Groups } from "../src/Groups.js"
import { Prompts } from "../src/Prompts.js"
import { Workspaces } from "../src/Workspaces.js"
import { TestDatabase } from "../test-support/TestDatabase.js"

const Repositories = Layer.mergeAll(
  Workspaces.Default,
  Brands.Default,
  Competitors.Default,
  Groups.Default,
  Prompts.Default,
  ApiKeys.Default
).pipe(Layer.provideMerge(TestDatabase))

const count = (table: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const [row] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql(table)}`
    return row?.n ?? -1
  })

let unique = 0
const newBrand = (overrides: { readonly country?: string; readonly language?: string } = {}) =>
  Effect.gen(function*() {
    const workspace = yield* Workspaces.create(`Workspace ${++unique}`)
    const brand = yield* Brands.create({
      workspaceId: workspace.id,
      name: `Brand ${unique}`,
      website: "https://brand.example.com",
      country: overrides.country ?? "us",
      language: overrides.language ?? "EN",
      aliases: [" Acme ", "acme", ""]
    })
    return { workspaceId: workspace.id, brandId: brand.id }
  })

layer(Repositories)("admin repositories", (it) => {
  it.effect("workspaces: names are unique and listed in id order", () =>
    Effect.gen(function*() {
      const a = yield* Workspaces.create("  Alpha  ")
      const error = yield* Effect.flip(Workspaces.create("Alpha"))
      expect(error._tag).toBe("DuplicateName")
      expect(error.message).toBe("A workspace named \"Alpha\" already exists.")
      const empty = yield* Effect.flip(Workspaces.create("   "))
      expect(empty._tag).toBe("InvalidValue")
      const all = yield* Workspaces.list()
      expect(all.find((w) => w.id === a.id)?.name).toBe("Alpha")
    }))

  it.effect("brands: codes are normalised and checked against the reference tables", () =>
    Effect.gen(function*() {
      const { brandId, workspaceId } = yield* newBrand()
      const brand = yield* Brands.get(brandId)
      expect(brand).toMatchObject({ countryCode: "US", languageCode: "en", displayName: `Brand ${unique}`, aliases: ["Acme"] })
      const base = { workspaceId, name: "Other", website: "https://other.example", country: "DE", language: "de" }
      expect((yield* Effect.flip(Brands.create({ ...base, country: "XX" })))._tag).toBe("InvalidCountry")
      expect((yield* Effect.flip(Brands.create({ ...base, country: "DEU" })))._tag).toBe("InvalidCountry")
      expect((yield* Effect.flip(Brands.create({ ...base, language: "xx" })))._tag).toBe("InvalidLanguage")
      for (const website of ["example.com", "ftp://example.com", "https://", "not a url"]) {
        expect((yield* Effect.flip(Brands.create({ ...base, website })))._tag).toBe("InvalidUrl")
      }
      expect((yield* Effect.flip(Brands.create({ ...base, workspaceId: 999_999 })))._tag).toBe("WorkspaceNotFound")
      expect((yield* Effect.flip(Brands.create({ ...base, name: brand.name })))._tag).toBe("DuplicateName")
      const listed = yield* Brands.list(workspaceId)
      expect(listed.map((b) => b.id)).toEqual([brandId])
      expect((yield* Effect.flip(Brands.list(999_999)))._tag).toBe("WorkspaceNotFound")
    }))

  it.effect("competitors and groups belong to an existing brand, names unique per brand", () =>
    Effect.gen(function*() {
      const { brandId } = yield* newBrand()
      const c = yield* Competitors.add({ brandId, name: "Rival", website: "http://rival.example", aliases: ["RIV"] })
      expect((yield* Effect.flip(Competitors.add({ brandId, name: "Rival", website: "http://rival.example" })))._tag)
        .toBe("DuplicateName")
      expect((yield* Effect.flip(Competitors.add({ brandId: 999_999, name: "X", website: "http://x.example" })))._tag)
        .toBe("BrandNotFound")
      expect((yield* Competitors.list(brandId)).map((r) => [r.id, r.aliases])).toEqual([[c.id, ["RIV"]]])
      const g = yield* Groups.create({ brandId, name: "Pricing" })
      expect((yield* Effect.flip(Groups.create({ brandId, name: "Pricing" })))._tag).toBe("DuplicateName")
      expect((yield* Groups.list(brandId)).map((r) => [r.id, r.promptsCount])).toEqual([[g.id, 0]])
      expect((yield* Effect.flip(Groups.list(999_999)))._tag).toBe("BrandNotFound")
    }))

  it.effect("prompts: defaults to all seven models every 24h, due at once; bad input writes nothing", () =>
    Effect.gen(function*() {
      const { brandId } = yield* newBrand()
      const other = yield* newBrand()
      const foreignGroup = yield* Groups.create({ brandId: other.brandId, name: "Theirs" })
      const before = yield* count("prompts")
      const p = yield* Prompts.add({ brandId, text: "best crm for startups" })
      const [listed] = yield* Prompts.list(brandId)
      expect(listed?.id).toBe(p.id)
      expect(listed?.models).toEqual(AI_MODELS)
      expect(listed?.intervalSeconds).toBe(86_400)
      expect(listed?.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
      const custom = yield* Prompts.add({ brandId, text: "crm pricing", models: ["grok", "GEMINI", "grok"], every: "6h" })
      const rows = yield* Prompts.list(brandId)
      expect(rows.find((r) => r.id === custom.id)).toMatchObject({ models: ["grok", "gemini"], intervalSeconds: 21_600 })
      expect((yield* Effect.flip(Prompts.add({ brandId, text: "x", models: ["chatgpt"] })))._tag).toBe("InvalidModel")
      expect((yield* Effect.flip(Prompts.add({ brandId, text: "x", every: "30s" })))._tag).toBe("InvalidDuration")
      expect((yield* Effect.flip(Prompts.add({ brandId, text: "x", groupId: foreignGroup.id })))._tag).toBe("GroupNotFound")
      expect((yield* Effect.flip(Prompts.add({ brandId, text: "crm pricing" })))._tag).toBe("DuplicateName")
      expect(yield* count("prompts")).toBe(before + 2)
    }))

  it.effect("prompts: CSV import validates every line first, then writes once; re-import adds nothing", () =>
    Effect.gen(function*() {
      const { brandId } = yield* newBrand()
      const file = [
        "prompt,group,models,every",
        "\"Which CRM is best, honestly?\",Comparisons,chat_gpt|perplexity,12h",
        "best crm for agencies,Comparisons,,",
        "\"multi",
        "line \"\"quoted\"\" prompt\",,gemini;grok,7d",
        "",
        "cheapest crm,Pricing,,30m"
      ].join("\r\n")
      const result = yield* Prompts.importCsv(brandId, file)
      expect(result).toEqual({ imported: 4, skipped: 0, groupsCreated: 2 })
      const rows = yield* Prompts.list(brandId)
      expect(rows.map((r) => r.text)).toEqual([
        "Which CRM is best, honestly?",
        "best crm for agencies",
        "multi\r\nline \"quoted\" prompt",
        "cheapest crm"
      ])
      expect(rows.map((r) => r.groupName)).toEqual(["Comparisons", "Comparisons", null, "Pricing"])
      expect(rows[0]?.models).toEqual(["chat_gpt", "perplexity"])
      expect(rows[2]?.intervalSeconds).toBe(7 * 86_400)
      expect(yield* Prompts.importCsv(brandId, file)).toEqual({ imported: 0, skipped: 4, groupsCreated: 0 })

      const promptsBefore = yield* count("prompts")
      const groupsBefore = yield* count("prompt_groups")
      const bad = "prompt,group,models,every\nfine prompt,New group,,\nanother,,chat_gpt|bard,\n"
      const error = yield* Effect.flip(Prompts.importCsv(brandId, bad))
      expect(error._tag).toBe("InvalidCsvLine")
      expect(error.message).toMatch(/^CSV line 3: Unknown AI model "bard"/)
      const badEvery = yield* Effect.flip(Prompts.importCsv(brandId, "prompt,every\nok,1x\n"))
      expect(badEvery.message).toMatch(/^CSV line 2: Invalid interval/)
      const noPrompt = yield* Effect.flip(Prompts.importCsv(brandId, "group\nx\n"))
      expect(noPrompt.message).toBe("CSV line 1: the header has no \"prompt\" column.")
      expect(yield* count("prompts")).toBe(promptsBefore)
      expect(yield* count("prompt_groups")).toBe(groupsBefore)
      expect((yield* Effect.flip(Prompts.importCsv(999_999, "prompt\nx\n")))._tag).toBe("BrandNotFound")
    }))

  it.effect("api keys: hashed, 6 calendar months by default, brand must be in the workspace", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const { brandId, workspaceId } = yield* newBrand()
      const other = yield* newBrand()
      const created = yield* ApiKeys.create({ workspaceId, name: "ci" })
      expect(created.key).toMatch(/^sl_[0-9A-Za-z]{40}$/)
      const [stored] = yield* sql<{ key_hash: string; ok: boolean; prefix: string }>`
        SELECT key_hash, prefix, expires_at = created_at + interval '6 months' AS ok FROM api_keys WHERE id = ${created.id}`
      expect(stored?.ok).toBe(true)
      expect(stored?.key_hash).not.toContain(created.key)
      expect(created.key.startsWith(stored?.prefix ?? "?")).toBe(true)

      const scoped = yield* ApiKeys.create({ workspaceId, name: "brand", brandId, rateLimitPerMinute: 60 })
      const foreign = yield* Effect.flip(ApiKeys.create({ workspaceId, name: "x", brandId: other.brandId }))
      expect(foreign._tag).toBe("BrandNotInWorkspace")
      expect((yield* Effect.flip(ApiKeys.create({ workspaceId, name: "x", brandId: 999_999 })))._tag).toBe("BrandNotFound")
      const past = yield* Effect.flip(ApiKeys.create({ workspaceId, name: "x", expiresAt: new Date(Date.now() - 1000) }))
      expect(past.message).toMatch(/in the past/)
      expect((yield* Effect.flip(ApiKeys.create({ workspaceId, name: "x", rateLimitPerMinute: 0 })))._tag).toBe("InvalidValue")
      expect((yield* Effect.flip(ApiKeys.create({ workspaceId: 999_999, name: "x" })))._tag).toBe("WorkspaceNotFound")

      const first = yield* ApiKeys.revoke(scoped.id)
      const again = yield* ApiKeys.revoke(scoped.id)
      expect(again.revokedAt).toEqual(first.revokedAt)
      expect((yield* Effect.flip(ApiKeys.revoke(999_999)))._tag).toBe("ApiKeyNotFound")
      const listing = yield* ApiKeys.list(workspaceId)
      expect(listing.map((k) => [k.name, k.scope, k.status])).toEqual([
        ["ci", "workspace", "active"],
        ["brand", `brand:${brandId}`, "revoked"]
      ])
    }))
})

describe("CSV parsing", () => {
  const field = fc.string({ unit: fc.constantFrom("a", "b", " ", ",", "\"", "\n", "\r\n", "é", "x") })
  const quote = (value: string) => `"${value.replaceAll("\"", "\"\"")}"`

  it.prop("reads back every quoted record written", [fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { maxLength: 6 })], ([records]) => {
    const content = records.map((r) => r.map(quote).join(",")).join("\n")
    const parsed = Csv.parse(content)
    const expected = records.filter((r) => r.some((f) => f.trim() !== ""))
    expect(Either.getOrThrow(parsed).map((r) => r.fields)).toEqual(expected)
  })

  it("names the line of an unclosed quote", () => {
    expect(Csv.parse("a\nb\n\"open,x\nmore")).toEqual(Either.left({ line: 3, reason: "a quoted field is not closed." }))
  })
})

describe("intervals", () => {
  it.prop("formatting a valid interval parses back to the same seconds", [fc.integer({ min: 1, max: 525_600 })], ([minutes]) => {
    const seconds = minutes * 60
    expect(Effect.runSync(intervalSeconds(formatInterval(seconds)))).toBe(seconds)
  })

  it("rejects malformed and out-of-range durations", () => {
    for (const raw of ["", "24", "h", "0m", "59s", "1.5h", "-1h", "366d", "24 hours"]) {
      expect(Either.isLeft(Effect.runSync(Effect.either(intervalSeconds(raw))))).toBe(true)
    }
  })
})
