import * as SqlClient from "@effect/sql/SqlClient"
import type * as SqlError from "@effect/sql/SqlError"
import type * as Statement from "@effect/sql/Statement"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { applyFunctionPairs, brandWhere, countDifferences, installApplyFunction } from "./ApplyFunctions.js"
import {
  citationMentionDifferences,
  citationMentionFunctions,
  rebuildCitationMentions
} from "./CitationMentionRollup.js"
import { competitorEngineDifferences, competitorEngineFunctions, rebuildCompetitorEngines } from "./CompetitorEngineRollup.js"
import { promptCitationDifferences, promptCitationFunctions, rebuildPromptCitations } from "./PromptCitationRollup.js"
import {
  promptCompetitorDifferences,
  promptCompetitorFunctions,
  rebuildPromptCompetitor
} from "./PromptCompetitorRollup.js"
import * as ReadPool from "./ReadPool.js"
import { grainColumn, grainSets, periodColumn, periodsOf, rebuildMemory } from "./RebuildGrains.js"

/**
 * The rollups: per-day, per-month (and per-year) sums and counts of the analysed answers, so that the dashboard,
 * the prompt figures and the cited sources read a bounded number of rows instead of a brand's
 * whole history. One table per grain the read side groups by:
 *
 * - `rollup_brand` (0005): brand × prompt group × engine × period: responses, own-brand mentions,
 *   the sums of the own brand's positions and sentiments over those mentions, and (0020) the
 *   competitors' mentions in the same answers (the denominator of share of voice, per row);
 * - `rollup_competitor` (0005): competitor × prompt group × engine × period: mentions and the sums;
 * - `rollup_prompt` (0005): prompt × engine × period: the same figures as `rollup_brand`;
 * - `cited_prompt_days` (0006): the days (a datemultirange) on which a prompt's answers on an
 *   engine cited a URL: distinct prompts (and URLs) over any range are counted exactly from it,
 *   without adding counts that do not add; `cited_domain_days` (0006): the same per domain;
 * - `rollup_prompt_competitor` (0025): competitor mentions per prompt, all engines (its own
 *   statement: PromptCompetitorRollup.ts);
 * - `rollup_citation_mentions` (0034): per cited domain and URL, its citations, the answers citing
 *   it and those of them that name the brand and each competitor (its own statement:
 *   CitationMentionRollup.ts). A response belongs to one day, so these counts add up over any
 *   range. Since 0041 it is the only table of counts per cited source (it replaced `rollup_domain`
 *   and `rollup_url`, which held its `responses` column again);
 *
 * `grain` is `day` (the UTC day) or `month` (the first day of the UTC month); `rollup_prompt` and
 * `rollup_citation_mentions` also have `year` rows (0013; the first day of the UTC year,
 * all-engines rows only). `engine` NULL is the sum over all engines. Only sums and counts are stored: averages are divided at read time, exactly
 * as `avg()` over the raw rows divides (read/Query.ts, `inPeriods`, picks the rows of a range). A
 * prompt's group never changes, so keying by group is exact.
 *
 * ResponseStore appends a batch's answers to the rollups' journal in its own transaction
 * (`journalAnswers`, migration 0047); `foldJournal` adds the journal's answers to the tables, and
 * every read of rollups folds its brand's journal first, so no read sees them behind. A
 * re-analysis folds, subtracts an answer's old figures, adds the new ones and refreshes the key
 * sets it touched. `rebuild` recomputes everything set-based from the raw rows (bulk loads,
 * restores, after `reanalyze`) and `differences` / `verify` compare the rollups with the raw rows.
 */

/**
 * The period of the grain `g.grain` that a row of answersWhere / citationsWhere falls in: its UTC
 * day, or the first day of its UTC month or year (computed once per row there, not once per grain).
 * `rollup_brand` and `rollup_competitor` have day and month rows only; `rollup_prompt`, read for
 * rankings over long ranges, also year rows, for all engines only (engine NULL): a ranking
 * filtered by engine reads months.
 */
const periodOf = (sql: SqlClient.SqlClient, alias: string) =>
  sql.literal(`CASE g.grain WHEN 'day' THEN ${alias}.day WHEN 'month' THEN ${alias}.month ELSE ${alias}.year END`)

/** Each row once per engine key (its engine, and NULL for all engines) and grain; year rows for all engines only. */
const grains = (sql: SqlClient.SqlClient, engine: string) =>
  sql.literal(`CROSS JOIN LATERAL (VALUES (${engine}), (NULL::text)) e(engine)
    CROSS JOIN (VALUES ('day'), ('month'), ('year')) g(grain)`)
const yearRowsForAllEngines = "NOT (g.grain = 'year' AND e.engine IS NOT NULL)"

