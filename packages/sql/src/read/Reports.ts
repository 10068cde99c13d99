import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import type { CitationDimension, ReportDimension } from "@sightline/domain/api/Params"
import type { CitationReportRow, CoMentionedCompetitor, VisibilityReportRow } from "@sightline/domain/api/Resources"
import { AI_MODELS, AiModel } from "@sightline/domain/AiModel"
import { compareNames } from "@sightline/domain/Metrics"
import { periodChange, type Period, previousPeriod, rateFigures } from "@sightline/domain/ReportFigures"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  brandDays,
  dataRange,
  decimal,
  decodeRows,
  offsetOf,
  type Page,
  type PageRequest,
  pagination,
  type PeriodLists,
  percent,
  type ResponseFilters,
  rollupPeriodLists,
  rollupPeriods,
  upToDate,
  unionOverBranches
} from "./Query.js"
import {
  levelRows,
  periodRows,
  RANKING_DEPTH,
  type RankingDepth,
  type RankingQuery,
  rangeTotals,
  rankingCtes,
  settledRanking,
  sourceId
} from "./CitationRanking.js"
import { sumCountObjects } from "./CountObjects.js"
import { classifierForBrand } from "./SourceTypes.js"

export interface VisibilityQuery {
  readonly brandId: number
  readonly period: Period
  readonly dimensions: ReadonlyArray<ReportDimension>
  readonly aiModels?: ReadonlyArray<string> | undefined
  readonly groupIds?: ReadonlyArray<number> | undefined
  readonly promptIds?: ReadonlyArray<number> | undefined
  readonly includePrevious: boolean
  readonly page: PageRequest
}

export interface VisibilityReportPage extends Page<VisibilityReportRow> {
  readonly period: Period
  readonly previous_period?: Period
}

/** What the statement returns per row: keys and counts; the rates are computed by domain/ReportFigures. */
const CountsRow = Schema.Struct({
  __total: Schema.Number,
  __row: Schema.NullOr(Schema.Boolean),
  bucket: Schema.NullOr(Schema.String),
  ai_model: Schema.NullOr(AiModel),
  prompt_id: Schema.NullOr(Schema.Number),
  prompt: Schema.NullOr(Schema.String),
  group_id: Schema.NullOr(Schema.Number),
  group: Schema.NullOr(Schema.String),
  competitor_id: Schema.NullOr(Schema.Number),
  brand: Schema.NullOr(Schema.String),
  own_brand: Schema.NullOr(Schema.Boolean),
  responses: Schema.NullOr(Schema.Number),
  mentions: Schema.NullOr(Schema.Number),
  tracked: Schema.NullOr(Schema.Number),
  average_position: Schema.NullOr(Schema.String),
  average_sentiment: Schema.NullOr(Schema.String),
  prev_responses: Schema.NullOr(Schema.Number),
  prev_mentions: Schema.NullOr(Schema.Number),
  prev_tracked: Schema.NullOr(Schema.Number)
})

const TIME_DIMENSIONS = ["date", "week", "month"] as const

/**
 * The rows `offset` to `offset + limit` of the visibility report, and how many there are in all,
 * in one statement. The own brand's figures come from
 * `rollup_brand` (or `rollup_prompt` when prompts are broken down or filtered), the competitors'
 * from `rollup_competitor_engines` (over all groups), `rollup_competitor` (groups split or
 * filtered) or `rollup_prompt_competitor` (prompts); without the `competitor` dimension the
 * share-of-voice denominator comes from `rollup_brand.competitor_mentions`: a bounded number of
 * rows whatever the history. Competitor mentions per prompt and engine have no rollup, so prompts
 * split or filtered by engine count them from the raw mentions of those prompts in the range
 * (exact, but proportional to the answers of the prompts in scope).
 *
 * Rows are keyed by the requested dimensions; a time bucket is keyed by its position in its period
 * (the nth day, ISO week or calendar month from the period's start), which is how a bucket of the
 * current period finds its counterpart in the previous one. Both periods are summed in one
 * aggregation (`side` 0 and 1).
 */
