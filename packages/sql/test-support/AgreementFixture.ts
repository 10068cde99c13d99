import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import type { AiModel } from "@sightline/domain/AiModel"
import { ANALYSER_VERSION, type ResponseAnalysis } from "@sightline/domain/analysis/ResponseAnalysis"
import { Brands } from "../src/Brands.js"
import { Competitors } from "../src/Competitors.js"
import { Groups } from "../src/Groups.js"
import { Prompts } from "../src/Prompts.js"
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
