import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import * as Effect from "effect/Effect"
import { applyFunctionPair, brandWhere, countDifferences } from "./ApplyFunctions.js"

/**
 * What the citations report needs about a whole range that does not add up over periods: its count
 * of distinct cited sources (`total_records`), and its citations (for `citation_share`), without
 * reading every cited source of the range.
 *
 * - `cited_source_last_days`: per brand and cited source (a domain, `url_id` 0, or a URL) the last
 *   UTC day it was cited (`previous_day`: the one before its last change, for the write path only).
 * - `rollup_citation_days`: per brand and UTC day its citations (all engines), and how many domains
 *   and URLs were last cited on that day (a histogram of `last_day`).
 *
 * The sources cited in a range [s, e] with no citation after e are those last cited on s or later,
 * so the report sums `domains` (or `urls`) over the days from s: a row per day of the range, not
 * one per source (read/CitationRanking.ts, `dayTotals`). A range with citations after its end is
 * counted from the ranking index as before.
 *
 * Kept with the citation rollups: CitationMentionRollup.ts applies, rebuilds and compares it with
 * `rollup_citation_mentions` (so `Rollups.add/subtract`, `rollups rebuild` and `rollups verify`
 * cover it). Added in migration 0043; its write cost is in docs/operations.md ("Seventh round").
 */

/** The day (UTC) of a citation row (alias rc). */
const citedDay = "(rc.collected_at AT TIME ZONE 'UTC')::date"

/** Per brand and source (domain rows with `url_id` 0, URL rows) of the citations `where` selects: the last day cited. */
const lastDays = (sql: SqlClient.SqlClient, where: Statement.Fragment) =>
  sql`SELECT rc.brand_id, rc.domain_id, u.url_id, max(${sql.literal(citedDay)}) AS day
    FROM response_citations rc CROSS JOIN LATERAL (VALUES (0::bigint), (rc.url_id)) u(url_id)
    WHERE ${where}
    GROUP BY 1, 2, 3`

/** Per brand and day of the citations `where` selects: its citations. */
const dayCitations = (sql: SqlClient.SqlClient, where: Statement.Fragment) =>
  sql`SELECT rc.brand_id, ${sql.literal(citedDay)} AS day, count(*)::int AS citations
    FROM response_citations rc WHERE ${where} GROUP BY 1, 2`

/** The day rows that follow from the citations `where` selects (zero rows left out). */
const expectedDays = (sql: SqlClient.SqlClient, where: Statement.Fragment) =>
  sql`SELECT brand_id, day, sum(citations)::int AS citations, sum(domains)::int AS domains, sum(urls)::int AS urls
    FROM (
      SELECT c.brand_id, c.day, c.citations, 0 AS domains, 0 AS urls FROM (${dayCitations(sql, where)}) c
      UNION ALL
      SELECT l.brand_id, l.day, 0, (l.url_id = 0)::int, (l.url_id > 0)::int FROM (${lastDays(sql, where)}) l
    ) x
    GROUP BY 1, 2`

const DAY_COLUMNS = "brand_id, day, citations, domains, urls"
const LAST_DAY_KEY = "brand_id, domain_id, url_id"

/** Adds the changes (brand_id, day, citations, domains, urls rows) to the day rows, in key order. */
const addToDays = (sql: SqlClient.SqlClient, changes: Statement.Fragment) =>
  sql`INSERT INTO rollup_citation_days AS t (${sql.literal(DAY_COLUMNS)})
    SELECT brand_id, day, sum(citations)::int, sum(domains)::int, sum(urls)::int FROM (${changes}) c
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (brand_id, day) DO UPDATE
    SET citations = t.citations + excluded.citations, domains = t.domains + excluded.domains, urls = t.urls + excluded.urls`

/**
 * Adding answers: each source they cite moves its last day forward to theirs (a row inserted, or
 * updated when later; `previous_day` keeps the day it leaves, so RETURNING gives both days under
 * concurrent writers, each upsert seeing the row as the last one left it). The histogram moves
 * those sources from their old day to the new one; the answers' citations go to their days.
 */
const addStatement = (sql: SqlClient.SqlClient, ids: Statement.Fragment) => {
  const where = sql`rc.response_id = ANY(${ids})`
  return sql`WITH moved AS (
      INSERT INTO cited_source_last_days AS t (${sql.literal(LAST_DAY_KEY)}, last_day, previous_day)
      SELECT l.brand_id, l.domain_id, l.url_id, l.day, NULL::date FROM (${lastDays(sql, where)}) l
      ORDER BY 1, 2, 3
      ON CONFLICT (${sql.literal(LAST_DAY_KEY)}) DO UPDATE SET previous_day = t.last_day, last_day = excluded.last_day
      WHERE t.last_day < excluded.last_day
      RETURNING t.brand_id, t.url_id, t.last_day, t.previous_day
    )
    ${
    addToDays(
      sql,
      sql`SELECT c.brand_id, c.day, c.citations, 0 AS domains, 0 AS urls FROM (${dayCitations(sql, where)}) c
      UNION ALL
      SELECT m.brand_id, m.last_day, 0, (m.url_id = 0)::int, (m.url_id > 0)::int FROM moved m
      UNION ALL
      SELECT m.brand_id, m.previous_day, 0, -(m.url_id = 0)::int, -(m.url_id > 0)::int FROM moved m
      WHERE m.previous_day IS NOT NULL`
    )
  }`
}

/**
 * Subtracting answers (before their citations are deleted; the rollup writers' lock is held
 * exclusively, so nothing else moves these rows): a source whose last day is one of these answers'
 * days gets the last day of its other answers' citations (a URL: one backward read of the
 * citations' brand × URL index; a domain: the latest of its URLs' last days), or goes when there
 * is none; the histogram follows and the answers' citations leave their days.
 */