const visibilityRows = Effect.fnUntraced(function*(query: Omit<VisibilityQuery, "page">, offset: number, limit: number) {
  const sql = yield* SqlClient.SqlClient
  const dims = new Set(query.dimensions)
  const time = TIME_DIMENSIONS.find((d) => dims.has(d))
  const byEngine = dims.has("ai_model")
  const byPrompt = dims.has("prompt")
  const byGroup = dims.has("group")
  const byCompetitor = dims.has("competitor")
  const usePrompts = byPrompt || query.promptIds !== undefined
  const useEngines = byEngine || query.aiModels !== undefined
  const previous = query.includePrevious ? previousPeriod(query.period) : undefined
  const periods = previous === undefined ? [query.period] : [query.period, previous]
  const start = query.period.start_date
  const firstDay = (previous ?? query.period).start_date

  // Engines named explicitly (not `IS NOT NULL`) so the rollups' (brand, engine, ...) index serves them.
  const engines = query.aiModels ?? AI_MODELS
  const engineOf = (column: string) =>
    useEngines ? sql`${sql.literal(column)} = ANY(${engines}::text[])` : sql`${sql.literal(column)} IS NULL`
  const ofPrompts = (column: string) =>
    sql`(${query.promptIds ?? null}::bigint[] IS NULL OR ${sql.literal(column)} = ANY(${query.promptIds ?? null}::bigint[]))`
  const ofGroups = (column: string) =>
    sql`(${query.groupIds ?? null}::bigint[] IS NULL OR ${sql.literal(column)} = ANY(${query.groupIds ?? null}::bigint[]))`
  // Without a time dimension a period's range is fitted to the brand's data (dataRange: the same
  // answers, fewer rows), so a trailing range reads year rows where the table has them.
  const fitted = yield* Effect.forEach(periods, (p) =>
    time === undefined
      ? dataRange(brandDays(sql, query.brandId), { startDate: p.start_date, endDate: p.end_date })
      : Effect.succeed({ startDate: p.start_date, endDate: p.end_date }))
  // Days and ISO weeks need the day rows; a month (or no time dimension) also takes whole months,
  // and no time dimension whole years of the tables with year rows (all engines only).
  // `select(condition)` over the rows of the range, one grain (and part) at a time (`periodBranches`,
  // appended): the `OR` of the grains' conditions bounds no index by period, and on the big scale
  // brand a month's rows of rollup_brand took 25 ms to find among its day rows (2.0-2.5x the demo's).
  const rollupRows = (alias: string, range: ResponseFilters, years: boolean, select: (condition: Statement.Fragment) => Statement.Fragment) =>
    time === "date" || time === "week"
      ? select(sql`(${sql.literal(`${alias}.grain`)} = 'day' AND ${sql.literal(`${alias}.period`)} BETWEEN ${range.startDate}::date AND ${range.endDate}::date)`)
      : unionOverBranches(sql, alias, range, years && time === undefined && !useEngines, select)

  // Per period (`side` 0 the current one, 1 the previous): the own brand's rows, with the
  // competitors' mentions in the same answers (`other_mentions`) where the competitors are not
  // broken down and the rollup holds them.
  const own = (range: ResponseFilters) =>
    usePrompts
      ? rollupRows("x", range, true, (rows) =>
        sql`
      SELECT x.period, x.engine, x.prompt_id, p.group_id, 0::bigint AS competitor_id,
        x.responses, x.mentions, x.position_sum, x.sentiment_sum, 0::bigint AS other_mentions
      FROM rollup_prompt x JOIN prompts p ON p.id = x.prompt_id
      WHERE x.brand_id = ${query.brandId} AND ${engineOf("x.engine")} AND ${rows}
        AND ${ofPrompts("x.prompt_id")} AND ${ofGroups("p.group_id")}`)
      : rollupRows("x", range, false, (rows) =>
        sql`
      SELECT x.period, x.engine, 0::bigint AS prompt_id, x.group_id, 0::bigint AS competitor_id,
        x.responses, x.mentions, x.position_sum, x.sentiment_sum,
        ${byCompetitor ? sql`0::bigint` : sql`x.competitor_mentions`} AS other_mentions
      FROM rollup_brand x
      WHERE x.brand_id = ${query.brandId} AND ${engineOf("x.engine")} AND ${rows}
        AND ${ofGroups("x.group_id")}`)
  const rawEngine = useEngines
    ? sql`(${query.aiModels ?? null}::text[] IS NULL OR m.engine = ANY(${query.aiModels ?? null}::text[]))`
    : sql`TRUE`
  const competitors = (range: ResponseFilters) =>
    !usePrompts
      ? byCompetitor && !byGroup && query.groupIds === undefined
        // Over all groups: rollup_competitor_engines has one row per competitor, engine and
        // period where rollup_competitor has one per group.
        ? rollupRows("x", range, false, (rows) =>
          sql`
      SELECT x.period, x.engine, 0::bigint AS prompt_id, NULL::bigint AS group_id, x.competitor_id,
        0 AS responses, x.mentions, x.position_sum, x.sentiment_sum, 0::bigint AS other_mentions
      FROM rollup_competitor_engines x
      WHERE x.brand_id = ${query.brandId} AND ${engineOf("x.engine")} AND ${rows}`)
        : byCompetitor
        ? rollupRows("x", range, false, (rows) =>
          sql`
      SELECT x.period, x.engine, 0::bigint AS prompt_id, x.group_id, x.competitor_id,
        0 AS responses, x.mentions, x.position_sum, x.sentiment_sum, 0::bigint AS other_mentions
      FROM rollup_competitor x
      WHERE x.brand_id = ${query.brandId} AND ${engineOf("x.engine")} AND ${rows}
        AND ${ofGroups("x.group_id")}`)
        : undefined
      : !useEngines
      ? rollupRows("x", range, true, (rows) =>
        sql`
      SELECT x.period, NULL::text AS engine, x.prompt_id, p.group_id, x.competitor_id,
        0 AS responses, x.mentions, x.position_sum, x.sentiment_sum, 0::bigint AS other_mentions
      FROM rollup_prompt_competitor x JOIN prompts p ON p.id = x.prompt_id
      WHERE x.brand_id = ${query.brandId} AND ${rows}
        AND ${ofPrompts("x.prompt_id")} AND ${ofGroups("p.group_id")}`)
      // Competitors per prompt and engine have no rollup: counted from the raw mentions.
      : sql`
      SELECT (m.collected_at AT TIME ZONE 'UTC')::date AS period, m.engine, m.prompt_id, p.group_id, m.competitor_id,
        0 AS responses, count(*)::int AS mentions, sum(m.position)::bigint AS position_sum,
        sum(m.sentiment) AS sentiment_sum, 0::bigint AS other_mentions
      FROM response_mentions m JOIN prompts p ON p.id = m.prompt_id
      WHERE m.prompt_id IN (SELECT q.id FROM prompts q WHERE q.brand_id = ${query.brandId})
        AND m.collected_at >= ((${range.startDate}::date)::timestamp AT TIME ZONE 'UTC')
        AND m.collected_at < ((${range.endDate}::date + 1)::timestamp AT TIME ZONE 'UTC')
        AND ${rawEngine} AND ${ofPrompts("m.prompt_id")} AND ${ofGroups("p.group_id")}
      GROUP BY 1, 2, 3, 4, 5`
  const facts = sql.join(" UNION ALL ", false)(fitted.flatMap((range, side) => {
    const theirs = competitors(range)
    return [
      sql`SELECT ${side}::int AS side, o.* FROM (${own(range)}) o`,
      ...(theirs === undefined ? [] : [sql`SELECT ${side}::int AS side, c.* FROM (${theirs}) c`])
    ]
  }))

  // The key of a row: every column non-null (0 / '' when not broken down) so the joins hash.
  const sideStart = sql`(CASE WHEN f.side = 0 THEN ${start}::date ELSE ${firstDay}::date END)`
  const monthNumber = (d: Statement.Fragment) => sql`(extract(year FROM ${d}) * 12 + extract(month FROM ${d}))::int`
  const timeKey = time === "date"
    ? sql`(f.period - ${sideStart})`
    : time === "week"
    ? sql`((date_trunc('week', f.period)::date - date_trunc('week', ${sideStart})::date) / 7)`
    : time === "month"
    ? sql`(${monthNumber(sql`f.period`)} - ${monthNumber(sideStart)})`
    : sql`0`
  const bucket = time === "date"
    ? sql`to_char(${start}::date + t.k_time, 'YYYY-MM-DD')`
    : time === "week"
    ? sql`to_char(date_trunc('week', ${start}::date) + t.k_time * interval '1 week', 'IYYY-"W"IW')`
    : time === "month"
    ? sql`to_char(date_trunc('month', ${start}::date) + t.k_time * interval '1 month', 'YYYY-MM')`
    : sql`NULL`
  const keys = ["k_time", "k_engine", "k_prompt", "k_group"]
  const joinOn = (a: string, b: string, extra: ReadonlyArray<[string, string]> = []) =>
    sql.literal([...keys.map((k) => `${a}.${k} = ${b}.${k}`), ...extra.map(([l, r]) => `${l} = ${r}`)].join(" AND "))
  const subjects = byCompetitor
    ? sql`SELECT 0::bigint AS competitor_id, b.name, TRUE AS own_brand FROM brands b WHERE b.id = ${query.brandId}
        UNION ALL SELECT c.id, c.name, FALSE FROM competitors c WHERE c.brand_id = ${query.brandId}`
    : sql`SELECT 0::bigint AS competitor_id, b.name, TRUE AS own_brand FROM brands b WHERE b.id = ${query.brandId}`

  const rows = yield* sql`
    WITH facts AS (${facts}),
    keyed AS (
      SELECT ${timeKey}::int AS k_time,
        ${byEngine ? sql`f.engine` : sql`''`}::text AS k_engine,
        ${byPrompt ? sql`f.prompt_id` : sql`0`}::bigint AS k_prompt,
        ${byGroup ? sql`coalesce(f.group_id, 0)` : sql`0`}::bigint AS k_group,
        f.competitor_id,
        ${
    sql.literal([
      "coalesce(sum(f.responses) FILTER (WHERE f.side = 0), 0)::int AS responses",
      "coalesce(sum(f.mentions) FILTER (WHERE f.side = 0), 0)::int AS mentions",
      "sum(f.position_sum) FILTER (WHERE f.side = 0) AS position_sum",
      "sum(f.sentiment_sum) FILTER (WHERE f.side = 0) AS sentiment_sum",
      "coalesce(sum(f.other_mentions) FILTER (WHERE f.side = 0), 0)::int AS other_mentions",
      "coalesce(sum(f.responses) FILTER (WHERE f.side = 1), 0)::int AS prev_responses",
      "coalesce(sum(f.mentions) FILTER (WHERE f.side = 1), 0)::int AS prev_mentions",
      "coalesce(sum(f.other_mentions) FILTER (WHERE f.side = 1), 0)::int AS prev_other_mentions"
    ].join(",\n        "))
  }
      FROM facts f
      GROUP BY 1, 2, 3, 4, 5
    ),
    totals AS (
      SELECT k.k_time, k.k_engine, k.k_prompt, k.k_group,
        sum(k.responses)::int AS responses, (sum(k.mentions) + sum(k.other_mentions))::int AS tracked,
        sum(k.prev_responses)::int AS prev_responses,
        (sum(k.prev_mentions) + sum(k.prev_other_mentions))::int AS prev_tracked
      FROM keyed k GROUP BY 1, 2, 3, 4
      HAVING sum(k.responses) > 0
    ),
    subjects AS (${subjects}),
    out AS (
      SELECT t.k_time, t.k_engine, t.k_prompt, t.k_group, s.competitor_id, s.name, s.own_brand,
        t.responses, coalesce(k.mentions, 0) AS mentions, t.tracked,
        ${decimal(sql, "k.position_sum::numeric / nullif(k.mentions, 0)")} AS average_position,
        ${decimal(sql, "k.sentiment_sum / nullif(k.mentions, 0)")} AS average_sentiment,
        t.prev_responses, coalesce(k.prev_mentions, 0) AS prev_mentions, t.prev_tracked
      FROM totals t CROSS JOIN subjects s
      LEFT JOIN keyed k ON ${joinOn("k", "t", [["k.competitor_id", "s.competitor_id"]])}
    )
    SELECT (SELECT count(*)::int FROM out) AS __total, p.*
    FROM (SELECT 1) one
    LEFT JOIN LATERAL (
      SELECT true AS __row, ${bucket} AS bucket,
        nullif(t.k_engine, '') AS ai_model,
        nullif(t.k_prompt, 0)::int AS prompt_id, pr.text AS prompt,
        nullif(t.k_group, 0)::int AS group_id, g.name AS "group",
        nullif(t.competitor_id, 0)::int AS competitor_id, t.name AS brand, t.own_brand,
        t.responses, t.mentions, t.tracked, t.average_position, t.average_sentiment,
        t.prev_responses, t.prev_mentions, t.prev_tracked
      FROM out t
      LEFT JOIN prompts pr ON pr.id = t.k_prompt
      LEFT JOIN prompt_groups g ON g.id = t.k_group
      ORDER BY t.k_time, t.k_engine, t.k_prompt, t.k_group, t.own_brand DESC, t.name COLLATE "C", t.competitor_id
      LIMIT ${limit} OFFSET ${offset}
    ) p ON true`.pipe(Effect.orDie)

  const decoded = yield* Schema.decodeUnknown(Schema.Array(CountsRow))(rows).pipe(Effect.orDie)
  const total = decoded[0]?.__total ?? 0
  const data = decoded.filter((row) => row.__row === true).map((row): VisibilityReportRow => {
    const current = { responses: row.responses ?? 0, mentions: row.mentions ?? 0, trackedMentions: row.tracked ?? 0 }
    const before = { responses: row.prev_responses ?? 0, mentions: row.prev_mentions ?? 0, trackedMentions: row.prev_tracked ?? 0 }
    return {
      ...(row.bucket === null ? {} : time === "date" ? { date: row.bucket } : time === "week" ? { week: row.bucket } : { month: row.bucket }),
      ...(byEngine && row.ai_model !== null ? { ai_model: row.ai_model } : {}),
      ...(byPrompt ? { prompt_id: row.prompt_id ?? 0, prompt: row.prompt ?? "" } : {}),
      ...(byGroup ? { group_id: row.group_id, group: row.group } : {}),
      competitor_id: row.competitor_id,
      brand: row.brand ?? "",
      own_brand: row.own_brand ?? true,
      ...rateFigures(current),
      average_position: row.average_position ?? "0.00",
      average_sentiment: row.average_sentiment ?? "0.00",
      ...(previous === undefined ? {} : { previous: periodChange(current, before) })
    }
  })
  return { total, data }
})

