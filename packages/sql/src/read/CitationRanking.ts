import type * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import * as Effect from "effect/Effect"
import { periodArrays, periodCount, type PeriodLists } from "./Query.js"

/**
 * The top sources of the citations report without splits (all engines, summed over the periods of
 * its range), found without summing every cited source of the range: a threshold-algorithm read of
 * the per-period ranking indexes of `rollup_citation_mentions` (migration 0037).
 *
 * For a depth M, the statement reads the M rows with the most citations of each period (index order,
 * index-only), and bounds every source it did not see in a period by that period's M-th figure (0
 * when the period has fewer than M rows: all of them were seen). A source's citations then lie
 * between the sum of its seen rows (`low`) and that sum plus the bounds of its unseen periods
 * (`high`); a source seen nowhere has at most the sum of all bounds (`bound`). Sources whose `high`
 * is below the k-th largest `low` (k = offset + limit) cannot reach the page and are dropped; the
 * others are exact either because every row was seen (`high = low`) or from one probe of their rows
 * per period. The page is settled when the k-th exact figure is strictly above `bound` (no unseen
 * source can reach it or tie with it, so the order by citations, then name, is today's exactly), or
 * when `bound` is 0 (every row of every period was seen). Otherwise the caller tries again deeper, or
 * sums every source (Reports.ts).
 */
export interface RankingQuery {
  readonly brandId: number
  readonly level: "domain" | "url"
  readonly lists: PeriodLists
  /** The range's first and last day (inclusive, UTC), for `rangeTotals`. */
  readonly start: string
  readonly end: string
  /** offset + limit: the rank of the page's last row. */
  readonly last: number
}

/** A row's (alias x) source at the level: its URL, or its domain. */
export const sourceId = (sql: SqlClient.SqlClient, level: RankingQuery["level"]): Statement.Fragment =>
  level === "url" ? sql`x.url_id` : sql`x.domain_id`

/** The rows (alias x) of the level's sources: URL rows, or the domain rows (`url_id` 0). */
export const levelRows = (sql: SqlClient.SqlClient, level: RankingQuery["level"]): Statement.Fragment =>
  level === "url" ? sql`x.url_id > 0` : sql`x.url_id = 0`

/** The brand's all-engines rows (alias x) of the period `p` (a row of the `periods` CTE). */
export const periodRows = (sql: SqlClient.SqlClient, brandId: number): Statement.Fragment =>
  sql`x.brand_id = ${brandId} AND x.engine IS NULL AND x.grain = p.grain AND x.period = p.period`

/**
 * The CTEs (after a `WITH`) that leave `ranked` (id, domain_id, citations, responses_citing,
 * responses_mentioning_brand, rank: its rank among all sources, by citations then name, for the ranks
 * up to `last` at least; name: its URL or domain) and `settled` (one boolean) for a depth.
 * `periods` (grain, period) is defined here too, for the caller's reads of the same periods.
 */
export const rankingCtes = (sql: SqlClient.SqlClient, query: RankingQuery, depth: number): Statement.Fragment => {
  const { grains, periods } = periodArrays(query.lists)
  const url = query.level === "url"
  const rowsOf = (where: Statement.Fragment) => sql`${periodRows(sql, query.brandId)} AND ${where}`
  const names = url ? sql`urls n ON n.id = c.id` : sql`domains n ON n.id = c.id`
  const name = url ? sql`n.url` : sql`n.domain`
  return sql`
    periods AS MATERIALIZED (
      SELECT p.grain, p.period FROM unnest(${grains}::text[], ${periods}::date[]) p(grain, period)
    ),
    -- A period's M-th figure, 0 when it has fewer rows (from the index: cheaper than sorting the
    -- tops by period).
    floors AS MATERIALIZED (
      SELECT p.grain, p.period, coalesce((
        SELECT x.citations FROM rollup_citation_mentions x
        WHERE ${rowsOf(sql`${levelRows(sql, query.level)} AND x.citations > 0`)}
        ORDER BY x.citations DESC OFFSET ${depth - 1} LIMIT 1
      ), 0) AS floor
      FROM periods p
    ),
    -- Each period's top rows, with the period's floor. Read once, by \`seen\`: not materialized
    -- (storing its ~1,600 rows at a depth of 200 cost a big brand's 30 days ~0.35 ms).
    tops AS (
      SELECT p.floor, t.*
      FROM floors p CROSS JOIN LATERAL (
        SELECT ${sourceId(sql, query.level)} AS id, x.domain_id, x.citations, x.responses, x.brand_responses
        FROM rollup_citation_mentions x
        WHERE ${rowsOf(sql`${levelRows(sql, query.level)} AND x.citations > 0`)}
        ORDER BY x.citations DESC LIMIT ${depth}
      ) t
    ),
    bound AS MATERIALIZED (SELECT coalesce(sum(f.floor), 0)::bigint AS citations FROM floors f),
    seen AS MATERIALIZED (
      SELECT t.id, t.domain_id, sum(t.citations)::bigint AS low,
        (sum(t.citations) + (SELECT b.citations FROM bound b) - sum(t.floor))::bigint AS high,
        sum(t.responses)::int AS responses, sum(t.brand_responses)::int AS brand_responses
      FROM tops t
      GROUP BY t.id, t.domain_id
    ),
    cut AS MATERIALIZED (
      SELECT coalesce((SELECT s.low FROM seen s ORDER BY s.low DESC OFFSET ${query.last - 1} LIMIT 1), 0) AS low
    ),
    open AS MATERIALIZED (
      SELECT coalesce(array_agg(s.id), '{}') AS ids FROM seen s
      WHERE s.high > s.low AND s.high >= (SELECT c.low FROM cut c)
    ),
    -- One probe of the table's key per candidate and period (at most one row each).
    probed AS (
      SELECT o.id, x.domain_id, sum(x.citations)::bigint AS citations, sum(x.responses)::int AS responses,
        sum(x.brand_responses)::int AS brand_responses
      FROM periods p CROSS JOIN (SELECT unnest(o.ids) AS id FROM open o) o
      CROSS JOIN LATERAL (
        SELECT x.domain_id, x.citations, x.responses, x.brand_responses
        FROM rollup_citation_mentions x
        WHERE ${rowsOf(url ? sql`x.url_id = o.id` : sql`x.url_id = 0 AND x.domain_id = o.id`)}
        LIMIT 1
      ) x
      GROUP BY 1, 2
    ),
    candidates AS MATERIALIZED (
      SELECT s.id, s.domain_id, s.low AS citations, s.responses, s.brand_responses FROM seen s WHERE s.high = s.low
      UNION ALL
      SELECT * FROM probed
    ),
    ranked AS MATERIALIZED (
      SELECT c.id, c.domain_id, c.citations::int AS citations, c.responses AS responses_citing,
        c.brand_responses AS responses_mentioning_brand,
        row_number() OVER (ORDER BY c.citations DESC, ${name} COLLATE "C") AS rank, ${name} AS name
      FROM candidates c JOIN ${names}
      -- Only the candidates that can be on the page are named and sorted (ties included).
      WHERE c.citations > 0 AND c.citations >= coalesce((
        SELECT d.citations FROM candidates d ORDER BY d.citations DESC OFFSET ${query.last - 1} LIMIT 1), 0)
    ),
    settled AS MATERIALIZED (
      SELECT (SELECT b.citations FROM bound b) = 0
        OR coalesce((SELECT r.citations FROM ranked r WHERE r.rank = ${query.last}) > (SELECT b.citations FROM bound b), FALSE)
        AS settled
    )`
}

