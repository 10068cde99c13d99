import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import { PromptCitation, PromptDetail, PromptListItem, PromptResponse, SearchQuery } from "@sightline/domain/api/Resources"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { SeriesFigures, seriesJson } from "./PromptSeries.js"
import { citationUrls, searchQueries, sentimentLabel } from "./ResponseColumns.js"
import * as ReadPool from "../ReadPool.js"
import { jsonArray } from "./JsonText.js"
import {
  brandDays,
  dataRange,
  decimal,
  decodeRows,
  inPeriods,
  inScope,
  iso,
  offsetOf,
  onPage,
  type Page,
  type PageRequest,
  paged,
  pagination,
  type Pagination,
  percent,
  periodArrays,
  periodCount,
  promptDays,
  type ResponseFilters,
  rollupEngine,
  rollupPeriodLists,
  unionOverBranches,
  upToDate
} from "./Query.js"

/**
 * Monitored prompts and what was collected for them. Every metric is aggregated in SQL over the
 * responses in scope (docs/api-decisions.md, Metrics); the pure definitions live in domain/Metrics.ts.
 */

export const listPrompts = Effect.fnUntraced(function*(
  brandId: number,
  groupId: number | undefined,
  filters: ResponseFilters,
  page: PageRequest
) {
  const sql = yield* SqlClient.SqlClient
  yield* upToDate({ brandId })
  const where = sql`p.brand_id = ${brandId} AND (${groupId ?? null}::bigint IS NULL OR p.group_id = ${groupId ?? null})`
  const periods = yield* dataRange(brandDays(sql, brandId), filters)
  return yield* paged(
    PromptListItem,
    page,
    sql<{ total: number }>`SELECT count(*)::int AS total FROM prompts p WHERE ${where}`,
    (limit, offset) => promptRows(sql, where, periods, sql`LIMIT ${limit} OFFSET ${offset}`)
  )
})

/**
 * The monitored-prompts list items (PromptListItem) of the prompts `where` selects, in id order,
 * their metrics over the filters' range from the rollups; `tail` pages them (or not: the export).
 */
export const promptRows = (
  sql: SqlClient.SqlClient,
  where: Statement.Fragment,
  filters: ResponseFilters,
  tail: Statement.Fragment
): Statement.Fragment =>
  sql`
        SELECT p.id, p.text AS prompt,
          coalesce(s.mentions, 0) AS brand_mentions,
          ${decimal(sql, "s.average_position")} AS brand_average_position,
          ${percent(sql, "s.mentions", "s.responses")} AS mention_rate,
          ${decimal(sql, "s.average_sentiment")} AS average_sentiment,
          coalesce(s.responses, 0) AS responses,
          ${iso(sql, "p.created_at")} AS created_at
        FROM prompts p
        LEFT JOIN LATERAL (
          SELECT sum(x.responses)::int AS responses, sum(x.mentions)::int AS mentions,
            sum(x.position_sum)::numeric / nullif(sum(x.mentions), 0) AS average_position,
            sum(x.sentiment_sum) / nullif(sum(x.mentions), 0) AS average_sentiment
          FROM rollup_prompt x
          WHERE x.prompt_id = p.id AND ${inPeriods(sql, "x", filters, true)}
        ) s ON TRUE
        WHERE ${where}
        ORDER BY p.id
        ${tail}`

/** A prompt's detail, its time series aside, and the series as JSON text (`getPromptJson`). */
const { time_series_data: TimeSeries, ...detailFields } = PromptDetail.fields
const PromptDetailJson = Schema.Struct({ ...detailFields, time_series_json: Schema.String })
export type PromptDetailJson = typeof PromptDetailJson.Type
const PromptDetailFigures = Schema.Struct({ ...detailFields, series: SeriesFigures })

/**
 * A prompt's detail (PromptDetail) with its time series as JSON text, byte for byte what
 * `JSON.stringify` writes for the decoded series; handed to the response as it is
 * (handlers/Common.ts, `asJsonWithText`), not parsed, decoded and written again. PostgreSQL sums the
 * series' figures; PromptSeries.ts writes the text (a big brand's series has 3,600 objects).
 */