/** A prompt with answers in the current period, and the brand's number of competitors. */
const PageKey = Schema.Struct({ prompt_id: Schema.Number, competitors: Schema.Number })

/**
 * The visibility report (docs/api.md, "Visibility report"; formulas in docs/metrics.md) in one
 * statement, or two when prompts lead the order (the `prompt` dimension without a time or AI model
 * dimension): then every prompt with answers has one row per brand, in prompt order, so the page's
 * prompts are found first from the own brand's rows and only their rows are computed (the
 * competitors' rows of a few prompts instead of every prompt's).
 */
export const visibilityReport = Effect.fnUntraced(function*(query: VisibilityQuery) {
  const sql = yield* SqlClient.SqlClient
  yield* upToDate({ brandId: query.brandId })
  const dims = new Set(query.dimensions)
  const previous = query.includePrevious ? previousPeriod(query.period) : undefined
  const offset = offsetOf(query.page)
  const promptsLead = dims.has("prompt") && !dims.has("ai_model") && !TIME_DIMENSIONS.some((d) => dims.has(d))
  const paged = promptsLead
    ? yield* Effect.gen(function*() {
      const range = yield* dataRange(brandDays(sql, query.brandId), {
        startDate: query.period.start_date,
        endDate: query.period.end_date
      })
      const useEngines = query.aiModels !== undefined
      const found = yield* sql`
        SELECT x.prompt_id::int AS prompt_id,
          (SELECT count(*)::int FROM competitors c WHERE c.brand_id = ${query.brandId}) AS competitors
        FROM rollup_prompt x JOIN prompts p ON p.id = x.prompt_id
        WHERE x.brand_id = ${query.brandId}
          AND ${
        useEngines ? sql`x.engine = ANY(${query.aiModels ?? AI_MODELS}::text[])` : sql`x.engine IS NULL`
      } AND ${rollupPeriods(sql, "x", range, !useEngines)}
          AND (${query.promptIds ?? null}::bigint[] IS NULL OR x.prompt_id = ANY(${query.promptIds ?? null}::bigint[]))
          AND (${query.groupIds ?? null}::bigint[] IS NULL OR p.group_id = ANY(${query.groupIds ?? null}::bigint[]))
        GROUP BY x.prompt_id HAVING sum(x.responses) > 0
        ORDER BY x.prompt_id`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(PageKey))), Effect.orDie)
      const perPrompt = dims.has("competitor") ? 1 + (found[0]?.competitors ?? 0) : 1
      const first = Math.floor(offset / perPrompt)
      const last = Math.floor((offset + query.page.perPage - 1) / perPrompt)
      const promptIds = found.slice(first, last + 1).map((row) => row.prompt_id)
      const rows = promptIds.length === 0
        ? { total: 0, data: [] }
        : yield* visibilityRows({ ...query, promptIds }, offset - first * perPrompt, query.page.perPage)
      return { total: found.length * perPrompt, data: rows.data }
    })
    : yield* visibilityRows(query, offset, query.page.perPage)
  const page: VisibilityReportPage = {
    pagination: pagination(query.page, paged.total),
    period: query.period,
    ...(previous === undefined ? {} : { previous_period: previous }),
    data: paged.data
  }
  return page
})

