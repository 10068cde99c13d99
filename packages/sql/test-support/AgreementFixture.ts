import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { type AiModel, isAiModel } from "@sightline/domain/AiModel"
import type { CitationReportRow } from "@sightline/domain/api/Resources"
import { ANALYSER_VERSION, type ResponseAnalysis } from "@sightline/domain/analysis/ResponseAnalysis"
import type { SourceType } from "@sightline/domain/SourceType"
import { formatDecimal } from "@sightline/domain/DecimalString"
import * as Metrics from "@sightline/domain/Metrics"
import { Brands } from "../src/Brands.js"
import { Competitors } from "../src/Competitors.js"
import { Groups } from "../src/Groups.js"
import { Prompts } from "../src/Prompts.js"
import type { CitationQuery } from "../src/read/Reports.js"
import { type RecordResponse, ResponseStore } from "../src/ResponseStore.js"
import { Rollups } from "../src/Rollups.js"
import { Workspaces } from "../src/Workspaces.js"
import { DAY_MS } from "./Days.js"
import { TestDatabase } from "./TestDatabase.js"

/**
 * What the agreement tests (read SQL versus the pure definitions over raw rows) share: a tracked
 * brand "Own" (https://own.example) with competitors Alpha, Beta and Gamma (https://<name>.example)
 * and groups G1 and G2; random mentions; the raw answers and mentions read back.
 */
/** The repositories the agreement tests write and read through, on the file's own test database. */
export const AgreementLive = Layer.mergeAll(
  Workspaces.Default,
  Brands.Default,
  Competitors.Default,
  Groups.Default,
  Prompts.Default,
  ResponseStore.Default,
  Rollups.Default
).pipe(Layer.provideMerge(TestDatabase))

export const trackedBrand = (workspaceName: string) =>
  Effect.gen(function*() {
    const workspace = yield* Workspaces.create(workspaceName)
    const brand = yield* Brands.create({
      workspaceId: workspace.id,
      name: "Own",
      displayName: "Own",
      website: "https://own.example",
      country: "US",
      language: "en",
      aliases: []
    })
    const competitors = yield* Effect.forEach(["Alpha", "Beta", "Gamma"], (name) =>
      Competitors.add({ brandId: brand.id, name, website: `https://${name}.example`, aliases: [] }).pipe(
        Effect.map(({ id }) => ({ id, name }))
      ))
    const groups = yield* Effect.forEach(["G1", "G2"], (name) => Groups.create({ brandId: brand.id, name }))
    return { workspace, brand, competitors, groups }
  })

/** A mention's position and a two-decimal sentiment. */
const mention = fc.record({
  position: fc.integer({ min: 1, max: 9 }),
  sentiment: fc.integer({ min: 0, max: 10_000 }).map((c) => c / 100)
})

/**
 * A random analysis of one answer: the own brand mentioned or not, a random subset of the given
 * competitors, and up to `maxCitations` of `pages` cited.
 */
export const arbitraryAnalysis = (
  competitorIds: ReadonlyArray<number>,
  pages: ReadonlyArray<{ readonly url: string; readonly domain: string }>,
  maxCitations: number
) =>
  fc.record({
    brand: fc.option(mention, { nil: null }),
    competitors: fc.subarray([...competitorIds]).chain((ids) =>
      fc.tuple(...ids.map((id) => mention.map((m) => ({ ...m, competitorId: id }))))
    ),
    citations: fc.shuffledSubarray([...pages], { maxLength: maxCitations })
  }).map(({ brand, citations, competitors }): ResponseAnalysis => ({
    brand: brand === null
      ? { mentioned: false, position: null, sentiment: null }
      : { mentioned: true, position: brand.position, sentiment: brand.sentiment },
    competitors,
    citations,
    searchQueries: [],
    analyserVersion: ANALYSER_VERSION,
    judge: { kind: "local", model: null, fallback: null }
  }))

/**
 * Names (of competitors, in prompts) where PostgreSQL's JSON escaping and JSON.stringify's could
 * differ: quotes, backslashes, control characters, line separators, astral characters.
 */
export const TRICKY_NAMES = ["Quote \"Q\"", "Back\\slash /", "Tab\tnew\nline\rend", "Ctl \u0001\u001f\u007f", "Sep \u2028\u2029 end", "Ünïcödé 日本 😀", "</script>"]

/** A generated answer: its prompt and engine, when (days and seconds after the test's first day), its analysis. */
export interface GeneratedAnswer {
  readonly prompt: number
  readonly engine: AiModel
  readonly offset: number
  readonly second: number
  readonly analysis: ResponseAnalysis
}

/** A generated answer as the write path takes it, collected `offset` days and `second` seconds after `firstDay`. */
export const answerRecord = (firstDay: number, idempotencyKey: string, answer: GeneratedAnswer): RecordResponse => ({
  idempotencyKey,
  promptId: answer.prompt,
  engine: answer.engine,
  model: null,
  collectedAt: new Date(firstDay + answer.offset * DAY_MS + answer.second * 1000),
  markdown: "m",
  text: "t",
  payload: null,
  analysis: answer.analysis
})

export const RawAnswer = Schema.Struct({
  id: Schema.Number,
  promptId: Schema.Number,
  groupId: Schema.NullOr(Schema.Number),
  engine: Schema.String,
  day: Schema.String,
  position: Schema.NullOr(Schema.Number),
  sentiment: Schema.NullOr(Schema.Number)
})