export const getPromptJson = Effect.fnUntraced(function*(promptId: number, filters: ResponseFilters) {
  const sql = yield* SqlClient.SqlClient
  yield* upToDate({ promptId })
  const periods = yield* dataRange(promptDays(sql, promptId), filters)
  const dayNumber = (expression: string) => sql.literal(`(${expression} - DATE '2000-01-01')`)
  // Totals and the own brand's days from the prompt's rollup rows; competitors' days from their
  // day rows of rollup_prompt_competitor (all engines), or for one engine from their mentions,
  // which carry the prompt, engine and time themselves (no join back to the answers).
  // Sentiments have two decimals (numeric(5,2)), so their sums in hundredths are integers.
  const competitorDays = filters.aiModel === undefined
    ? sql`
      SELECT x.period AS day, x.competitor_id, x.mentions, (x.sentiment_sum * 100)::int AS sentiment_cents
      FROM rollup_prompt_competitor x
      WHERE x.prompt_id = ${promptId} AND x.grain = 'day' AND x.mentions > 0
        AND x.period BETWEEN ${filters.startDate ?? "0001-01-01"}::date AND ${filters.endDate ?? "9999-12-30"}::date`
    : sql`
      SELECT (m.collected_at AT TIME ZONE 'UTC')::date AS day, m.competitor_id, count(*)::int AS mentions,
        (sum(m.sentiment) * 100)::int AS sentiment_cents
      FROM response_mentions m
      WHERE m.prompt_id = ${promptId} AND ${inScope(sql, "m", filters)}
      GROUP BY 1, 2`
  const rows = yield* sql`
    WITH totals AS (
      SELECT coalesce(sum(x.responses), 0) AS responses, coalesce(sum(x.mentions), 0) AS mentions,
        sum(x.position_sum)::numeric / nullif(sum(x.mentions), 0) AS position
      FROM rollup_prompt x
      WHERE x.prompt_id = ${promptId} AND ${inPeriods(sql, "x", periods, true)}
    ),
    days AS (
      SELECT x.period AS day, x.responses, x.mentions, (x.sentiment_sum * 100)::int AS sentiment_cents
      FROM rollup_prompt x
      WHERE x.prompt_id = ${promptId} AND x.responses > 0 AND ${rollupEngine(sql, "x", filters)} AND x.grain = 'day'
        AND x.period BETWEEN ${filters.startDate ?? "0001-01-01"}::date AND ${filters.endDate ?? "9999-12-30"}::date
    ),
    competitor_days AS (${competitorDays})
    SELECT p.id, p.text AS prompt,
      (SELECT responses::int FROM totals) AS total_responses,
      (SELECT mentions::int FROM totals) AS total_brand_mentions,
      (SELECT ${percent(sql, "mentions", "responses")} FROM totals) AS brand_mention_rate,
      (SELECT ${decimal(sql, "position")} FROM totals) AS brand_average_position,
      json_build_object('series_dates', d.series_dates, 'series_days', d.series_days,
        'series_responses', d.series_responses, 'series_mentions', d.series_mentions,
        'series_sentiment_cents', d.series_sentiment_cents,
        'series_names', ARRAY[b.name] || coalesce(c.names, '{}'), 'series_competitor_ids', coalesce(c.ids, '{}'),
        'competitor_days', cd.competitor_days, 'competitor_ids', cd.competitor_ids,
        'competitor_mentions', cd.competitor_mentions, 'competitor_sentiment_cents', cd.competitor_sentiment_cents
      ) AS series,
      ${iso(sql, "p.next_run_at")} AS next_run_at,
      ${iso(sql, "p.created_at")} AS created_at
    FROM prompts p
    JOIN brands b ON b.id = p.brand_id
    CROSS JOIN LATERAL (
      SELECT array_agg(c.name ORDER BY c.id) AS names, array_agg(c.id::int ORDER BY c.id) AS ids
      FROM competitors c WHERE c.brand_id = p.brand_id
    ) c
    CROSS JOIN (
      SELECT coalesce(array_agg(to_char(x.day, 'YYYY-MM-DD') ORDER BY x.day), '{}') AS series_dates,
        coalesce(array_agg(${dayNumber("x.day")} ORDER BY x.day), '{}') AS series_days,
        coalesce(array_agg(x.responses ORDER BY x.day), '{}') AS series_responses,
        coalesce(array_agg(x.mentions ORDER BY x.day), '{}') AS series_mentions,
        coalesce(array_agg(x.sentiment_cents ORDER BY x.day), '{}') AS series_sentiment_cents
      FROM days x
    ) d
    CROSS JOIN (
      SELECT coalesce(array_agg(${dayNumber("x.day")}), '{}') AS competitor_days,
        coalesce(array_agg(x.competitor_id::int), '{}') AS competitor_ids,
        coalesce(array_agg(x.mentions), '{}') AS competitor_mentions,
        coalesce(array_agg(x.sentiment_cents), '{}') AS competitor_sentiment_cents
      FROM competitor_days x
    ) cd
    WHERE p.id = ${promptId}`.pipe(Effect.flatMap(decodeRows(PromptDetailFigures)), Effect.orDie)
  return Option.map(Option.fromNullable(rows[0]), ({ series, ...detail }): PromptDetailJson => ({
    ...detail,
    time_series_json: seriesJson(series)
  }))
})

