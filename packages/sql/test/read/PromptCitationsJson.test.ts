import * as SqlClient from "@effect/sql/SqlClient"
import { expect, layer } from "@effect/vitest"
import { AI_MODELS } from "@sightline/domain/AiModel"
import type { PromptCitation } from "@sightline/domain/api/Resources"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { Prompts } from "../../src/Prompts.js"
import { listCitations, listCitationsJson } from "../../src/read/Prompts.js"
import type { ResponseFilters } from "../../src/read/Query.js"
import { ResponseStore } from "../../src/ResponseStore.js"
import { AgreementLive, answerRecord, arbitraryAnalysis, trackedBrand, TRICKY_NAMES } from "../../test-support/AgreementFixture.js"
import { dayAfter } from "../../test-support/Days.js"

/**
 * A prompt's citations page is written as JSON text by PostgreSQL (read/Prompts.ts,
 * listCitationsJson) and sent as it is: it must be byte for byte what JSON.stringify writes for
 * the page computed here from the raw citations (domains counted in distinct answers, URLs in
 * answers, most cited first, ties in byte order as `COLLATE "C"` sorts), for random answers,
 * ranges, engines and pages, after re-analyses that take citations away (the rollup's rows left at
 * zero must not list a domain). Domains and URLs with quotes, backslashes, control characters, line
 * separators and astral characters are where escaping could differ; few pages and few answers
 * make ties on the page boundary common.
 */
// Across a month's end (and a leap day): ranges read day, month and year rows of the rollup.
const FIRST_DAY = Date.UTC(2024, 1, 20)
const day = (offset: number) => dayAfter(FIRST_DAY, offset)

const DOMAINS = ["a.example", "b.example", "B.example", "é.example", ...TRICKY_NAMES.map((name, i) => `${name}.${i}`)]
// One to three URLs per domain, some sharing a prefix (byte order decides their ties).
const PAGES = DOMAINS.flatMap((domain, i) =>
  ["", "/x", `/${TRICKY_NAMES[i % TRICKY_NAMES.length]}`].slice(0, 1 + (i % 3)).map((path) => ({ domain, url: `https://${domain}${path}` }))
)

const RawCitation = Schema.Struct({
  responseId: Schema.Number,
  engine: Schema.String,
  day: Schema.String,
  domain: Schema.String,
  url: Schema.String
})

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"))

/** The page and the number of cited domains, from the raw citations, in TypeScript. */
const referencePage = (
  rows: ReadonlyArray<typeof RawCitation.Type>,
  filters: ResponseFilters,
  page: number,
  perPage: number
) => {
  const inScope = rows.filter((r) =>
    (filters.startDate === undefined || r.day >= filters.startDate) &&
    (filters.endDate === undefined || r.day <= filters.endDate) &&
    (filters.aiModel === undefined || r.engine === filters.aiModel)
  )
  const domains = new Map<string, { answers: Set<number>; urls: Map<string, number> }>()
  for (const r of inScope) {
    const found = domains.get(r.domain) ?? { answers: new Set<number>(), urls: new Map<string, number>() }
    found.answers.add(r.responseId)
    found.urls.set(r.url, (found.urls.get(r.url) ?? 0) + 1)
    domains.set(r.domain, found)
  }
  const ranked: Array<PromptCitation> = [...domains].map(([domain, d]) => ({
    domain,
    count: d.answers.size,
    urls: [...d.urls].map(([url, count]) => ({ url, count })).sort((a, b) => b.count - a.count || byBytes(a.url, b.url))
  })).sort((a, b) => b.count - a.count || byBytes(a.domain, b.domain))
  return { total: ranked.length, data: ranked.slice((page - 1) * perPage, page * perPage) }
}

layer(AgreementLive, { timeout: 120_000 })("prompt citations as JSON text", (it) => {
  it.effect("is what JSON.stringify writes for the page computed from the raw citations, for random answers, ranges and pages", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* ResponseStore
      const { brand, competitors } = yield* trackedBrand("Prompt citations JSON")
      const prompt = yield* Prompts.add({ brandId: brand.id, text: "prompt citations" })
      const other = yield* Prompts.add({ brandId: brand.id, text: "another prompt" })
      const answers = fc.sample(
        fc.record({
          prompt: fc.constantFrom(prompt.id, prompt.id, prompt.id, other.id),
          engine: fc.constantFrom(...AI_MODELS),
          offset: fc.integer({ min: 0, max: 20 }),
          analysis: arbitraryAnalysis(competitors.map((c) => c.id), PAGES, 5)
        }),
        { numRuns: 150, seed: 21 }
      )
      yield* store.recordMany(answers.map((a, i) => answerRecord(FIRST_DAY, `citations-${i}`, { ...a, second: i })))
      const written = (yield* sql<{ id: number }>`SELECT id FROM responses WHERE prompt_id = ${prompt.id} ORDER BY id`).map((r) => r.id)
      const reanalyses = fc.sample(fc.tuple(fc.constantFrom(...written), arbitraryAnalysis(competitors.map((c) => c.id), PAGES, 2)), {
        numRuns: 25,
        seed: 23
      })
      for (const [id, analysis] of reanalyses) yield* store.replaceAnalysis(id, analysis)
      const raw = yield* sql`
        SELECT rc.response_id AS "responseId", rc.engine, to_char(rc.collected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
          d.domain, u.url
        FROM response_citations rc JOIN domains d ON d.id = rc.domain_id JOIN urls u ON u.id = rc.url_id
        WHERE rc.prompt_id = ${prompt.id}`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(RawCitation))))

      const requests = fc.sample(
        fc.record({
          start: fc.option(fc.integer({ min: -3, max: 23 }), { nil: undefined }),
          end: fc.option(fc.integer({ min: -3, max: 23 }), { nil: undefined }),
          engine: fc.option(fc.constantFrom(...AI_MODELS), { nil: undefined }),
          page: fc.integer({ min: 1, max: 4 }),
          perPage: fc.constantFrom(1, 2, 3, 5, 100)
        }),
        { numRuns: 80, seed: 22 }
      )
      // And every single day whole: where a re-analysis took a day's only citation of a domain away.
      const days = Array.from({ length: 21 }, (_, offset) => ({ start: offset, end: offset, engine: undefined, page: 1, perPage: 100 }))
      let listed = 0
      for (const r of [...requests, ...days]) {
        const filters: ResponseFilters = {
          startDate: r.start === undefined ? undefined : day(r.start),
          endDate: r.end === undefined ? undefined : day(r.end),
          aiModel: r.engine
        }
        const label = JSON.stringify(r)
        const expected = referencePage(raw, filters, r.page, r.perPage)
        const found = yield* listCitationsJson(prompt.id, filters, { page: r.page, perPage: r.perPage })
        expect(found.data_json, label).toBe(JSON.stringify(expected.data))
        expect(found.pagination, label).toEqual({
          current_page: r.page,
          per_page: r.perPage,
          total_pages: Math.ceil(expected.total / r.perPage),
          total_records: expected.total
        })
        // The decoded page (the MCP tool's) is the same page.
        const decoded = yield* listCitations(prompt.id, filters, { page: r.page, perPage: r.perPage })
        expect(JSON.stringify(decoded.data), label).toBe(found.data_json)
        listed += expected.data.length
      }
      // The requests are not all empty pages: the comparison saw escaped domains and URLs.
      expect(listed).toBeGreaterThan(60)
    }))
})