export const RawMention = Schema.Struct({
  responseId: Schema.Number,
  competitorId: Schema.Number,
  position: Schema.Number,
  sentiment: Schema.Number
})

/** The brand's answers as stored (the own brand's position and sentiment, null when not named). */
export const rawAnswers = (brandId: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`
      SELECT r.id, r.prompt_id AS "promptId", p.group_id AS "groupId", r.engine,
        to_char(r.collected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
        r.brand_position AS position, r.brand_sentiment::float8 AS sentiment
      FROM responses r JOIN prompts p ON p.id = r.prompt_id WHERE r.brand_id = ${brandId}`.pipe(
      Effect.flatMap(Schema.decodeUnknown(Schema.Array(RawAnswer)))
    ))

/** The competitor mentions of the brand's answers. */
export const rawMentions = (brandId: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`
      SELECT m.response_id AS "responseId", m.competitor_id AS "competitorId", m.position, m.sentiment::float8 AS sentiment
      FROM response_mentions m JOIN responses r ON r.id = m.response_id WHERE r.brand_id = ${brandId}`.pipe(
      Effect.flatMap(Schema.decodeUnknown(Schema.Array(RawMention)))
    ))

export const RawCitation = Schema.Struct({
  responseId: Schema.Number,
  engine: Schema.String,
  day: Schema.String,
  urlId: Schema.Number,
  url: Schema.String,
  domainId: Schema.Number,
  domain: Schema.String
})

/** The citations of the brand's answers, with their URL and domain. */
export const rawCitations = (brandId: number) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`
      SELECT rc.response_id AS "responseId", rc.engine, to_char(rc.collected_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
        rc.url_id AS "urlId", u.url, rc.domain_id AS "domainId", d.domain
      FROM response_citations rc JOIN urls u ON u.id = rc.url_id JOIN domains d ON d.id = rc.domain_id
      WHERE rc.brand_id = ${brandId}`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(RawCitation)))))

/** What the citations report's expected rows are computed from: the raw rows and the brand's classifier. */
export interface CitationFacts {
  readonly citations: ReadonlyArray<typeof RawCitation.Type>
  readonly answers: ReadonlyArray<typeof RawAnswer.Type>
  readonly mentions: ReadonlyArray<typeof RawMention.Type>
  readonly competitors: ReadonlyArray<{ readonly id: number; readonly name: string }>
  readonly classify: (source: string) => SourceType
}

/** Every row of the citations report for the query, from the raw rows, in the report's order. */
export const expectedCitationRows = (facts: CitationFacts, query: Omit<CitationQuery, "brandId" | "page">) => {
  const { period } = query
  const answerById = new Map(facts.answers.map((a) => [a.id, a]))
  const mentionsOf = new Map<number, Array<typeof RawMention.Type>>()
  for (const m of facts.mentions) mentionsOf.set(m.responseId, [...(mentionsOf.get(m.responseId) ?? []), m])
  const byEngine = query.dimensions.includes("ai_model")
  const byDay = query.dimensions.includes("date")
  const scoped = facts.citations.filter((rc) =>
    rc.day >= period.start_date && rc.day <= period.end_date &&
    (query.aiModels === undefined || query.aiModels.some((m) => m === rc.engine))
  )
  const keyed = new Map<string, Array<typeof RawCitation.Type>>()
  for (const rc of scoped) {
    const k = JSON.stringify([query.level === "url" ? rc.urlId : rc.domainId, byEngine ? rc.engine : "", byDay ? rc.day : ""])
    keyed.set(k, [...(keyed.get(k) ?? []), rc])
  }
  return [...keyed.values()].map((group): CitationReportRow => {
    const first = group[0]
    const ids = [...new Set(group.map((rc) => rc.responseId))]
    const coMentioned = facts.competitors.map((comp) => ({
      competitor_id: comp.id,
      name: comp.name,
      responses: ids.filter((id) => (mentionsOf.get(id) ?? []).some((m) => m.competitorId === comp.id)).length
    })).filter((m) => m.responses > 0)
      .sort((a, b) => b.responses - a.responses || Metrics.compareNames(a.name, b.name))
    return {
      domain_id: first?.domainId ?? 0,
      domain: first?.domain ?? "",
      ...(query.level === "url" ? { url_id: first?.urlId ?? 0, url: first?.url ?? "" } : {}),
      ...(byEngine && first !== undefined && isAiModel(first.engine) ? { ai_model: first.engine } : {}),
      ...(byDay ? { date: first?.day ?? "" } : {}),
      citations: group.length,
      responses_citing: ids.length,
      citation_share: formatDecimal(Metrics.mentionRate(group.length, scoped.length)),
      responses_mentioning_brand: ids.filter((id) => answerById.get(id)?.position !== null).length,
      co_mentioned_competitors: coMentioned,
      source_type: facts.classify(query.level === "url" ? first?.url ?? "" : first?.domain ?? "")
    }
  }).sort((a, b) =>
    b.citations - a.citations ||
    Metrics.compareNames(query.level === "url" ? a.url ?? "" : a.domain, query.level === "url" ? b.url ?? "" : b.domain) ||
    Metrics.compareNames(a.ai_model ?? "", b.ai_model ?? "") ||
    Metrics.compareNames(a.date ?? "", b.date ?? "")
  )
}
