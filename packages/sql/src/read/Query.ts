import * as SqlClient from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type * as Statement from "@effect/sql/Statement"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import { errorCode } from "../ErrorCode.js"
import * as ReadPool from "../ReadPool.js"
import { foldJournal, type JournalScope } from "../Rollups.js"

/** The filters every response-based endpoint shares (docs/api-decisions.md, Filters and dates). */
export interface ResponseFilters {
  /** Inclusive UTC date `YYYY-MM-DD` on the response's collection time. */
  readonly startDate?: string | undefined
  /** Inclusive UTC date `YYYY-MM-DD`. */
  readonly endDate?: string | undefined
  readonly aiModel?: string | undefined
}

export interface PageRequest {
  readonly page: number
  readonly perPage: number
}

export interface Pagination {
  readonly current_page: number
  readonly per_page: number
  readonly total_pages: number
  readonly total_records: number
}

export interface Page<A> {
  readonly pagination: Pagination
  readonly data: ReadonlyArray<A>
}

/**
 * Folds the rollups' journal of the scope into the tables (Rollups.ts, `foldJournal`): every read of
 * rollup tables runs it first, so it never sees an answer written before it began missing from them.
 * With nothing to fold it is one index probe.
 *
 * A database that refuses writes (a streaming replica serving the API) cannot fold: the read goes on
 * with the tables as the primary last folded them (the worker folds after each answer), rather than
 * failing the request.
 */
export const upToDate = (scope: JournalScope): Effect.Effect<void, never, SqlClient.SqlClient> =>
  foldJournal(scope).pipe(Effect.catchIf(refusesWrites, () => Effect.void), Effect.orDie)

/** SQLSTATE 25006 (read_only_sql_transaction): a hot standby, or a read-only transaction or role. */
const refusesWrites = (error: SqlError): boolean => errorCode(error.cause) === "25006"

export const pagination = (request: PageRequest, total: number): Pagination => ({
  current_page: request.page,
  per_page: request.perPage,
  total_pages: Math.ceil(total / request.perPage),
  total_records: total
})

export const offsetOf = (request: PageRequest): number => (request.page - 1) * request.perPage

/**
 * The scope clause of a table with `collected_at` and `engine` columns (responses and the
 * denormalised fact tables), under `alias`. Dates are whole UTC days, both ends inclusive.
 */
export const inScope = (sql: SqlClient.SqlClient, alias: string, filters: ResponseFilters): Statement.Fragment => {
  const col = (name: string) => sql.literal(`${alias}.${name}`)
  const clauses: Array<Statement.Fragment> = [sql`TRUE`]
  if (filters.startDate !== undefined) {
    clauses.push(sql`${col("collected_at")} >= ((${filters.startDate}::date)::timestamp AT TIME ZONE 'UTC')`)
  }
  if (filters.endDate !== undefined) {
    clauses.push(sql`${col("collected_at")} < ((${filters.endDate}::date + 1)::timestamp AT TIME ZONE 'UTC')`)
  }
  if (filters.aiModel !== undefined) {
    clauses.push(sql`${col("engine")} = ${filters.aiModel}`)
  }
  return sql.and(clauses)
}

/** ISO 8601 UTC text of a timestamptz column (`2024-05-01T08:30:00.000Z`). */
export const iso = (sql: SqlClient.SqlClient, column: string): Statement.Fragment =>
  sql.literal(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)

/** A decimal string with two fraction digits, rounded half away from zero; no data is "0.00". */
export const decimal = (sql: SqlClient.SqlClient, expression: string): Statement.Fragment =>
  sql.literal(`round(coalesce((${expression})::numeric, 0), 2)::text`)

/** A percentage `100 * part / whole` as a decimal string; "0.00" when `whole` is 0. */
export const percent = (sql: SqlClient.SqlClient, part: string, whole: string): Statement.Fragment =>
  decimal(sql, `100.0 * (${part}) / nullif(${whole}, 0)`)

/** The impact label of docs/api-decisions.md, compared in integers: high >= 20 %, medium >= 5 %. */
export const impact = (sql: SqlClient.SqlClient, citing: string, inScope: string): Statement.Fragment =>
  sql.literal(
    `CASE WHEN (${inScope}) > 0 AND 100 * (${citing}) >= 20 * (${inScope}) THEN 'high' ` +
      `WHEN (${inScope}) > 0 AND 100 * (${citing}) >= 5 * (${inScope}) THEN 'medium' ELSE 'low' END`
  )