export interface CitationQuery {
  readonly brandId: number
  readonly period: Period
  readonly level: "domain" | "url"
  readonly dimensions: ReadonlyArray<CitationDimension>
  readonly aiModels?: ReadonlyArray<string> | undefined
  readonly page: PageRequest
}

const CitationRow = Schema.Struct({
  __settled: Schema.Boolean,
  __total: Schema.NullOr(Schema.Number),
  __row: Schema.NullOr(Schema.Boolean),
  domain_id: Schema.NullOr(Schema.Number),
  domain: Schema.NullOr(Schema.String),
  url_id: Schema.NullOr(Schema.Number),
  url: Schema.NullOr(Schema.String),
  ai_model: Schema.NullOr(AiModel),
  date: Schema.NullOr(Schema.String),
  citations: Schema.NullOr(Schema.Number),
  responses_citing: Schema.NullOr(Schema.Number),
  citation_share: Schema.NullOr(Schema.String),
  responses_mentioning_brand: Schema.NullOr(Schema.Number),
  /**
   * The `competitor_responses` objects of the row's rollup rows, a JSON array as text, summed here
   * (`coMentioned`; decoding it as a schema took longer than the statement's read of it).
   */
  co_mention_counts: Schema.NullOr(Schema.String),
  /** The brand's competitors as JSON text, on one row (`decodeCompetitors`). */
  __competitors: Schema.NullOr(Schema.String)
})