/** The answers `where` (on alias r) selects, with their prompt's group: what the figure rollups are computed from. */
const answersWhere = (sql: SqlClient.SqlClient, where: Statement.Fragment) =>
  sql`(SELECT r.id, r.brand_id, p.group_id, r.prompt_id, r.engine, r.collected_at,
      r.brand_mentioned, r.brand_position, r.brand_sentiment,
      (SELECT count(*) FROM response_mentions m WHERE m.response_id = r.id)::int AS competitor_mentions,
      ${periodsOf(sql, "r.collected_at")}
    FROM responses r JOIN prompts p ON p.id = r.prompt_id WHERE ${where})`

/** The citation rows `where` (on alias rc) selects: what the cited-sources rollups are computed from. */
const citationsWhere = (sql: SqlClient.SqlClient, where: Statement.Fragment) =>
  sql`(SELECT rc.response_id, rc.brand_id, rc.prompt_id, rc.domain_id, rc.url_id, rc.engine, rc.collected_at,
      ${periodsOf(sql, "rc.collected_at")}
    FROM response_citations rc WHERE ${where})`

/** The figures of each rollup as they follow from `answers` (a relation of answersWhere's columns). */
const expected = (sql: SqlClient.SqlClient, answers: Statement.Fragment) => {
  const keyed = sql`
    SELECT r.id, r.brand_id, r.group_id, r.prompt_id, e.engine, g.grain,
      ${periodOf(sql, "r")} AS period,
      r.brand_mentioned, r.brand_position, r.brand_sentiment, r.competitor_mentions
    FROM ${answers} r
    ${grains(sql, "r.engine")}
    WHERE ${sql.literal(yearRowsForAllEngines)}`
  const figures = sql`
    count(*)::int AS responses,
    (count(*) FILTER (WHERE k.brand_mentioned))::int AS mentions,
    coalesce(sum(k.brand_position), 0)::bigint AS position_sum,
    coalesce(sum(k.brand_sentiment), 0) AS sentiment_sum`
  return {
    brand: sql`
      SELECT k.brand_id, k.group_id, k.engine, k.grain, k.period, ${figures},
        sum(k.competitor_mentions)::int AS competitor_mentions
      FROM (${keyed}) k WHERE k.grain <> 'year' GROUP BY 1, 2, 3, 4, 5`,
    prompt: sql`
      SELECT k.prompt_id, k.brand_id, k.engine, k.grain, k.period, ${figures}
      FROM (${keyed}) k GROUP BY 1, 2, 3, 4, 5`,
    competitor: sql`
      SELECT m.competitor_id, k.brand_id, k.group_id, k.engine, k.grain, k.period,
        count(*)::int AS mentions, sum(m.position)::bigint AS position_sum, sum(m.sentiment) AS sentiment_sum
      FROM (${keyed}) k JOIN response_mentions m ON m.response_id = k.id
      WHERE k.grain <> 'year'
      GROUP BY 1, 2, 3, 4, 5, 6`
  }
}

/** The cited-sources key sets as they follow from `citations` (a relation of citationsWhere's columns). */
const expectedCitations = (sql: SqlClient.SqlClient, citations: Statement.Fragment) => {
  const citedDay = sql`daterange(rc.day, rc.day, '[]')`
  return {
    promptDays: sql`
      SELECT rc.brand_id, rc.url_id, e.engine, rc.prompt_id, rc.domain_id, range_agg(${citedDay}) AS days
      FROM ${citations} rc CROSS JOIN LATERAL (VALUES (rc.engine), (NULL::text)) e(engine)
      GROUP BY 1, 2, 3, 4, 5`,
    domainDays: sql`
      SELECT rc.brand_id, rc.domain_id, e.engine, rc.prompt_id, range_agg(${citedDay}) AS days
      FROM ${citations} rc CROSS JOIN LATERAL (VALUES (rc.engine), (NULL::text)) e(engine)
      GROUP BY 1, 2, 3, 4`
  }
}

const BRAND_KEY = "brand_id, engine, grain, period, group_id"
const PROMPT_KEY = "prompt_id, engine, grain, period"
const COMPETITOR_KEY = "brand_id, engine, grain, period, group_id, competitor_id"
const PROMPT_DAYS_KEY = "brand_id, url_id, engine, prompt_id"
const DOMAIN_DAYS_KEY = "brand_id, domain_id, engine, prompt_id"

export class RollupMismatch extends Schema.TaggedError<RollupMismatch>()("RollupMismatch", {
  table: Schema.String,
  differences: Schema.Number
}) {
  override get message() {
    return `${this.table}: ${this.differences} row(s) differ from the raw rows`
  }
}

const FIGURES = ["responses", "mentions", "position_sum", "sentiment_sum"]
/** rollup_brand also counts its competitors' mentions in the same answers: share of voice per row (0020). */
const BRAND_FIGURES = [...FIGURES, "competitor_mentions"]
const SUMS = ["mentions", "position_sum", "sentiment_sum"]