/** A prompt's detail decoded whole (the series parsed and checked with the contract's schema). */
export const getPrompt = Effect.fnUntraced(function*(promptId: number, filters: ResponseFilters) {
  const found = yield* getPromptJson(promptId, filters)
  if (Option.isNone(found)) return Option.none<PromptDetail>()
  const { time_series_json, ...detail } = found.value
  const series = yield* Schema.decode(Schema.parseJson(TimeSeries))(time_series_json).pipe(
    Effect.orDie
  )
  const { created_at, next_run_at, ...head } = detail
  const whole: PromptDetail = { ...head, time_series_data: series, next_run_at, created_at }
  return Option.some(whole)
})

export const listResponses = Effect.fnUntraced(function*(
  promptId: number,
  filters: ResponseFilters,
  page: PageRequest
) {
  const sql = yield* SqlClient.SqlClient
  const where = sql`r.prompt_id = ${promptId} AND ${inScope(sql, "r", filters)}`
  return yield* paged(
    PromptResponse,
    page,
    sql<{ total: number }>`SELECT count(*)::int AS total FROM responses r WHERE ${where}`,
    (limit, offset) =>
      sql`
        SELECT r.id, r.engine AS ai_model, r.response_markdown, r.response_text, r.brand_mentioned,
          ${sentimentLabel(sql, "r")} AS brand_sentiment,
          ${citationUrls(sql, "r")} AS citations,
          ${searchQueries(sql, "r")} AS search_queries,
          ${iso(sql, "r.collected_at")} AS created_at,
          r.analyser_version
        FROM responses r
        WHERE ${where}
        ORDER BY r.collected_at DESC, r.id DESC
        LIMIT ${limit} OFFSET ${offset}`
  )
})

/** A page of prompt citations whose items are JSON text, as PostgreSQL wrote them (`listCitationsJson`). */
export interface CitationPageJson {
  readonly pagination: Pagination
  readonly data_json: string
}

const CitationPageRow = Schema.Struct({ total: Schema.Int, data: Schema.String })

/**
 * A prompt's citations (PromptCitation): the cited domains, counted in distinct answers, most cited
 * first (ties by domain), each with its URLs, counted in answers too (an answer cites a URL at most
 * once), most cited first (ties by URL). The page's items are JSON text, byte for byte what
 * `JSON.stringify` writes for the decoded page (read/JsonText.ts), handed to the response as it is:
 * a big prompt's first page lists 100 domains with ~700 URLs, whose JSON parse, decode and
 * stringify cost as much as the statement's whole URL part.
 *
 * The counts come from `rollup_prompt_citations` (`rolledUpCitationCounts`), or with an `ai_model`
 * filter from the raw citations (`rawCitationCounts`). Domain names are read for the rows that can
 * be on the page (`onPage`), not for every cited domain; URLs for the page's domains only.
 */