/**
 * Decodes rows with the resource schema; a row that does not match is a bug (a defect), never a
 * 400. Row by row with the schema itself, whose compiled parser Schema keeps (a `Schema.Array` made
 * per call would be compiled again on every request).
 */
export const decodeRows = <A, I>(schema: Schema.Schema<A, I>) => {
  const decode = Schema.decodeUnknownEither(schema)
  return (rows: ReadonlyArray<unknown>) => Effect.orDie(Either.all(rows.map((row) => decode(row))))
}

/**
 * The count and the page in one statement (one round trip): the count's single row LEFT JOIN
 * LATERAL the page, so a page past the end is that one row with no page columns (`__row` null).
 * The extra `__total`/`__row` columns are dropped by the schema's decode. PostgreSQL keeps the
 * page subquery's ORDER BY through a lateral join on a single outer row. `prepared`: see
 * ReadPool.run.
 */
export const paged = <A, I>(
  schema: Schema.Schema<A, I>,
  request: PageRequest,
  count: Statement.Fragment,
  rows: (limit: number, offset: number) => Statement.Fragment,
  options: { readonly prepared?: boolean } = {}
): Effect.Effect<Page<A>, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const offset = offsetOf(request)
    const joined = yield* ReadPool.run(sql<{ readonly __total: number; readonly __row: boolean | null }>`
      SELECT t.total AS __total, p.*
      FROM (${count}) t
      LEFT JOIN LATERAL (SELECT true AS __row, q.* FROM (${rows(request.perPage, offset)}) q) p ON true`, options)
    const total = joined[0]?.__total ?? 0
    const data = yield* decodeRows(schema)(joined.filter((row) => row.__row === true))
    return { pagination: pagination(request, total), data }
  }).pipe(Effect.orDie)

/** The rollup rows of the filters' engine: the engine's own, or the all-engines row (NULL). */
export const rollupEngine = (sql: SqlClient.SqlClient, alias: string, filters: ResponseFilters): Statement.Fragment =>
  filters.aiModel === undefined
    ? sql.literal(`${alias}.engine IS NULL`)
    : sql`${sql.literal(`${alias}.engine`)} = ${filters.aiModel}`

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)

/** The last day of a month (1-12) of the proleptic Gregorian calendar, as PostgreSQL's dates have it. */
const lastDayOfMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31

/** A calendar day, `YYYY-MM-DD` (years past 9999 in as many digits as they need). */
interface Day {
  readonly year: number
  readonly month: number
  readonly day: number
}

const parseDay = (text: string): Day => {
  const [year = "1", month = "1", day = "1"] = text.split("-")
  return { year: Number(year), month: Number(month), day: Number(day) }
}