/**
 * `INSERT ... ON CONFLICT DO UPDATE` of a rollup table: `sums` of `rows` multiplied by `sign` are
 * added to the stored ones; `extra` columns are written on insert only.
 */
const upsertSums = (
  sql: SqlClient.SqlClient,
  table: string,
  key: string,
  extra: ReadonlyArray<string>,
  sums: ReadonlyArray<string>,
  rows: Statement.Fragment,
  sign: 1 | -1
) =>
  sql`INSERT INTO ${sql.literal(table)} AS t (${sql.literal([key, ...extra, ...sums].join(", "))})
    SELECT ${sql.literal([key, ...extra, ...sums.map((c) => `${sign} * ${c}`)].join(", "))}
    FROM (${rows}) x ORDER BY ${sql.literal(key)}
    ON CONFLICT (${sql.literal(key)}) DO UPDATE
    SET ${sql.literal(sums.map((c) => `${c} = t.${c} + excluded.${c}`).join(", "))}`

/**
 * Merges the days of `rows` into a key-set table. With `skipCovered` (batches, planned for their
 * size), a key whose stored days hold the row's days already is skipped without taking its row lock (most keys, when a prompt is answered more than
 * once a day): the check reads the key through the unique index, engine NULL (all engines) and a
 * named engine each by its own index condition. Skipping is safe because only a re-analysis or a
 * rebuild takes days out of a key set, and both hold `lockRollupWriters` exclusively: a writer
 * (which holds it shared from its first statement, see ResponseStore) either finishes before them
 * or reads their result.
 */
const mergeDays = (
  sql: SqlClient.SqlClient,
  table: string,
  key: string,
  extra: ReadonlyArray<string>,
  rows: Statement.Fragment,
  skipCovered: boolean
) => {
  const stored = (engine: string) =>
    sql.literal(`EXISTS (SELECT 1 FROM ${table} c WHERE ${
      key.split(", ").map((column) => column === "engine" ? `c.engine ${engine}` : `c.${column} = x.${column}`).join(" AND ")
    } AND c.days @> x.days)`)
  return sql`INSERT INTO ${sql.literal(table)} AS t (${sql.literal([key, ...extra, "days"].join(", "))})
    SELECT ${sql.literal([key, ...extra, "days"].join(", "))} FROM (${rows}) x
    WHERE ${skipCovered ? sql`NOT CASE WHEN x.engine IS NULL THEN ${stored("IS NULL")} ELSE ${stored("= x.engine")} END` : sql`TRUE`}
    ORDER BY ${sql.literal(key)}
    ON CONFLICT (${sql.literal(key)}) DO UPDATE SET days = t.days + excluded.days
    WHERE NOT t.days @> excluded.days`
}

/** Advisory lock class of the rollup writers' lock (the second key is the brand's). */
const ROLLUP_WRITERS_LOCK = 730_001

/**
 * Takes the rollup writers' lock of the brand `brandId` (a bigint expression) for the rest of the
 * transaction: shared for ingest (concurrent writers do not wait for each other), exclusive for
 * what takes days out of the key sets (re-analysis, rebuilds). Held from a transaction's first
 * statement, so a writer never waits for it while holding a row another writer needs.
 */
export const lockRollupWriters = (sql: SqlClient.SqlClient, brandId: Statement.Fragment, mode: "shared" | "exclusive") =>
  sql`${sql.literal(mode === "shared" ? "pg_advisory_xact_lock_shared" : "pg_advisory_xact_lock")}(${
    sql.literal(String(ROLLUP_WRITERS_LOCK))
  }, hashint8(${brandId}))`

/**
 * The one statement that adds (sign 1) or subtracts (sign -1) the figures of the answers whose ids
 * `ids` holds (a bigint[] expression). Rows go in key order, so concurrent writers lock the rollup
 * rows they share in the same order. Only additions merge into the key sets: after a subtraction a
 * day may still be cited by other answers (`refreshCitations` recomputes those key sets).
 */