const subtractStatement = (sql: SqlClient.SqlClient, ids: Statement.Fragment) => {
  const where = sql`rc.response_id = ANY(${ids})`
  return sql`WITH affected AS MATERIALIZED (
      SELECT t.brand_id, t.domain_id, t.url_id, t.last_day
      FROM (${lastDays(sql, where)}) l
      JOIN cited_source_last_days t ON t.brand_id = l.brand_id AND t.domain_id = l.domain_id AND t.url_id = l.url_id
      WHERE t.last_day = l.day
    ),
    url_days AS MATERIALIZED (
      SELECT a.*, (
        SELECT ${sql.literal(citedDay)} FROM response_citations rc
        WHERE rc.brand_id = a.brand_id AND rc.url_id = a.url_id AND rc.response_id <> ALL(${ids})
        ORDER BY rc.collected_at DESC LIMIT 1
      ) AS day
      FROM affected a WHERE a.url_id > 0
    ),
    domain_days AS MATERIALIZED (
      SELECT a.*, greatest(
        (SELECT max(t.last_day) FROM cited_source_last_days t
          WHERE t.brand_id = a.brand_id AND t.domain_id = a.domain_id AND t.url_id > 0
            AND NOT EXISTS (SELECT 1 FROM url_days u WHERE u.brand_id = t.brand_id AND u.url_id = t.url_id)),
        (SELECT max(u.day) FROM url_days u WHERE u.brand_id = a.brand_id AND u.domain_id = a.domain_id)
      ) AS day
      FROM affected a WHERE a.url_id = 0
    ),
    changed AS MATERIALIZED (
      SELECT * FROM url_days WHERE day IS DISTINCT FROM last_day
      UNION ALL
      SELECT * FROM domain_days WHERE day IS DISTINCT FROM last_day
    ),
    gone AS (
      DELETE FROM cited_source_last_days t USING changed c
      WHERE t.brand_id = c.brand_id AND t.domain_id = c.domain_id AND t.url_id = c.url_id AND c.day IS NULL
    ),
    moved AS (
      UPDATE cited_source_last_days t SET last_day = c.day, previous_day = t.last_day FROM changed c
      WHERE t.brand_id = c.brand_id AND t.domain_id = c.domain_id AND t.url_id = c.url_id AND c.day IS NOT NULL
    )
    ${
    addToDays(
      sql,
      sql`SELECT c.brand_id, c.day, -c.citations AS citations, 0 AS domains, 0 AS urls FROM (${dayCitations(sql, where)}) c
      UNION ALL
      SELECT c.brand_id, c.last_day, 0, -(c.url_id = 0)::int, -(c.url_id > 0)::int FROM changed c
      UNION ALL
      SELECT c.brand_id, c.day, 0, (c.url_id = 0)::int, (c.url_id > 0)::int FROM changed c WHERE c.day IS NOT NULL`
    )
  }`
}

/** The add and subtract statements and their installed functions (CitationMentionRollup.ts applies them with its own). */
export const citationSourceDayFunctions = applyFunctionPair(
  { [1]: "citation_source_days_add", [-1]: "citation_source_days_subtract" },
  (sql, ids, sign) => sign === 1 ? addStatement(sql, ids) : subtractStatement(sql, ids)
)
/** Installs (or replaces) the add and subtract statements as PL/pgSQL functions, planned once per connection. */
export const installCitationSourceDayFunctions = citationSourceDayFunctions.install

/** Recomputes both tables for one brand (or all) from the raw citations, in the caller's transaction. */
export const rebuildCitationSourceDays = (brandId: number | undefined) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const where = brandWhere(sql, "rc", brandId)
    yield* sql`DELETE FROM cited_source_last_days t WHERE ${brandWhere(sql, "t", brandId)}`
    yield* sql`DELETE FROM rollup_citation_days t WHERE ${brandWhere(sql, "t", brandId)}`
    yield* sql`INSERT INTO cited_source_last_days (${sql.literal(LAST_DAY_KEY)}, last_day)
      SELECT l.brand_id, l.domain_id, l.url_id, l.day FROM (${lastDays(sql, where)}) l ORDER BY 1, 2, 3`
    yield* sql`INSERT INTO rollup_citation_days (${sql.literal(DAY_COLUMNS)})
      SELECT ${sql.literal(DAY_COLUMNS)} FROM (${expectedDays(sql, where)}) d ORDER BY 1, 2`
    yield* sql`ANALYZE cited_source_last_days, rollup_citation_days`
  })

/** A count of the stored rows of both tables that differ from the raw citations (day rows left at zero count as absent). */
export const citationSourceDayDifferences = (sql: SqlClient.SqlClient, brandId: number | undefined) => {
  const where = brandWhere(sql, "rc", brandId)
  const stored = sql`SELECT ${sql.literal(DAY_COLUMNS)} FROM rollup_citation_days t
    WHERE ${brandWhere(sql, "t", brandId)} AND (citations, domains, urls) <> (0, 0, 0)`
  const fresh = sql`SELECT ${sql.literal(DAY_COLUMNS)} FROM (${expectedDays(sql, where)}) x`
  const storedLast = sql`SELECT ${sql.literal(LAST_DAY_KEY)}, last_day FROM cited_source_last_days t
    WHERE ${brandWhere(sql, "t", brandId)}`
  const freshLast = sql`SELECT brand_id, domain_id, url_id, day FROM (${lastDays(sql, where)}) x`
  return sql`(${countDifferences(sql, stored, fresh)} + ${countDifferences(sql, storedLast, freshLast)})`
}
