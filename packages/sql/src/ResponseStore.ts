import * as SqlClient from "@effect/sql/SqlClient"
import type * as SqlError from "@effect/sql/SqlError"
import * as SqlSchema from "@effect/sql/SqlSchema"
import type { AiModel } from "@sightline/domain/AiModel"
import type { TrackedBrand } from "@sightline/domain/analysis/Mentions"
import type { ResponseAnalysis } from "@sightline/domain/analysis/ResponseAnalysis"
import * as Arr from "effect/Array"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { BrandNotFound, PromptNotFound, ResponseNotFound } from "./AdminErrors.js"
import { foldJournal, journalAnswers, lockRollupWriters, Rollups } from "./Rollups.js"
import { responsesCollected, subscribed } from "./WebhookOutbox.js"

export interface RecordResponse {
  /** Same key again: nothing is written and `created` is false. */
  readonly idempotencyKey: string
  readonly promptId: number
  readonly engine: AiModel
  readonly model: string | null
  readonly collectedAt: Date
  readonly markdown: string
  readonly text: string
  /** The provider's raw JSON, kept as evidence. */
  readonly payload: unknown
  readonly analysis: ResponseAnalysis
}

export interface RecordedResponse {
  readonly responseId: number
  readonly created: boolean
}

export interface TrackedBrands {
  readonly brand: TrackedBrand
  readonly competitors: ReadonlyArray<TrackedBrand>
  /** The brand's language code. */
  readonly language: string
}

/** The facts every per-response analysis row repeats (so aggregates never join back to responses). */
interface ResponseFacts {
  readonly responseId: number
  readonly brandId: number
  readonly promptId: number
  readonly engine: string
  readonly collectedAt: Date
}

// PostgreSQL takes at most 65535 parameters per statement.
const MAX_PARAMETERS = 60_000

const chunksFor = <A extends Record<string, unknown>>(rows: ReadonlyArray<A>): ReadonlyArray<ReadonlyArray<A>> => {
  const first = rows[0]
  if (first === undefined) return []
  return Arr.chunksOf(rows, Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(first).length)))
}

const Facts = Schema.Struct({
  responseId: Schema.Number,
  brandId: Schema.Number,
  promptId: Schema.Number,
  engine: Schema.String,
  collectedAt: Schema.DateFromSelf
})
const KeyedId = Schema.Struct({ id: Schema.Number, key: Schema.String })
const InsertedRow = Schema.Struct({ id: Schema.Number, key: Schema.String, subscribed: Schema.Boolean })
const PromptBrand = Schema.Struct({ id: Schema.Number, brandId: Schema.Number })
/** The brand of a response being re-analysed (its lock query). */
const Owner = Schema.Struct({ brand_id: Schema.Number })
const DomainRow = Schema.Struct({ id: Schema.Number, domain: Schema.String })
const UrlRow = Schema.Struct({ id: Schema.Number, domainId: Schema.Number, url: Schema.String })
const MatchColumns = {
  website: Schema.String,
  matchMode: Schema.Literal("auto", "case-sensitive", "regex"),
  matchPattern: Schema.NullOr(Schema.String),
  matchExclusions: Schema.Array(Schema.String)
}
const BrandRow = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  displayName: Schema.String,
  aliases: Schema.Array(Schema.String),
  language: Schema.String,
  ...MatchColumns
})
const CompetitorRow = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  aliases: Schema.Array(Schema.String),
  ...MatchColumns
})

/** A row's match settings as the analysis takes them. */
const matchOf = (row: Schema.Struct.Type<typeof MatchColumns>) => ({
  website: row.website,
  match: { mode: row.matchMode, pattern: row.matchPattern, exclusions: row.matchExclusions }
})