const applyStatement = (sql: SqlClient.SqlClient, ids: Statement.Fragment, sign: 1 | -1, skipCovered: boolean) => {
  const rows = expected(sql, sql`batch_answers`)
  const cited = expectedCitations(sql, sql`batch_citations`)
  const keySets = sign === 1
    ? sql`,
    batch_citations AS MATERIALIZED ${citationsWhere(sql, sql`rc.response_id = ANY(${ids})`)},
    url_days AS (${mergeDays(sql, "cited_prompt_days", PROMPT_DAYS_KEY, ["domain_id"], cited.promptDays, skipCovered)}),
    domain_days AS (${mergeDays(sql, "cited_domain_days", DOMAIN_DAYS_KEY, [], cited.domainDays, skipCovered)})`
    : sql``
  // The batch's answers (and, for an addition, its citations) are read once (by primary key), then
  // rolled up per table.
  return sql`
    WITH batch_answers AS MATERIALIZED ${answersWhere(sql, sql`r.id = ANY(${ids})`)}${keySets},
    brand_rows AS (${upsertSums(sql, "rollup_brand", BRAND_KEY, [], BRAND_FIGURES, rows.brand, sign)}),
    prompt_rows AS (${upsertSums(sql, "rollup_prompt", PROMPT_KEY, ["brand_id"], FIGURES, rows.prompt, sign)})
    ${upsertSums(sql, "rollup_competitor", COMPETITOR_KEY, [], SUMS, rows.competitor, sign)}`
}

const APPLY_FUNCTION = { [1]: "rollups_add", [-1]: "rollups_subtract" } as const

/**
 * Every rollup's installed functions and statements, in the order a writer applies them: the
 * figure rollups' (a big batch's statement skips the key-set days it already holds), then
 * `rollup_prompt_competitor`'s, then `rollup_citation_mentions`' and the citation days'.
 */
const applyAll = applyFunctionPairs([
  { names: APPLY_FUNCTION, statement: (sql, ids, sign) => applyStatement(sql, ids, sign, true) },
  promptCompetitorFunctions,
  competitorEngineFunctions,
  promptCitationFunctions,
  ...citationMentionFunctions
])
/**
 * Appends freshly written answers (`{ responseId, brandId }`, in the caller's transaction, which
 * holds their brands' rollup writers' lock shared) to the rollups' journal: one row each, where
 * adding their figures to the tables took ~30 row upserts each (docs/operations.md, "Eighth round").
 */
export const journalAnswers = (
  answers: ReadonlyArray<{ readonly responseId: number; readonly brandId: number }>
): Effect.Effect<void, SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    if (answers.length === 0) return
    const sql = yield* SqlClient.SqlClient
    yield* sql`INSERT INTO rollup_journal ${sql.insert(answers.map((a) => ({ response_id: a.responseId, brand_id: a.brandId })))}`
  })

/** Which journal rows a fold takes: one brand's, the brand of one prompt's, or every brand's. */
export type JournalScope =
  | { readonly brandId: number }
  | { readonly promptId: number }
  | "all"

/** Answers folded per transaction: bounds how long a fold holds the rollup rows it updates. */
export const FOLD_CHUNK = 500

const decodeJournalRows = Schema.decodeUnknown(Schema.Array(Schema.Struct({ brand_id: Schema.Number })))
const decodeTakenRows = Schema.decodeUnknown(Schema.Array(Schema.Struct({ response_id: Schema.Number })))

/**
 * Folds the journal's answers of `scope` into the rollup tables: per brand, up to FOLD_CHUNK
 * answers per transaction, which takes them out of the journal and adds their figures (holding the
 * brand's rollup writers' lock shared, as a writer does). When it returns, every answer of the
 * scope committed before it began is in the tables: a folder blocks on journal rows another
 * folder is taking until that one commits, then finds them gone. With nothing to fold it costs one
 * index probe; reads of rollups run it first (`read/*`), the worker after each stored answer, and
 * `differences` / `verify` before they compare.
 */
export const foldJournal = (scope: JournalScope): Effect.Effect<void, SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const where = scope === "all"
      ? sql`TRUE`
      : "brandId" in scope
      ? sql`j.brand_id = ${scope.brandId}`
      : sql`j.brand_id = (SELECT p.brand_id FROM prompts p WHERE p.id = ${scope.promptId})`
    while (true) {
      // Prepared (ReadPool.run): on the API's request path this probe is most of what a fold costs.
      const [next] = yield* ReadPool.run(sql`SELECT j.brand_id FROM rollup_journal j WHERE ${where} LIMIT 1`, { prepared: true }).pipe(
        Effect.flatMap(decodeJournalRows),
        Effect.orDie
      )
      if (next === undefined) return
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`SELECT ${lockRollupWriters(sql, sql`${next.brand_id}::bigint`, "shared")}`
        const taken = yield* sql`
          DELETE FROM rollup_journal j WHERE j.response_id IN (
            SELECT k.response_id FROM rollup_journal k WHERE k.brand_id = ${next.brand_id}
            ORDER BY k.response_id LIMIT ${FOLD_CHUNK} FOR UPDATE)
          RETURNING j.response_id`.pipe(Effect.flatMap((rows) => Effect.orDie(decodeTakenRows(rows))))
        yield* applyAll(taken.map((row) => row.response_id), 1)
      }))
    }
  }).pipe(Effect.withSpan("Rollups.foldJournal"))