/** Decodes the citations statement's rows with CitationRow compiled once (decodeRows). */
const decodeCitationRows = decodeRows(CitationRow)

/** The brand's competitors' ids and names from the statement's first row. */
const decodeCompetitors = Schema.decodeUnknown(
  Schema.parseJson(Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String })))
)

/**
 * A row's co-mentioned competitors from its rollup rows' `competitor_responses` objects: summed
 * per competitor (`sumCountObjects`), those with answers, by answers, then name (code-unit order,
 * as `COLLATE "C"`), then id. Summed here rather than in the statement: expanding and regrouping
 * every object of a 100-row page over a range's periods (~8,000 pairs at 30 days) was a third of
 * the report's time (docs/operations.md, "Seventh round"). Undefined when the text is not a list of
 * such objects.
 */
const coMentioned = (
  json: string | null,
  names: ReadonlyMap<number, string>
): ReadonlyArray<typeof CoMentionedCompetitor.Type> | undefined => {
  const counted = json === null ? { ids: [], sums: [] } : sumCountObjects(json)
  if (counted === undefined) return undefined
  const competitors: Array<typeof CoMentionedCompetitor.Type> = []
  counted.ids.forEach((id, i) => {
    const responses = counted.sums[i] ?? 0
    const name = names.get(id)
    if (name !== undefined && responses > 0) competitors.push({ competitor_id: id, name, responses })
  })
  return competitors.sort((a, b) => b.responses - a.responses || compareNames(a.name, b.name) || a.competitor_id - b.competitor_id)
}