/**
 * The number of sources with citations in the range and its citations (each citation has one URL and
 * one domain, so either level gives every citation), when `when` holds. From the brand's day rows
 * (CitationSourceDays.ts) when it has no citation after the range's end: then the sources cited in
 * the range are those last cited on its first day or later, a sum over the days from there instead of
 * a read of every source. Otherwise (a range in the past) from one index-only read of the level's
 * ranking index over the periods (alias p: the `periods` CTE).
 */
export const rangeTotals = (sql: SqlClient.SqlClient, query: RankingQuery, when: Statement.Fragment) => {
  // One period holds each source once: no need to remove duplicates.
  const sources = periodCount(query.lists) === 1 ? sql`count(*)` : sql`count(DISTINCT x.id)`
  const days = sql`(
    SELECT coalesce(sum(${query.level === "url" ? sql`d.urls` : sql`d.domains`}), 0)::int AS sources,
      coalesce(sum(d.citations), 0)::bigint AS citations,
      coalesce(bool_or(d.day > ${query.end}::date AND d.citations > 0), FALSE) AS later
    FROM rollup_citation_days d WHERE d.brand_id = ${query.brandId} AND d.day >= ${query.start}::date)`
  return sql`
    SELECT t.sources, t.citations FROM ${days} t WHERE NOT t.later AND ${when}
    UNION ALL
    SELECT ${sources}::int AS sources, sum(x.citations)::bigint AS citations
    FROM periods p CROSS JOIN LATERAL (
      SELECT ${sourceId(sql, query.level)} AS id, x.citations FROM rollup_citation_mentions x
      WHERE ${periodRows(sql, query.brandId)} AND ${levelRows(sql, query.level)} AND x.citations > 0
    ) x
    WHERE ${when} AND (SELECT t.later FROM ${days} t)
    HAVING (SELECT t.later FROM ${days} t)`
}

/** How deep the ranked read goes before its caller sums every source instead. */
export interface RankingDepth {
  /** The first depth (rows read per period) for a page whose last row has this rank. */
  readonly first: (last: number) => number
  /** The most ranking-index entries (depth × periods) one attempt may read; beyond, every source is summed. */
  readonly maxEntries: number
}

/**
 * Twice the page's last rank, so a skewed ranking settles in one attempt (docs/operations.md,
 * "Sixth round"); at most 20,000 entries, about a third of what summing a big brand's 30 days reads.
 */
export const RANKING_DEPTH: RankingDepth = { first: (last) => Math.max(32, 2 * last), maxEntries: 20_000 }

/**
 * The ranked read's answer: `read` at the first depth, then twice as deep each time it does not
 * settle (undefined), until a depth would read more than `depth.maxEntries` index entries; then
 * undefined, for the caller to sum every source.
 */
export const settledRanking = <A, R>(
  ranking: RankingQuery,
  depth: RankingDepth,
  read: (depth: number) => Effect.Effect<A | undefined, never, R>
): Effect.Effect<A | undefined, never, R> => {
  const attempt = (at: number): Effect.Effect<A | undefined, never, R> =>
    at * periodCount(ranking.lists) > depth.maxEntries
      ? Effect.succeed(undefined)
      : Effect.flatMap(read(at), (found) => found !== undefined ? Effect.succeed(found) : attempt(at * 2))
  return attempt(Math.max(1, depth.first(ranking.last)))
}