/**
 * Installs (or replaces) `rollups_add(bigint[])` and `rollups_subtract(bigint[])`: the apply
 * statement as a PL/pgSQL function, so that each connection plans it once (a generic plan) instead
 * of on every write; planning it was most of a single answer's rollup cost. Run by the migrations
 * (0006); a later change to the statement needs a migration that runs this again.
 */
export const installApplyFunctions = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  for (const sign of [1, -1] as const) {
    // No skip in the functions: their generic plan, made on a connection's first call, may keep a
    // sequential scan for the skip's probe while the tables were small (measured: ~3 ms of CPU per
    // answer at the bench's size); the arbiter index of ON CONFLICT is used whatever the plan.
    yield* installApplyFunction(APPLY_FUNCTION[sign], applyStatement(sql, sql.literal("p_ids"), sign, false))
  }
})

const Differences = Schema.Struct({
  brand: Schema.Number,
  prompt: Schema.Number,
  competitor: Schema.Number,
  promptDays: Schema.propertySignature(Schema.Number).pipe(Schema.fromKey("prompt_days")),
  domainDays: Schema.propertySignature(Schema.Number).pipe(Schema.fromKey("domain_days")),
  promptCompetitor: Schema.propertySignature(Schema.Number).pipe(Schema.fromKey("prompt_competitor")),
  competitorEngines: Schema.propertySignature(Schema.Number).pipe(Schema.fromKey("competitor_engines")),
  promptCitations: Schema.propertySignature(Schema.Number).pipe(Schema.fromKey("prompt_citations")),
  citationMentions: Schema.propertySignature(Schema.Number).pipe(Schema.fromKey("citation_mentions"))
})

/** Per rollup table, the rows that differ from the raw rows. */
export type RollupDifferences = typeof Differences.Type

/** What `differences` finds when the rollups agree with the raw rows. */
export const NO_DIFFERENCES: RollupDifferences = {
  brand: 0,
  prompt: 0,
  competitor: 0,
  promptDays: 0,
  domainDays: 0,
  promptCompetitor: 0,
  competitorEngines: 0,
  promptCitations: 0,
  citationMentions: 0
}