/** What one statement of the citations report gives: the page, or nothing when the ranked read did not settle. */
interface CitationStatement {
  readonly settled: boolean
  readonly total: number
  readonly rows: ReadonlyArray<typeof CitationRow.Type>
}

/** The citations report's splits, and whether it reads per-engine rows (an engine split or filter). */
const splitsOf = (query: CitationQuery) => {
  const byEngine = query.dimensions.includes("ai_model")
  return { byEngine, byDay: query.dimensions.includes("date"), useEngines: byEngine || query.aiModels !== undefined }
}

/** What the citations report reads for a query: the range fitted to the data, its periods, and the ranked read's query when it applies. */
const citationScope = Effect.fnUntraced(function*(query: CitationQuery) {
  const sql = yield* SqlClient.SqlClient
  yield* upToDate({ brandId: query.brandId })
  const { byDay, useEngines } = splitsOf(query)
  const period = query.period
  // Without a day split the range is fitted to the brand's data (the same answers, fewer rows): a
  // trailing range reads whole months, or the year's row of the tables with year rows (all engines).
  const fitted: ResponseFilters = byDay
    ? { startDate: period.start_date, endDate: period.end_date }
    : yield* dataRange(brandDays(sql, query.brandId), { startDate: period.start_date, endDate: period.end_date })
  // The periods of the range: listed (`period = ANY(...)`, one index probe per period and source
  // key) where the range is closed and not too long, else as ranges.
  const lists = byDay ? undefined : rollupPeriodLists(fitted, !useEngines)
  const last = offsetOf(query.page) + query.page.perPage
  const ranking: RankingQuery | undefined = !useEngines && lists !== undefined
    ? { brandId: query.brandId, level: query.level, lists, start: period.start_date, end: period.end_date, last }
    : undefined
  return { fitted, lists, ranking }
})

const citationPage = Effect.fnUntraced(function*(query: CitationQuery, found: CitationStatement) {
  const { byDay, byEngine } = splitsOf(query)
  const classify = yield* classifierForBrand(query.brandId)
  const competitors = yield* Effect.orDie(
    decodeCompetitors(found.rows.find((row) => row.__competitors !== null)?.__competitors ?? "[]")
  )
  const names = new Map(competitors.map((c) => [c.id, c.name]))
  // A plain loop rather than an Effect per row: the rows need no effect but the one failure.
  const data: Array<CitationReportRow> = []
  for (const row of found.rows) {
    if (row.__row !== true) continue
    const competitors = coMentioned(row.co_mention_counts, names)
    if (competitors === undefined) return yield* Effect.dieMessage(`co-mention counts: ${row.co_mention_counts}`)
    data.push({
      domain_id: row.domain_id ?? 0,
      domain: row.domain ?? "",
      ...(query.level === "url" ? { url_id: row.url_id ?? 0, url: row.url ?? "" } : {}),
      ...(byEngine && row.ai_model !== null ? { ai_model: row.ai_model } : {}),
      ...(byDay && row.date !== null ? { date: row.date } : {}),
      citations: row.citations ?? 0,
      responses_citing: row.responses_citing ?? 0,
      citation_share: row.citation_share ?? "0.00",
      responses_mentioning_brand: row.responses_mentioning_brand ?? 0,
      co_mentioned_competitors: competitors,
      // A URL's stored domain is its registrable domain, so it classifies as the URL does, without parsing the URL.
      source_type: classify(row.domain ?? "")
    })
  }
  return { pagination: pagination(query.page, found.total), period: query.period, data }
})