const dayText = ({ day, month, year }: Day) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`

const nextMonth = ({ month, year }: Day): Day => month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 }

/** The days of a range and the bounds of the whole months and years inside it (`periodBounds`). */
export interface PeriodBounds {
  readonly start: string
  readonly end: string
  /** The first day of the first whole month, and the first day after the last whole month. */
  readonly monthsFrom: string
  readonly monthsUntil: string
  /** The same for whole years. */
  readonly yearsFrom: string
  readonly yearsUntil: string
}

/**
 * The bounds rollupPeriods selects rows by, for the filters' range (an open end is the start or end
 * of time). Computed here, not in the statement: as SQL (`date_trunc` over a timestamptz, a stable
 * function) they were evaluated again for every rollup row the statement filtered, most of the cost
 * of reading a few thousand rows.
 */
export const periodBounds = (filters: ResponseFilters): PeriodBounds => {
  const start = parseDay(filters.startDate ?? "0001-01-01")
  const end = parseDay(filters.endDate ?? "9999-12-30")
  const endsMonth = end.day === lastDayOfMonth(end.year, end.month)
  const endsYear = end.month === 12 && end.day === 31
  return {
    start: dayText(start),
    end: dayText(end),
    monthsFrom: dayText(start.day === 1 ? start : nextMonth(start)),
    monthsUntil: dayText(endsMonth ? nextMonth(end) : { ...end, day: 1 }),
    yearsFrom: dayText(start.day === 1 && start.month === 1 ? start : { year: start.year + 1, month: 1, day: 1 }),
    yearsUntil: dayText(endsYear ? { year: end.year + 1, month: 1, day: 1 } : { ...end, month: 1, day: 1 })
  }
}

/**
 * The rollup rows (Rollups.ts) of the filters' range, whatever their engine: the month rows of the
 * months wholly inside it, and the day rows of the days outside those months. With `years` (the
 * tables that have year rows), the year rows of the years wholly inside it replace their months.
 * An open end is the start or end of time.
 */
export const rollupPeriods = (
  sql: SqlClient.SqlClient,
  alias: string,
  filters: ResponseFilters,
  years = false
): Statement.Fragment => {
  const col = (name: string) => sql.literal(`${alias}.${name}`)
  const bounds = periodBounds(filters)
  const start = sql`${bounds.start}::date`
  const end = sql`${bounds.end}::date`
  const monthsFrom = sql`${bounds.monthsFrom}::date`
  const monthsUntil = sql`${bounds.monthsUntil}::date`
  if (!years) {
    return sql`(
    (${col("grain")} = 'month' AND ${col("period")} >= ${monthsFrom} AND ${col("period")} < ${monthsUntil})
    OR (${col("grain")} = 'day' AND ${col("period")} BETWEEN ${start} AND ${end}
      AND (${col("period")} < ${monthsFrom} OR ${col("period")} >= ${monthsUntil})))`
  }
  const yearsFrom = sql`${bounds.yearsFrom}::date`
  const yearsUntil = sql`${bounds.yearsUntil}::date`
  const outsideYears = sql`(${col("period")} < ${yearsFrom} OR ${col("period")} >= ${yearsUntil})`
  return sql`(
    (${col("grain")} = 'year' AND ${col("period")} >= ${yearsFrom} AND ${col("period")} < ${yearsUntil})
    OR (${col("grain")} = 'month' AND ${col("period")} >= ${monthsFrom} AND ${col("period")} < ${monthsUntil}
      AND ${outsideYears})
    OR (${col("grain")} = 'day' AND ${col("period")} BETWEEN ${start} AND ${end}
      AND (${col("period")} < ${monthsFrom} OR ${col("period")} >= ${monthsUntil}) AND ${outsideYears}))`
}

/**
 * The rows `rollupPeriods` selects, as conditions to be read one by one (`inPeriodBranches`):
 * each fixes the grain and bounds the period on both sides, so that it walks an index on (...,
 * grain, period) over its own range only, where the `OR` of `rollupPeriods` gives an index nothing
 * to bound the period by (the day rows' range was the whole range, every day of its whole months
 * included). Each condition is `rollupPeriods`' condition for its grain with tighter bounds that
 * split it in two where it was a union (`period < monthsFrom OR period >= monthsUntil` is the part
 * before `monthsFrom` and the part from both on), so the conditions select the same rows, each once.
 */
export const periodBranches = (
  sql: SqlClient.SqlClient,
  alias: string,
  filters: ResponseFilters,
  years = false
): ReadonlyArray<Statement.Fragment> => {
  const col = (name: string) => sql.literal(`${alias}.${name}`)
  const period = col("period")
  const bounds = periodBounds(filters)
  const monthsFrom = sql`${bounds.monthsFrom}::date`
  const monthsUntil = sql`${bounds.monthsUntil}::date`
  const months = sql`${col("grain")} = 'month' AND ${period} >= ${monthsFrom} AND ${period} < ${monthsUntil}`
  const days = sql`${col("grain")} = 'day' AND ${period} BETWEEN ${bounds.start}::date AND ${bounds.end}::date
    AND (${period} < ${monthsFrom} OR ${period} >= ${monthsUntil})`
  const split = (rows: Statement.Fragment, from: Statement.Fragment, until: Statement.Fragment) => [
    sql`(${rows} AND ${period} < ${from})`,
    sql`(${rows} AND ${period} >= GREATEST(${from}, ${until}))`
  ]
  if (!years) return [sql`(${months})`, ...split(days, monthsFrom, monthsUntil)]
  const yearsFrom = sql`${bounds.yearsFrom}::date`
  const yearsUntil = sql`${bounds.yearsUntil}::date`
  const outsideYears = sql`(${period} < ${yearsFrom} OR ${period} >= ${yearsUntil})`
  return [
    sql`(${col("grain")} = 'year' AND ${period} >= ${yearsFrom} AND ${period} < ${yearsUntil})`,
    ...split(sql`${months} AND ${outsideYears}`, yearsFrom, yearsUntil),
    ...split(sql`${days} AND ${outsideYears}`, monthsFrom, monthsUntil)
  ]
}

/** The periods `rollupPeriods` selects for a range, as lists of first days (`YYYY-MM-DD`) per grain. */
export interface PeriodLists {
  readonly days: ReadonlyArray<string>
  readonly months: ReadonlyArray<string>
  readonly years: ReadonlyArray<string>
}

/** The periods of the lists as two arrays (grain, first day), for `unnest`. */
export const periodArrays = (lists: PeriodLists) => ({
  grains: [
    ...lists.days.map(() => "day"),
    ...lists.months.map(() => "month"),
    ...lists.years.map(() => "year")
  ],
  periods: [...lists.days, ...lists.months, ...lists.years]
})

/** How many periods the lists hold. */
export const periodCount = (lists: PeriodLists) => lists.days.length + lists.months.length + lists.years.length

const DAY = 86_400_000
const isoDay = (millis: number) => new Date(millis).toISOString().slice(0, 10)

/**
 * The same periods as `rollupPeriods` for a closed range, listed: for a read that probes an index
 * once per period (`period = ANY(...)`) instead of scanning a range of periods. Undefined when the
 * range is open or would list more than `limit` periods (the caller then uses `rollupPeriods`).
 */
export const rollupPeriodLists = (filters: ResponseFilters, years = false, limit = 400): PeriodLists | undefined => {
  if (filters.startDate === undefined || filters.endDate === undefined) return undefined
  const start = Date.parse(`${filters.startDate}T00:00:00Z`)
  const end = Date.parse(`${filters.endDate}T00:00:00Z`)
  if (!Number.isFinite(start) || !Number.isFinite(end)) return undefined
  const firstOf = (millis: number, unit: "month" | "year") => {
    const d = new Date(millis)
    return Date.UTC(d.getUTCFullYear(), unit === "month" ? d.getUTCMonth() : 0, 1)
  }
  const next = (millis: number, unit: "month" | "year") => {
    const d = new Date(millis)
    return unit === "month" ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) : Date.UTC(d.getUTCFullYear() + 1, 0, 1)
  }
  // The first day of the first whole month (year), and the first day after the last whole month (year).
  const monthsFrom = next(firstOf(start - DAY, "month"), "month")
  const monthsUntil = firstOf(end + DAY, "month")
  const yearsFrom = years ? next(firstOf(start - DAY, "year"), "year") : 0
  const yearsUntil = years ? firstOf(end + DAY, "year") : 0
  const inYears = (millis: number) => millis >= yearsFrom && millis < yearsUntil
  const lists = { days: [] as Array<string>, months: [] as Array<string>, years: [] as Array<string> }
  const count = () => lists.days.length + lists.months.length + lists.years.length
  for (let y = yearsFrom; y < yearsUntil && count() <= limit; y = next(y, "year")) lists.years.push(isoDay(y))
  for (let m = monthsFrom; m < monthsUntil && count() <= limit; m = next(m, "month")) {
    if (!inYears(m)) lists.months.push(isoDay(m))
  }
  for (let d = start; d <= end && count() <= limit; d += DAY) {
    if ((d < monthsFrom || d >= monthsUntil) && !inYears(d)) lists.days.push(isoDay(d))
    // Skip the whole months and years in between.
    else if (d >= monthsFrom && d < monthsUntil) d = Math.max(d, monthsUntil - DAY)
  }
  return count() > limit ? undefined : lists
}

/** A rollup period: its grain and its first day (`YYYY-MM-DD`). */
export interface RollupPeriod {
  readonly grain: "month" | "year"
  readonly period: string
}

/**
 * The one all-engines month or year row that holds exactly the filters' range, when there is one:
 * a range (as `dataRange` fits it) of one whole UTC year, or of one whole UTC month. Such a range
 * reads one row per key, already summed, so a ranking can be read in order from an index instead of
 * aggregating every key first. `years`: the table has year rows.
 */
export const singlePeriod = (filters: ResponseFilters, years: boolean): RollupPeriod | undefined => {
  const { aiModel, endDate, startDate } = filters
  if (aiModel !== undefined || startDate === undefined || endDate === undefined) return undefined
  const start = /^(\d{4})-(\d{2})-01$/.exec(startDate)
  const end = /^(\d{4})-(\d{2})-(\d{2})$/.exec(endDate)
  if (start === null || end === null || start[1] !== end[1]) return undefined
  const year = Number(start[1])
  if (years && start[2] === "01" && end[2] === "12" && end[3] === "31") return { grain: "year", period: startDate }
  const month = Number(start[2])
  if (start[2] === end[2] && Number(end[3]) === lastDayOfMonth(year, month)) return { grain: "month", period: startDate }
  return undefined
}

/** The rollup rows that add up to the figures of the filters' range and engine, exactly (`years`: see rollupPeriods). */
export const inPeriods = (
  sql: SqlClient.SqlClient,
  alias: string,
  filters: ResponseFilters,
  years = false
): Statement.Fragment =>
  // Year rows exist for all engines only (engine NULL).
  sql`${rollupEngine(sql, alias, filters)} AND ${rollupPeriods(sql, alias, filters, years && filters.aiModel === undefined)}`

/**
 * The rows of `select` that `inPeriods` selects, read one grain (and part, `periodBranches`) at a
 * time and appended (`UNION ALL`): `select(condition)` is a query over one rollup table as `alias`
 * with `condition` (the engine's and one part's) in its `WHERE`.
 */
export const inPeriodBranches = (
  sql: SqlClient.SqlClient,
  alias: string,
  filters: ResponseFilters,
  years: boolean,
  select: (condition: Statement.Fragment) => Statement.Fragment
): Statement.Fragment =>
  unionOverBranches(
    sql,
    alias,
    filters,
    years && filters.aiModel === undefined,
    (branch) => select(sql`${rollupEngine(sql, alias, filters)} AND ${branch}`)
  )

/**
 * `select(branch)` for each of the range's `periodBranches`, appended (`UNION ALL`): the rows of the
 * range read one grain (and part) at a time, whatever else `select` filters by (`inPeriodBranches`
 * adds the engine's condition).
 */
export const unionOverBranches = (
  sql: SqlClient.SqlClient,
  alias: string,
  filters: ResponseFilters,
  years: boolean,
  select: (branch: Statement.Fragment) => Statement.Fragment
): Statement.Fragment =>
  sql.join(" UNION ALL ", false)(periodBranches(sql, alias, filters, years).map((branch) => sql`(${select(branch)})`))

const DataRange = Schema.Struct({
  start: Schema.NullOr(Schema.String),
  end: Schema.NullOr(Schema.String),
  whole: Schema.Boolean
})

/** A range fitted to the data (`fitRange`). */
export interface FittedRange {
  /** The filters with the range that reads the fewest rollup rows for the same answers. */
  readonly periods: ResponseFilters
  /**
   * Whether the original range holds every day with data (open ends, or ends beyond the first and
   * last day rows): then every key-set row (cited_prompt_days, cited_domain_days) meets the range,
   * and counting them needs no test of their days.
   */
  readonly wholeHistory: boolean
}

/**
 * The filters with their range widened or narrowed, for reading rollups, to the one that reads the
 * fewest rows while selecting the same answers. No answer lies outside the days between the first
 * and last day rows of `days` (a rollup's all-engines day rows of one brand or prompt, as `engine,
 * grain, period`, `brandDays`: rows left at zero by a re-analysis only widen it), so a start on or before the first day can move to the first
 * day of its year, and an end on or after the last day to the last day of its year. A trailing
 * "last N days" range then reads the current year's row (or, without year rows, its whole months)
 * and whole months before it, not one row per day.
 * The answers selected stay the same, so every figure does; key sets (`dayRange`) keep the
 * original range.
 */
export const fitRange = (
  days: Statement.Fragment,
  filters: ResponseFilters
): Effect.Effect<FittedRange, never, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const start = sql`${filters.startDate ?? null}::date`
    const end = sql`${filters.endDate ?? null}::date`
    const startsBefore = sql`e.first IS NOT NULL AND (${start} IS NULL OR ${start} <= e.first)`
    const endsAfter = sql`e.last IS NOT NULL AND (${end} IS NULL OR ${end} >= e.last)`
    // Prepared: two index probes whatever the values, planned once per connection (every rollup read runs it).
    const rows = yield* ReadPool.run(sql`
      SELECT
        to_char(CASE WHEN ${startsBefore} THEN date_trunc('year', e.first)::date ELSE ${start} END, 'YYYY-MM-DD') AS start,
        to_char(CASE WHEN ${endsAfter}
          THEN (date_trunc('year', e.last) + interval '1 year - 1 day')::date ELSE ${end} END, 'YYYY-MM-DD') AS end,
        coalesce(${startsBefore} AND ${endsAfter}, FALSE) AS whole
      FROM (
        -- Each end in one index probe, ordered as the rollup's key is (engine and grain are the
        -- same in every row): min()/max() read every day row, one per group and day (3,000 for a
        -- brand with 10 groups and 300 days).
        SELECT (SELECT d.period FROM (${days}) d ORDER BY d.engine, d.grain, d.period LIMIT 1) AS first,
          (SELECT d.period FROM (${days}) d ORDER BY d.engine DESC, d.grain DESC, d.period DESC LIMIT 1) AS last
      ) e`, { prepared: true }).pipe(
      Effect.flatMap(Schema.decodeUnknown(Schema.Array(DataRange))),
      Effect.orDie
    )
    const found = rows[0]
    return found === undefined
      ? { periods: filters, wholeHistory: false }
      : {
        periods: { ...filters, startDate: found.start ?? undefined, endDate: found.end ?? undefined },
        wholeHistory: found.whole
      }
  })

/** The filters with their range fitted to the data (`fitRange`), for reading rollups. */
export const dataRange = (
  days: Statement.Fragment,
  filters: ResponseFilters
): Effect.Effect<ResponseFilters, never, SqlClient.SqlClient> =>
  Effect.map(fitRange(days, filters), (fitted) => fitted.periods)

/** The all-engines day rows (engine, grain, period: the key's order) of a brand's rollups, for `dataRange`. */
export const brandDays = (sql: SqlClient.SqlClient, brandId: number): Statement.Fragment =>
  sql`SELECT engine, grain, period FROM rollup_brand WHERE brand_id = ${brandId} AND engine IS NULL AND grain = 'day'`

/** The all-engines day rows (engine, grain, period: the key's order) of a prompt's rollups, for `dataRange`. */
export const promptDays = (sql: SqlClient.SqlClient, promptId: number): Statement.Fragment =>
  sql`SELECT engine, grain, period FROM rollup_prompt WHERE prompt_id = ${promptId} AND engine IS NULL AND grain = 'day'`

/** The filters' range as a daterange (open ends unbounded), for the key sets' datemultiranges. */
export const dayRange = (sql: SqlClient.SqlClient, filters: ResponseFilters): Statement.Fragment => {
  const start = sql`${filters.startDate ?? null}::date`
  const end = sql`${filters.endDate ?? null}::date`
  // A start after the end is an empty range, not an error.
  return sql`(CASE WHEN ${start} > ${end} THEN 'empty'::daterange ELSE daterange(${start}, ${end}, '[]') END)`
}

const Total = Schema.Struct({ total: Schema.Number })

/**
 * A page whose rows carry the whole list's size in a `total` column (`count(*) OVER ()`), so the
 * list is aggregated once; the count query only runs for a page past the end.
 */
export const pagedWithTotal = <A, I>(
  schema: Schema.Schema<A, I>,
  request: PageRequest,
  count: Effect.Effect<ReadonlyArray<{ readonly total: number }>, unknown>,
  rows: (limit: number, offset: number) => Effect.Effect<ReadonlyArray<unknown>, unknown>
): Effect.Effect<Page<A>> =>
  Effect.gen(function*() {
    const offset = offsetOf(request)
    const found = yield* rows(request.perPage, offset)
    const [first] = yield* Schema.decodeUnknown(Schema.Array(Total))(found.slice(0, 1))
    const total = first !== undefined ? first.total : offset === 0 ? 0 : (yield* count)[0]?.total ?? 0
    const data = yield* decodeRows(schema)(found)
    return { pagination: pagination(request, total), data }
  }).pipe(Effect.orDie)

/**
 * For a list ranked by a count, then by name: without a search, the rows of `counts` (a CTE) that
 * can be on the page, those counting at least as many as the page's last row, found by count alone.
 * Only they are joined to their names for the tie-break, not every row of the list. With a search
 * (on the name) every row is a candidate.
 */
export const onPage = (
  sql: SqlClient.SqlClient,
  counts: string,
  column: string,
  alias: string,
  search: string | undefined,
  last: number
): Statement.Fragment =>
  search !== undefined ? sql`TRUE` : sql`${sql.literal(`${alias}.${column}`)} >= coalesce((
    SELECT c.${sql.literal(column)} FROM ${sql.literal(counts)} c ORDER BY 1 DESC LIMIT 1 OFFSET ${last - 1}), 0)`

/** The size of the whole list: every row of `counts`, or (with a search) the matching rows. */
export const totalOf = (sql: SqlClient.SqlClient, counts: string, search: string | undefined): Statement.Fragment =>
  search !== undefined ? sql`count(*) OVER ()` : sql`(SELECT count(*) FROM ${sql.literal(counts)})`