export class Rollups extends Effect.Service<Rollups>()("@sightline/sql/Rollups", {
  accessors: true,
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /**
     * Adds (sign 1) or subtracts (sign -1) the figures of the given answers to every rollup, in the
     * caller's transaction, in one order for every writer. A few answers go through the installed
     * functions (planned once per connection), all of them in one round trip; a big batch runs each
     * statement planned for its size.
     */
    const apply = (responseIds: ReadonlyArray<number>, sign: 1 | -1): Effect.Effect<void, SqlError.SqlError> =>
      applyAll(responseIds, sign).pipe(Effect.provideService(SqlClient.SqlClient, sql))

    /** Recomputes from the raw rows the key sets of one prompt's citations of these URLs and their domains. */
    const refreshCitations = (
      brandId: number,
      promptId: number,
      urlIds: ReadonlyArray<number>
    ): Effect.Effect<void, SqlError.SqlError> =>
      Effect.gen(function*() {
        if (urlIds.length === 0) return
        const urls = sql`${urlIds}::bigint[]`
        const rows = expectedCitations(
          sql,
          citationsWhere(sql, sql`rc.brand_id = ${brandId} AND rc.prompt_id = ${promptId} AND rc.url_id = ANY(${urls})`)
        )
        yield* sql`DELETE FROM cited_prompt_days WHERE brand_id = ${brandId} AND prompt_id = ${promptId} AND url_id = ANY(${urls})`
        yield* sql`INSERT INTO cited_prompt_days (${sql.literal(PROMPT_DAYS_KEY)}, domain_id, days)
          SELECT ${sql.literal(PROMPT_DAYS_KEY)}, domain_id, days FROM (${rows.promptDays}) x`
        const domains = sql`(SELECT u.domain_id FROM urls u WHERE u.id = ANY(${urls}))`
        const ofDomains = expectedCitations(
          sql,
          citationsWhere(sql, sql`rc.brand_id = ${brandId} AND rc.prompt_id = ${promptId} AND rc.domain_id IN ${domains}`)
        )
        yield* sql`DELETE FROM cited_domain_days WHERE brand_id = ${brandId} AND prompt_id = ${promptId} AND domain_id IN ${domains}`
        yield* sql`INSERT INTO cited_domain_days (${sql.literal(DOMAIN_DAYS_KEY)}, days)
          SELECT ${sql.literal(DOMAIN_DAYS_KEY)}, days FROM (${ofDomains.domainDays}) x`
      })

    /** Adds the figures of answers (their mentions already written) to the tables, bypassing the journal. */
    const add = (responseIds: ReadonlyArray<number>) => apply(responseIds, 1)
    /** Takes away the figures of answers about to be re-analysed (before their mentions are deleted). */
    const subtract = (responseIds: ReadonlyArray<number>) => apply(responseIds, -1)

    /** A rebuild holds the rollup writers' lock of the brand (or of every brand) exclusively: ingest waits for it. */
    const lockBrands = (brandId: number | undefined) =>
      sql`SELECT ${lockRollupWriters(sql, sql`b.id`, "exclusive")} FROM brands b
        WHERE ${brandId === undefined ? sql`TRUE` : sql`b.id = ${brandId}`} ORDER BY b.id`.pipe(Effect.asVoid)

    /**
     * Recomputes the answer-figure rollups (migration 0005) of one brand (or all) from the raw rows,
     * in one statement: the brand's answers are read once (with their group and their competitor
     * mentions counted by one hash aggregation), and each table gets every grain from one
     * `GROUPING SETS` aggregation of them (RebuildGrains.ts).
     */
    const rebuildFigureRows = Effect.fn("Rollups.rebuildFigureRows")(function*(options: { readonly brandId?: number | undefined }) {
      const where = brandWhere(sql, "t", options.brandId)
      const mentionsOf = options.brandId === undefined
        ? sql`TRUE`
        : sql`m.prompt_id IN (SELECT q.id FROM prompts q WHERE q.brand_id = ${options.brandId})`
      const withYears = { engines: true, years: true }
      const noYears = { engines: true, years: false }
      const figures = sql`count(*)::int AS responses,
          (count(*) FILTER (WHERE a.brand_mentioned))::int AS mentions,
          coalesce(sum(a.brand_position), 0)::bigint AS position_sum,
          coalesce(sum(a.brand_sentiment), 0) AS sentiment_sum`
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* lockBrands(options.brandId)
        yield* rebuildMemory(sql)
        yield* sql`DELETE FROM rollup_brand t WHERE ${where}`
        yield* sql`DELETE FROM rollup_prompt t WHERE ${where}`
        yield* sql`DELETE FROM rollup_competitor t WHERE ${where}`
        yield* sql`
          WITH answers AS MATERIALIZED (
            SELECT r.id, r.brand_id, p.group_id, r.prompt_id, r.engine, r.brand_mentioned, r.brand_position,
              r.brand_sentiment, coalesce(m.mentions, 0)::int AS competitor_mentions, ${periodsOf(sql, "r.collected_at")}
            FROM responses r JOIN prompts p ON p.id = r.prompt_id
            LEFT JOIN (SELECT m.response_id, count(*) AS mentions FROM response_mentions m WHERE ${mentionsOf}
              GROUP BY m.response_id) m ON m.response_id = r.id
            WHERE ${brandWhere(sql, "r", options.brandId)}
          ),
          brand_rows AS (
            INSERT INTO rollup_brand (${sql.literal(BRAND_KEY)}, responses, mentions, position_sum, sentiment_sum, competitor_mentions)
            SELECT a.brand_id, a.engine, ${grainColumn(sql, "a")}, ${periodColumn(sql, noYears, "a")}, a.group_id, ${figures},
              sum(a.competitor_mentions)::int
            FROM answers a GROUP BY a.brand_id, a.group_id, ${grainSets(sql, noYears, "a")}
          ),
          competitor_rows AS (
            INSERT INTO rollup_competitor (${sql.literal(COMPETITOR_KEY)}, mentions, position_sum, sentiment_sum)
            SELECT a.brand_id, a.engine, ${grainColumn(sql, "a")}, ${periodColumn(sql, noYears, "a")}, a.group_id, m.competitor_id,
              count(*)::int, sum(m.position)::bigint, sum(m.sentiment)
            FROM answers a JOIN response_mentions m ON m.response_id = a.id
            GROUP BY a.brand_id, a.group_id, m.competitor_id, ${grainSets(sql, noYears, "a")}
          )
          -- In period order, as day-by-day writes lay them out: the dashboard reads every prompt's rows
          -- of a range (rollup_prompt_brand), so a range's rows share pages (one scale-bench run after
          -- CLUSTER in this order: 90 days 2.14x -> 1.89x).
          INSERT INTO rollup_prompt (${sql.literal(PROMPT_KEY)}, brand_id, responses, mentions, position_sum, sentiment_sum)
          SELECT prompt_id, engine, grain, period, brand_id, responses, mentions, position_sum, sentiment_sum FROM (
            SELECT a.prompt_id, a.engine, ${grainColumn(sql, "a")}, ${periodColumn(sql, withYears, "a")}, a.brand_id, ${figures}
            FROM answers a GROUP BY a.brand_id, a.prompt_id, ${grainSets(sql, withYears, "a")}
          ) x
          ORDER BY brand_id, engine, grain, period, prompt_id`
        // Fresh statistics, or the planner reads freshly rebuilt (e.g. just migrated) tables as empty.
        yield* sql`ANALYZE rollup_brand, rollup_prompt, rollup_competitor`
      })).pipe(Effect.orDie)
    })

    /**
     * Recomputes the cited-sources key sets (migration 0006) of one brand (or all) from the raw rows,
     * each table's per-engine and all-engines rows from one `GROUPING SETS` aggregation of the
     * citations. `differences` checks the result against the raw rows directly. (The counts per
     * cited source are `rollup_citation_mentions`', rebuilt by `rebuildCitationMentions`.)
     */
    const rebuildCitationRows = Effect.fn("Rollups.rebuildCitationRows")(function*(options: { readonly brandId?: number | undefined }) {
      const where = brandWhere(sql, "t", options.brandId)
      const citedDay = sql`daterange(c.day, c.day, '[]')`
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* lockBrands(options.brandId)
        yield* rebuildMemory(sql)
        yield* sql`DELETE FROM cited_prompt_days t WHERE ${where}`
        yield* sql`DELETE FROM cited_domain_days t WHERE ${where}`
        // One statement per table, each reading the citations itself: one statement holding the
        // aggregations together (data-modifying CTEs over one read) was slower on the scale
        // dataset (docs/operations.md, "Sixth round"). Rows go in in the key's order.
        const cited = sql`(SELECT rc.brand_id, rc.prompt_id, rc.domain_id, rc.url_id, rc.engine,
            (rc.collected_at AT TIME ZONE 'UTC')::date AS day
          FROM response_citations rc WHERE ${brandWhere(sql, "rc", options.brandId)})`
        yield* sql`INSERT INTO cited_prompt_days (${sql.literal(PROMPT_DAYS_KEY)}, domain_id, days)
          SELECT c.brand_id, c.url_id, c.engine, c.prompt_id, c.domain_id, range_agg(${citedDay})
          FROM ${cited} c GROUP BY c.brand_id, c.url_id, c.prompt_id, c.domain_id, GROUPING SETS ((c.engine), ())
          ORDER BY 1, 2, 3, 4`
        yield* sql`INSERT INTO cited_domain_days (${sql.literal(DOMAIN_DAYS_KEY)}, days)
          SELECT c.brand_id, c.domain_id, c.engine, c.prompt_id, range_agg(${citedDay})
          FROM ${cited} c GROUP BY c.brand_id, c.domain_id, c.prompt_id, GROUPING SETS ((c.engine), ())
          ORDER BY 1, 2, 3, 4`
        yield* sql`ANALYZE cited_prompt_days, cited_domain_days`
      })).pipe(Effect.orDie)
    })

    const journalScope = (brandId: number | undefined): JournalScope => brandId === undefined ? "all" : { brandId }

    /**
     * Some tables recomputed from the raw rows while the others keep theirs: the journal's answers
     * of the scope are folded first, under the rebuild's exclusive lock, or the recomputed tables
     * would count them and then the fold again (migrations, which run before the journal exists,
     * call the row rebuilds themselves).
     */
    const afterFolding = (brandId: number | undefined, rebuildRows: Effect.Effect<void>) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* lockBrands(brandId)
        yield* foldJournal(journalScope(brandId))
        yield* rebuildRows
      })).pipe(Effect.provideService(SqlClient.SqlClient, sql), Effect.orDie)

    /** `rebuildFigureRows` after folding the journal (a prompt's group changed). */
    const rebuildFigures = (options: { readonly brandId?: number | undefined }) =>
      afterFolding(options.brandId, rebuildFigureRows(options))
    /** `rebuildCitationRows` after folding the journal. */
    const rebuildCitations = (options: { readonly brandId?: number | undefined }) =>
      afterFolding(options.brandId, rebuildCitationRows(options))

    /**
     * Recomputes every rollup of one brand (or all) from the raw rows (bulk loads, restores,
     * re-analyses), in one transaction holding the brands' rollup writers' lock exclusively: the
     * journal's answers are among the raw rows, so their journal rows go.
     */
    const rebuild = Effect.fn("Rollups.rebuild")(function*(options: { readonly brandId?: number | undefined }) {
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* lockBrands(options.brandId)
        yield* sql`DELETE FROM rollup_journal j WHERE ${brandWhere(sql, "j", options.brandId)}`
        yield* rebuildFigureRows(options)
        yield* rebuildCitationRows(options)
        yield* Effect.zipRight(rebuildMemory(sql), rebuildPromptCompetitor(options.brandId))
        yield* Effect.zipRight(rebuildMemory(sql), rebuildCompetitorEngines(options.brandId))
        yield* Effect.zipRight(rebuildMemory(sql), rebuildPromptCitations(options.brandId))
        yield* Effect.zipRight(rebuildMemory(sql), rebuildCitationMentions(options.brandId))
      })).pipe(Effect.provideService(SqlClient.SqlClient, sql), Effect.orDie)
    })

    /**
     * The number of rollup rows that differ from the raw rows, per table (0 everywhere when they
     * agree). A stored row whose figures are all zero (left by a re-analysis) counts as absent.
     */
    const differences = Effect.fn("Rollups.differences")(function*(options: { readonly brandId?: number | undefined }) {
      // What a read would see: the journal folded first.
      yield* foldJournal(journalScope(options.brandId)).pipe(Effect.orDie)
      const rows = expected(sql, answersWhere(sql, brandWhere(sql, "r", options.brandId)))
      const cited = expectedCitations(sql, citationsWhere(sql, brandWhere(sql, "rc", options.brandId)))
      const where = brandWhere(sql, "t", options.brandId)
      const compare = (stored: Statement.Fragment, fresh: Statement.Fragment) => countDifferences(sql, stored, fresh)
      const [found] = yield* sql`
        SELECT
          ${
        compare(
          sql`SELECT ${sql.literal(BRAND_KEY)}, responses, mentions, position_sum, sentiment_sum, competitor_mentions FROM rollup_brand t
              WHERE ${where} AND (responses, mentions, position_sum, sentiment_sum, competitor_mentions) <> (0, 0, 0, 0, 0)`,
          sql`SELECT ${sql.literal(BRAND_KEY)}, responses, mentions, position_sum, sentiment_sum, competitor_mentions FROM (${rows.brand}) x`
        )
      } AS brand,
          ${
        compare(
          sql`SELECT ${sql.literal(PROMPT_KEY)}, brand_id, responses, mentions, position_sum, sentiment_sum FROM rollup_prompt t
              WHERE ${where} AND (responses, mentions, position_sum, sentiment_sum) <> (0, 0, 0, 0)`,
          sql`SELECT ${sql.literal(PROMPT_KEY)}, brand_id, responses, mentions, position_sum, sentiment_sum FROM (${rows.prompt}) x`
        )
      } AS prompt,
          ${
        compare(
          sql`SELECT ${sql.literal(COMPETITOR_KEY)}, mentions, position_sum, sentiment_sum FROM rollup_competitor t
              WHERE ${where} AND (mentions, position_sum, sentiment_sum) <> (0, 0, 0)`,
          sql`SELECT ${sql.literal(COMPETITOR_KEY)}, mentions, position_sum, sentiment_sum FROM (${rows.competitor}) x`
        )
      } AS competitor,
          ${
        compare(
          sql`SELECT ${sql.literal(PROMPT_DAYS_KEY)}, domain_id, days FROM cited_prompt_days t WHERE ${where}`,
          sql`SELECT ${sql.literal(PROMPT_DAYS_KEY)}, domain_id, days FROM (${cited.promptDays}) x`
        )
      } AS prompt_days,
          ${
        compare(
          sql`SELECT ${sql.literal(DOMAIN_DAYS_KEY)}, days FROM cited_domain_days t WHERE ${where}`,
          sql`SELECT ${sql.literal(DOMAIN_DAYS_KEY)}, days FROM (${cited.domainDays}) x`
        )
      } AS domain_days,
          ${promptCompetitorDifferences(sql, options.brandId)} AS prompt_competitor,
          ${competitorEngineDifferences(sql, options.brandId)} AS competitor_engines,
          ${promptCitationDifferences(sql, options.brandId)} AS prompt_citations,
          ${citationMentionDifferences(sql, options.brandId)} AS citation_mentions`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(Differences))), Effect.orDie)
      const result: RollupDifferences = found ?? NO_DIFFERENCES
      return result
    })

    /** Fails with RollupMismatch (the first table that differs) unless the rollups agree with the raw rows. */
    const verify = Effect.fn("Rollups.verify")(function*(options: { readonly brandId?: number | undefined }) {
      const found = yield* differences(options)
      const tables = {
        rollup_brand: found.brand,
        rollup_prompt: found.prompt,
        rollup_competitor: found.competitor,
        cited_prompt_days: found.promptDays,
        cited_domain_days: found.domainDays,
        rollup_prompt_competitor: found.promptCompetitor,
        rollup_competitor_engines: found.competitorEngines,
        rollup_prompt_citations: found.promptCitations,
        rollup_citation_mentions: found.citationMentions
      }
      for (const [table, differences] of Object.entries(tables)) {
        if (differences > 0) return yield* new RollupMismatch({ table, differences })
      }
      return found
    })

    return {
      add,
      subtract,
      refreshCitations,
      rebuild,
      rebuildFigures,
      rebuildFigureRows,
      rebuildCitations,
      rebuildCitationRows,
      differences,
      verify
    } as const
  })
}) {}