/**
 * The citations report (docs/api.md), from one rollup, `rollup_citation_mentions`
 * (CitationMentionRollup.ts): the sources of the range ranked from their domain (or URL) rows, with
 * their citations, citing answers and those naming the brand; the competitors named in those
 * answers read for the rows of the page only. Without splits or an engine filter the page is found
 * by a ranked read of each period's top rows (CitationRanking.ts), twice as deep each time until it
 * settles; otherwise, or when it does not settle within `depth.maxEntries`, every source of the
 * range is summed and ranked.
 */
export const citationReportWith = (depth: RankingDepth) =>
  Effect.fnUntraced(function*(query: CitationQuery) {
    const { fitted, lists, ranking } = yield* citationScope(query)
    const ranked = ranking === undefined ? undefined : yield* settledRanking(
      ranking,
      depth,
      (at) => Effect.map(citationStatement(query, fitted, lists, { ranking, depth: at }), (found) => found.settled ? found : undefined)
    )
    const found = ranked ?? (yield* citationStatement(query, fitted, lists, undefined))
    return yield* citationPage(query, found)
  })

/** The citations report with the default ranking depth. */
export const citationReport = citationReportWith(RANKING_DEPTH)

/**
 * The citations report from the ranked read at one depth alone: undefined when the ranked read does
 * not apply to the query (splits, an engine filter) or does not settle at that depth.
 */
export const rankedCitationReport = Effect.fnUntraced(function*(query: CitationQuery, depth: number) {
  const { fitted, lists, ranking } = yield* citationScope(query)
  if (ranking === undefined) return undefined
  const found = yield* citationStatement(query, fitted, lists, { ranking, depth })
  return found.settled ? yield* citationPage(query, found) : undefined
})

/**
 * One statement of the citations report: with `ranked`, the ranked read at one depth (its page only
 * when it settled); without, every source of the range summed and ranked.
 */