export const listCitationsJson = Effect.fnUntraced(function*(
  promptId: number,
  filters: ResponseFilters,
  page: PageRequest
) {
  const sql = yield* SqlClient.SqlClient
  const counts = filters.aiModel === undefined
    ? yield* rolledUpCitationCounts(sql, promptId, filters)
    : rawCitationCounts(sql, sql`rc.prompt_id = ${promptId} AND ${inScope(sql, "rc", filters)}`)
  const limit = page.perPage
  const offset = offsetOf(page)
  // Materialised: estimated at a row or two, the page's URL counts were otherwise recomputed per
  // page domain (130 ms for the big scale prompt's year instead of 8).
  const statement = sql<typeof CitationPageRow.Encoded>`
    WITH per_domain AS MATERIALIZED (${counts.perDomain}),
    page AS MATERIALIZED (
      SELECT x.domain_id, x.domain, x.count FROM (
        SELECT pd.domain_id, pd.count, (SELECT d.domain FROM domains d WHERE d.id = pd.domain_id) AS domain
        FROM per_domain pd WHERE ${onPage(sql, "per_domain", "count", "pd", undefined, limit + offset)}
      ) x
      ORDER BY x.count DESC, x.domain COLLATE "C"
      LIMIT ${limit} OFFSET ${offset}
    ),
    page_urls AS MATERIALIZED (
      SELECT pu.domain_id,
        ${jsonArray(sql, [["url", "to_json(u.url)", "json"], ["count", "pu.count", "json"]], `pu.count DESC, u.url COLLATE "C"`)} AS urls
      FROM (${counts.pageUrls(sql`(SELECT p.domain_id FROM page p)`)}) pu JOIN urls u ON u.id = pu.url_id
      GROUP BY pu.domain_id
    )
    SELECT (SELECT count(*) FROM per_domain)::int AS total,
      coalesce((
        SELECT ${
    jsonArray(sql, [["domain", "to_json(p.domain)", "json"], ["count", "p.count", "json"], ["urls", "pu.urls", "json"]], `p.count DESC, p.domain COLLATE "C"`)
  }
        FROM page p JOIN page_urls pu ON pu.domain_id = p.domain_id
      ), '[]') AS data`
  // Not prepared: a generic plan, made after a few small prompts' pages, took the big scale
  // prompt's year from 9 ms to 50 ms.
  const rows = yield* ReadPool.run(statement).pipe(Effect.flatMap(decodeRows(CitationPageRow)), Effect.orDie)
  const row = rows[0] ?? { total: 0, data: "[]" }
  const result: CitationPageJson = { pagination: pagination(page, row.total), data_json: row.data }
  return result
})

/**
 * What a prompt's citations page counts: the answers citing each domain (`perDomain`: domain_id,
 * count), and each URL of some domains (`pageUrls(domains)`: domain_id, url_id, count).
 */
interface CitationCounts {
  readonly perDomain: Statement.Fragment
  readonly pageUrls: (domains: Statement.Fragment) => Statement.Fragment
}

/**
 * The counts from the prompt's citations in range (`where` on alias rc), read from the covering
 * index twice, without materialising them: once for every domain's count (a sorted
 * `count(DISTINCT)`), once for the URLs of the page's domains only. For an `ai_model` filter,
 * which the rollup does not split by.
 */
const rawCitationCounts = (sql: SqlClient.SqlClient, where: Statement.Fragment): CitationCounts => ({
  perDomain: sql`SELECT rc.domain_id, count(DISTINCT rc.response_id)::int AS count
    FROM response_citations rc WHERE ${where} GROUP BY rc.domain_id`,
  pageUrls: (domains) =>
    sql`SELECT rc.domain_id, rc.url_id, count(*)::int AS count FROM response_citations rc
      WHERE ${where} AND rc.domain_id IN ${domains} GROUP BY 1, 2`
})

/**
 * The counts from `rollup_prompt_citations` (PromptCitationRollup.ts), its journal folded first.
 * The range is fitted to the prompt's data and its periods listed (`rollupPeriodLists`: a trailing
 * year is one year row), each read by an index probe of the periods' list (`unnest`), the domain
 * rows (`url_id` 0) of each period, or the URL rows of each period and page domain. A range too
 * long to list (or the whole history of a prompt without answers) is read one grain and part at a
 * time instead (`periodBranches`). Sums that are 0 (rows a re-analysis emptied) are no citations.
 */