const uniqueBy = <A>(items: ReadonlyArray<A>, key: (a: A) => string | number): ReadonlyArray<A> => {
  const seen = new Set<string | number>()
  return items.filter((item) => {
    const k = key(item)
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

/**
 * The one write path of collected answers: a response, its payload, the own brand's analysis,
 * competitor mentions, citations (with domain/URL upserts) and search queries, in one
 * transaction, idempotent on the idempotency key. Writes are batched: a whole batch of responses
 * costs a handful of statements. The answers join the rollups' journal in the same transaction, and
 * every read of rollups folds its brand's journal first, so no read sees them behind (Rollups.ts,
 * `foldJournal`). So does the `response.collected` webhook outbox (WebhookOutbox), so an answer is never announced
 * without being stored, nor stored without being announced.
 */
export class ResponseStore extends Effect.Service<ResponseStore>()("@sightline/sql/ResponseStore", {
  accessors: true,
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rollups = yield* Rollups

    const decode = <A, I>(schema: Schema.Schema<A, I>) => (rows: ReadonlyArray<unknown>) =>
      Schema.decodeUnknown(Schema.Array(schema))(rows)

    /** Writes the analysis rows of responses whose analysis rows are absent (new, or just deleted). */
    const writeAnalyses = (
      items: ReadonlyArray<{ readonly facts: ResponseFacts; readonly analysis: ResponseAnalysis }>
    ): Effect.Effect<void, SqlError.SqlError | ParseResult.ParseError> =>
      Effect.gen(function*() {
        const mentions = items.flatMap(({ analysis, facts }) =>
          uniqueBy(analysis.competitors, (c) => c.competitorId).map((c) => ({
            response_id: facts.responseId,
            competitor_id: c.competitorId,
            prompt_id: facts.promptId,
            engine: facts.engine,
            collected_at: facts.collectedAt,
            position: c.position,
            sentiment: c.sentiment
          }))
        )
        for (const chunk of chunksFor(mentions)) yield* sql`INSERT INTO response_mentions ${sql.insert(chunk)}`

        const queries = items.flatMap(({ analysis, facts }) =>
          uniqueBy(analysis.searchQueries, (q) => q).map((query, index) => ({
            response_id: facts.responseId,
            query,
            prompt_id: facts.promptId,
            engine: facts.engine,
            collected_at: facts.collectedAt,
            ordinal: index + 1
          }))
        )
        for (const chunk of chunksFor(queries)) yield* sql`INSERT INTO response_search_queries ${sql.insert(chunk)}`

        const cited = items.flatMap(({ analysis, facts }) =>
          uniqueBy(analysis.citations, (c) => c.url).map((citation, index) => ({ facts, citation, ordinal: index + 1 }))
        )
        if (cited.length === 0) return

        // Sorted upserts: concurrent writers lock domains and URLs in the same order (no deadlocks).
        const domainNames = [...new Set(cited.map((c) => c.citation.domain))].sort()
        yield* sql`
          INSERT INTO domains ${sql.insert(domainNames.map((domain) => ({ domain })))}
          ON CONFLICT (domain) DO NOTHING`
        const domains = yield* sql`SELECT id, domain FROM domains WHERE domain = ANY(${domainNames}::text[])`.pipe(
          Effect.flatMap(decode(DomainRow))
        )
        const domainIds = new Map(domains.map((d) => [d.domain, d.id]))

        const urlRows = uniqueBy(cited.map((c) => c.citation), (c) => c.url)
          .flatMap((c) => {
            const domainId = domainIds.get(c.domain)
            return domainId === undefined ? [] : [{ domain_id: domainId, url: c.url }]
          })
          .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
        for (const chunk of chunksFor(urlRows)) {
          yield* sql`INSERT INTO urls ${sql.insert(chunk)} ON CONFLICT (url) DO NOTHING`
        }
        const urlNames = urlRows.map((u) => u.url)
        const urls = yield* sql`
          SELECT id, domain_id AS "domainId", url FROM urls WHERE url = ANY(${urlNames}::text[])`.pipe(
          Effect.flatMap(decode(UrlRow))
        )
        const urlsByName = new Map(urls.map((u) => [u.url, u]))

        const citations = cited.flatMap(({ citation, facts, ordinal }) => {
          const url = urlsByName.get(citation.url)
          return url === undefined ? [] : [{
            response_id: facts.responseId,
            url_id: url.id,
            domain_id: url.domainId,
            brand_id: facts.brandId,
            prompt_id: facts.promptId,
            engine: facts.engine,
            collected_at: facts.collectedAt,
            ordinal
          }]
        })
        for (const chunk of chunksFor(citations)) yield* sql`INSERT INTO response_citations ${sql.insert(chunk)}`
      })

    const recordBatch = (inputs: ReadonlyArray<RecordResponse>) =>
      Effect.gen(function*() {
        const promptIds = [...new Set(inputs.map((i) => i.promptId))]
        // The first statement takes the rollup writers' lock of the batch's brands, shared and in brand
        // order (Rollups.ts, mergeDays); the sorted subquery runs first, so the locks follow its order.
        const prompts = yield* sql`
          SELECT p.id, p.brand_id AS "brandId", ${lockRollupWriters(sql, sql`p.brand_id`, "shared")} AS locked
          FROM (SELECT id, brand_id FROM prompts WHERE id = ANY(${promptIds}::bigint[]) ORDER BY brand_id) p`.pipe(
          Effect.flatMap(decode(PromptBrand))
        )
        const brandOf = new Map(prompts.map((p) => [p.id, p.brandId]))
        const missing = promptIds.find((id) => !brandOf.has(id))
        if (missing !== undefined) return yield* new PromptNotFound({ promptId: missing })

        const fresh = uniqueBy(inputs, (i) => i.idempotencyKey)
        const rows = fresh.map((i) => ({
          brand_id: brandOf.get(i.promptId) ?? 0,
          prompt_id: i.promptId,
          engine: i.engine,
          model: i.model,
          collected_at: i.collectedAt,
          response_markdown: i.markdown,
          response_text: i.text,
          idempotency_key: i.idempotencyKey,
          brand_mentioned: i.analysis.brand.mentioned,
          brand_position: i.analysis.brand.position,
          brand_sentiment: i.analysis.brand.sentiment,
          analyser_version: i.analysis.analyserVersion,
          analysis_judge: i.analysis.judge.kind,
          analysis_judge_model: i.analysis.judge.model
        }))
        const created = new Map<string, number>()
        // New answers some webhook subscribes to: only those cost an outbox statement (below).
        const announced: Array<number> = []
        for (const chunk of chunksFor(rows)) {
          const inserted = yield* sql`
            INSERT INTO responses ${sql.insert(chunk)}
            ON CONFLICT (idempotency_key) DO NOTHING
            RETURNING id, idempotency_key AS key, ${subscribed(sql, "response.collected", sql`responses.brand_id`)} AS subscribed`.pipe(
            Effect.flatMap(decode(InsertedRow))
          )
          for (const row of inserted) {
            created.set(row.key, row.id)
            if (row.subscribed) announced.push(row.id)
          }
        }
        const existingKeys = fresh.map((i) => i.idempotencyKey).filter((key) => !created.has(key))
        const existing = existingKeys.length === 0 ? [] : yield* sql`
          SELECT id, idempotency_key AS key FROM responses WHERE idempotency_key = ANY(${existingKeys}::text[])`.pipe(
          Effect.flatMap(decode(KeyedId))
        )
        const existingIds = new Map(existing.map((row) => [row.key, row.id]))

        const createdInputs = fresh.flatMap((input) => {
          const responseId = created.get(input.idempotencyKey)
          return responseId === undefined ? [] : [{ input, responseId }]
        })
        const payloads = createdInputs.map(({ input, responseId }) => ({
          response_id: responseId,
          payload: JSON.stringify(input.payload ?? null)
        }))
        for (const chunk of chunksFor(payloads)) yield* sql`INSERT INTO response_payloads ${sql.insert(chunk)}`
        yield* writeAnalyses(createdInputs.map(({ input, responseId }) => ({
          analysis: input.analysis,
          facts: {
            responseId,
            brandId: brandOf.get(input.promptId) ?? 0,
            promptId: input.promptId,
            engine: input.engine,
            collectedAt: input.collectedAt
          }
        })))
        // The rollups' journal, in this transaction: the next read of the brand folds it (Rollups.ts, foldJournal).
        yield* journalAnswers(createdInputs.map(({ input, responseId }) => ({ responseId, brandId: brandOf.get(input.promptId) ?? 0 })))
        // The webhook outbox, in this transaction: a stored answer is announced exactly once.
        if (announced.length > 0) yield* responsesCollected(sql, announced)

        // A key repeated within the batch is recorded once; its later copies report created=false.
        const firstCopy = new Set<string>()
        return inputs.map((input): RecordedResponse => {
          const key = input.idempotencyKey
          const newId = created.get(key)
          if (newId !== undefined && !firstCopy.has(key)) {
            firstCopy.add(key)
            return { responseId: newId, created: true }
          }
          return { responseId: newId ?? existingIds.get(key) ?? 0, created: false }
        })
      })

    /** Records many answers in one transaction (all or nothing); results are in input order. */
    const recordMany = Effect.fn("ResponseStore.recordMany")(function*(inputs: ReadonlyArray<RecordResponse>) {
      if (inputs.length === 0) return []
      return yield* sql.withTransaction(recordBatch(inputs)).pipe(
        Effect.catchTags({ SqlError: Effect.die, ParseError: Effect.die })
      )
    })

    /** Records one answer; the same idempotency key again writes nothing and gives created=false. */
    const record = Effect.fn("ResponseStore.record")(function*(input: RecordResponse) {
      const [result] = yield* recordMany([input])
      if (result === undefined) return yield* Effect.dieMessage("ResponseStore.record: no result")
      return result
    })

    /** Replaces the analysis of one stored answer (brand columns, mentions, citations, queries). */
    const replaceAnalysis = Effect.fn("ResponseStore.replaceAnalysis")(
      function*(responseId: number, analysis: ResponseAnalysis) {
        const write = Effect.gen(function*() {
          // Days leave the key sets below: no writer of this brand may be in flight (Rollups.ts, mergeDays).
          const [owner] = yield* sql`SELECT brand_id, ${lockRollupWriters(sql, sql`brand_id`, "exclusive")} AS locked
            FROM responses WHERE id = ${responseId}`.pipe(Effect.flatMap(decode(Owner)))
          // The old figures must be in the tables before they are subtracted.
          if (owner !== undefined) yield* foldJournal({ brandId: owner.brand_id })
          const citedBefore = yield* sql<{ urlId: number }>`
            SELECT url_id AS "urlId" FROM response_citations WHERE response_id = ${responseId}`
          yield* rollups.subtract([responseId])
          const updated = yield* sql`
            UPDATE responses
            SET brand_mentioned = ${analysis.brand.mentioned}, brand_position = ${analysis.brand.position},
                brand_sentiment = ${analysis.brand.sentiment}, analyser_version = ${analysis.analyserVersion},
                analysis_judge = ${analysis.judge.kind}, analysis_judge_model = ${analysis.judge.model}, analysed_at = now()
            WHERE id = ${responseId}
            RETURNING id AS "responseId", brand_id AS "brandId", prompt_id AS "promptId", engine,
                      collected_at AS "collectedAt"`.pipe(Effect.flatMap(decode(Facts)))
          const facts = updated[0]
          if (facts === undefined) return yield* new ResponseNotFound({ responseId })
          yield* sql`DELETE FROM response_mentions WHERE response_id = ${responseId}`
          yield* sql`DELETE FROM response_citations WHERE response_id = ${responseId}`
          yield* sql`DELETE FROM response_search_queries WHERE response_id = ${responseId}`
          yield* writeAnalyses([{ facts, analysis }])
          yield* rollups.add([responseId])
          yield* rollups.refreshCitations(facts.brandId, facts.promptId, citedBefore.map((row) => row.urlId))
        })
        return yield* sql.withTransaction(write).pipe(Effect.catchTags({ SqlError: Effect.die, ParseError: Effect.die }))
      }
    )

    const selectBrand = SqlSchema.findOne({
      Request: Schema.Number,
      Result: BrandRow,
      execute: (id) =>
        sql`
          SELECT id, name, display_name AS "displayName", aliases, language_code AS language, website,
                 match_mode AS "matchMode", match_pattern AS "matchPattern", match_exclusions AS "matchExclusions"
          FROM brands WHERE id = ${id}`
    })
    const selectCompetitors = SqlSchema.findAll({
      Request: Schema.Number,
      Result: CompetitorRow,
      execute: (brandId) =>
        sql`
          SELECT id, name, aliases, website, match_mode AS "matchMode", match_pattern AS "matchPattern",
                 match_exclusions AS "matchExclusions"
          FROM competitors WHERE brand_id = ${brandId} ORDER BY id`
    })

    /** The brand and its competitors as the analysis looks for them (display name counts as an alias). */
    const trackedBrands = Effect.fn("ResponseStore.trackedBrands")(function*(brandId: number) {
      const found = yield* Effect.orDie(selectBrand(brandId))
      if (Option.isNone(found)) return yield* new BrandNotFound({ brandId })
      const brand = found.value
      const competitors = yield* Effect.orDie(selectCompetitors(brandId))
      const tracked: TrackedBrands = {
        brand: {
          kind: "brand",
          id: brand.id,
          name: brand.name,
          aliases: brand.displayName !== brand.name ? [...brand.aliases, brand.displayName] : brand.aliases,
          ...matchOf(brand)
        },
        competitors: competitors.map((c): TrackedBrand => ({
          kind: "competitor",
          id: c.id,
          name: c.name,
          aliases: c.aliases,
          ...matchOf(c)
        })),
        language: brand.language
      }
      return tracked
    })

    return { record, recordMany, replaceAnalysis, trackedBrands } as const
  }),
  dependencies: [Rollups.Default]
}) {}