const citationStatement = (
  query: CitationQuery,
  fitted: ResponseFilters,
  lists: PeriodLists | undefined,
  ranked: { readonly ranking: RankingQuery; readonly depth: number } | undefined
) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const { byDay, byEngine, useEngines } = splitsOf(query)
    const period = query.period
    const url = query.level === "url"
    const periods = byDay
      ? sql`x.grain = 'day' AND x.period BETWEEN ${period.start_date}::date AND ${period.end_date}::date`
      : lists === undefined
      ? rollupPeriods(sql, "x", fitted, !useEngines)
      : sql`((x.grain = 'day' AND x.period = ANY(${lists.days}::date[]))
        OR (x.grain = 'month' AND x.period = ANY(${lists.months}::date[]))
        OR (x.grain = 'year' AND x.period = ANY(${lists.years}::date[])))`
    const engines = useEngines ? sql`x.engine = ANY(${query.aiModels ?? AI_MODELS}::text[])` : sql`x.engine IS NULL`
    const engineKey = byEngine ? sql`x.engine` : sql`''::text`
    const dayKey = byDay ? sql`x.period` : sql`'0001-01-01'::date`
    const offset = offsetOf(query.page)
    // A period's domain rows (url_id 0) lie before its URL rows in the key.
    const items = sql`
      SELECT ${sourceId(sql, query.level)} AS id, x.domain_id,
        ${engineKey} AS k_engine, ${dayKey} AS k_day,
        sum(x.citations)::int AS citations, sum(x.responses)::int AS responses_citing,
        sum(x.brand_responses)::int AS responses_mentioning_brand
      FROM rollup_citation_mentions x
      WHERE x.brand_id = ${query.brandId} AND ${engines} AND ${periods} AND ${levelRows(sql, query.level)}
      GROUP BY 1, 2, 3, 4 HAVING sum(x.citations) > 0`
    // The co-mention rows behind one row of the page (alias x): its source, engines and periods.
    const mentioned = sql`
      x.brand_id = ${query.brandId}
      AND ${byEngine ? sql`x.engine = t.k_engine` : engines}
      AND ${byDay ? sql`x.grain = 'day' AND x.period = t.k_day` : periods}
      AND x.url_id = ${url ? sql`t.id` : sql`0`} AND x.domain_id = t.domain_id`
    const source = ranked === undefined
      ? {
        ctes: sql`items AS (${items}), total AS (SELECT sum(i.citations) AS citations FROM items i)`,
        settled: sql`TRUE`,
        total: sql`(SELECT count(*)::int FROM items)`,
        page: sql`
          SELECT i.*, ${url ? sql`n.url` : sql`n.domain`} AS name FROM items i
          JOIN ${url ? sql`urls n ON n.id = i.id` : sql`domains n ON n.id = i.id`}
          -- Only the rows that can be on the page are named and sorted by name: those with at least
          -- the citations of the page's last row (ties included, so the order among them is exact).
          WHERE i.citations >= coalesce((
            SELECT c.citations FROM items c ORDER BY c.citations DESC
            OFFSET ${offset + query.page.perPage - 1} LIMIT 1), 0)
          ORDER BY i.citations DESC, ${url ? sql`n.url` : sql`n.domain`} COLLATE "C", i.k_engine COLLATE "C", i.k_day
          LIMIT ${query.page.perPage} OFFSET ${offset}`,
        coMentions: sql`(SELECT json_agg(x.competitor_responses) FROM rollup_citation_mentions x WHERE ${mentioned})`
      }
      : (() => {
        const settled = sql`(SELECT s.settled FROM settled s)`
        const pageIds = sql`(SELECT array_agg(g.id) FROM page g)::bigint[]`
        return {
          ctes: sql`${rankingCtes(sql, ranked.ranking, ranked.depth)},
            totals AS MATERIALIZED (${rangeTotals(sql, ranked.ranking, settled)}),
            total AS (SELECT t.citations FROM totals t),
            page AS MATERIALIZED (
              SELECT r.id, r.domain_id, ''::text AS k_engine, '0001-01-01'::date AS k_day, r.citations,
                r.responses_citing, r.responses_mentioning_brand, r.name
              FROM ranked r
              WHERE ${settled} AND r.rank > ${offset} AND r.rank <= ${ranked.ranking.last}
            ),
            -- The page's rows of each period, in one read of the table's key per period. The domain
            -- rows' url_id 0 is given as a value the planner does not see: seeing it, it reads the
            -- domain ranking index instead (its predicate has url_id = 0), every domain of the period.
            co_mentions AS MATERIALIZED (
              SELECT x.id, json_agg(x.competitor_responses) AS counts
              FROM periods p CROSS JOIN LATERAL (
                SELECT ${sourceId(sql, query.level)} AS id, x.competitor_responses
                FROM rollup_citation_mentions x
                WHERE ${periodRows(sql, query.brandId)}
                  AND ${url ? sql`x.url_id = ANY(${pageIds})` : sql`x.url_id = (SELECT 0::bigint) AND x.domain_id = ANY(${pageIds})`}
                -- Not pulled up: read per period (a brand with few rows was otherwise read over all its periods).
                OFFSET 0
              ) x
              GROUP BY x.id
            )`,
          settled,
          total: sql`(SELECT t.sources FROM totals t)`,
          page: sql`SELECT g.* FROM page g`,
          coMentions: sql`(SELECT m.counts FROM co_mentions m WHERE m.id = t.id)`
        }
      })()
    const rows = yield* sql`
      WITH ${source.ctes}
      SELECT ${source.settled} AS __settled, ${source.total} AS __total,
        -- On one row only: a big brand's page repeated it 100 times (~45 KB read and decoded).
        CASE WHEN coalesce(p.__n, 1) = 1 THEN one.__competitors END AS __competitors, p.*
      FROM (
        SELECT (SELECT json_agg(json_build_object('id', c.id, 'name', c.name)) FROM competitors c
          WHERE c.brand_id = ${query.brandId})::text AS __competitors
      ) one
      LEFT JOIN LATERAL (
        SELECT true AS __row, row_number() OVER () AS __n, t.domain_id::int, ${url ? sql`d.domain` : sql`t.name`} AS domain,
          ${url ? sql`t.id::int` : sql`NULL::int`} AS url_id, ${url ? sql`t.name` : sql`NULL::text`} AS url,
          nullif(t.k_engine, '') AS ai_model,
          ${byDay ? sql`to_char(t.k_day, 'YYYY-MM-DD')` : sql`NULL`} AS date,
          t.citations, t.responses_citing,
          ${percent(sql, "t.citations", "(SELECT total.citations FROM total)")} AS citation_share,
          t.responses_mentioning_brand,
          (${source.coMentions})::text AS co_mention_counts
        -- The page's rows carry their names (\`name\`: the URL or the domain); a URL row's domain is joined.
        FROM (${source.page}) t
        ${url ? sql`JOIN domains d ON d.id = t.domain_id` : sql``}
        ORDER BY t.citations DESC, t.name COLLATE "C", t.k_engine COLLATE "C", t.k_day
      ) p ON true`.pipe(Effect.flatMap(decodeCitationRows), Effect.orDie)
    const found: CitationStatement = {
      settled: rows[0]?.__settled ?? true,
      total: rows[0]?.__total ?? 0,
      rows
    }
    return found
  })