const rolledUpCitationCounts = (sql: SqlClient.SqlClient, promptId: number, filters: ResponseFilters) =>
  Effect.gen(function*() {
    yield* upToDate({ promptId })
    const periods = yield* dataRange(promptDays(sql, promptId), filters)
    const lists = rollupPeriodLists(periods, true)
    const rowsOf = (columns: Statement.Fragment, where: Statement.Fragment) => {
      if (lists === undefined) {
        return unionOverBranches(sql, "t", periods, true, (branch) =>
          sql`SELECT ${columns} FROM rollup_prompt_citations t WHERE t.prompt_id = ${promptId} AND ${where} AND ${branch}`)
      }
      const { grains, periods: firstDays } = periodArrays(lists)
      return sql`SELECT ${columns} FROM unnest(${grains}::text[], ${firstDays}::date[]) p(grain, period)
        JOIN rollup_prompt_citations t ON t.prompt_id = ${promptId} AND t.grain = p.grain AND t.period = p.period
        WHERE ${where}`
    }
    // One listed period (a whole year or month) holds one row per domain and URL: nothing to sum.
    const single = lists !== undefined && periodCount(lists) === 1
    /** Answers per `keys` (columns of rollup_prompt_citations as t) among the rows `where` selects. */
    const answersPer = (keys: string, where: Statement.Fragment) => {
      const columns = sql.literal(keys)
      return single
        ? sql`SELECT ${columns}, t.responses AS count FROM (${rowsOf(sql`${columns}, t.responses`, sql`${where} AND t.responses > 0`)}) t`
        : sql`SELECT ${columns}, sum(t.responses)::int AS count FROM (${rowsOf(sql`${columns}, t.responses`, where)}) t
          GROUP BY ${columns} HAVING sum(t.responses) > 0`
    }
    const counts: CitationCounts = {
      perDomain: answersPer("t.domain_id", sql`t.url_id = 0`),
      pageUrls: (domains) => answersPer("t.domain_id, t.url_id", sql`t.url_id > 0 AND t.domain_id IN ${domains}`)
    }
    return counts
  })

const decodeCitations = Schema.decode(Schema.parseJson(Schema.Array(PromptCitation)))

/** A prompt's citations decoded (parsed and checked with the contract's schema): for the MCP tools and the tests. */
export const listCitations = Effect.fnUntraced(function*(
  promptId: number,
  filters: ResponseFilters,
  page: PageRequest
) {
  const found = yield* listCitationsJson(promptId, filters, page)
  const data = yield* decodeCitations(found.data_json).pipe(Effect.orDie)
  const result: Page<PromptCitation> = { pagination: found.pagination, data }
  return result
})

export const listSearchQueries = Effect.fnUntraced(function*(
  promptId: number,
  filters: ResponseFilters,
  page: PageRequest
) {
  const sql = yield* SqlClient.SqlClient
  const where = sql`q.prompt_id = ${promptId} AND ${inScope(sql, "q", filters)}`
  return yield* paged(
    SearchQuery,
    page,
    sql<{ total: number }>`SELECT count(DISTINCT q.query)::int AS total FROM response_search_queries q WHERE ${where}`,
    (limit, offset) =>
      sql`
        SELECT q.query, count(*)::int AS count
        FROM response_search_queries q
        WHERE ${where}
        GROUP BY q.query
        ORDER BY count(*) DESC, q.query COLLATE "C"
        LIMIT ${limit} OFFSET ${offset}`
  )
})

/** One slice of an answer's text (for reading a long answer in parts), with the whole text's length. */
export const getResponseText = Effect.fnUntraced(function*(responseId: number, offset: number, length: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ readonly text: string; readonly total_length: number }>`
    SELECT substr(r.response_text, ${offset + 1}, ${length}) AS text, char_length(r.response_text) AS total_length
    FROM responses r WHERE r.id = ${responseId}`.pipe(Effect.orDie)
  return Option.fromNullable(rows[0])
})
