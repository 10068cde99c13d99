import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import * as Arr from "effect/Array"
import * as Effect from "effect/Effect"
import { applyFunctionPair, brandWhere, countDifferences } from "./ApplyFunctions.js"
import { citationSourceDayDifferences, citationSourceDayFunctions, rebuildCitationSourceDays } from "./CitationSourceDays.js"
import { grainColumn, grainSets, periodColumn, periodsOf } from "./RebuildGrains.js"

/**
 * `rollup_citation_mentions` (migration 0034): a cited source and who the answers citing it name.
 * Per brand × source × engine × period: its citations, the answers citing it (`responses`), those
 * of them that name the brand (`brand_responses`) and, per competitor, those that name the
 * competitor (`competitor_responses`, an object `{"<competitor id>": answers}` holding non-zero
 * counts only; stored as json text since migration 0050, so the report hands it on as written, and
 * merged as jsonb). A source is a domain (`url_id` 0: an answer citing two of its URLs is one answer and
 * two citations) or a URL (`url_id`, with its `domain_id`). The citations report ranks its domains
 * from the domain rows (one table, the domain rows of a period together, instead of summing
 * `rollup_url` per domain) and reads the co-mentions of its page's sources from here instead of the
 * raw citations and mentions. An answer has one engine and one UTC day, so the counts add up over
 * engines and periods: `grain` is `day`, `month` or `year` like the other rollups (Rollups.ts), with
 * `engine` NULL the sum over all engines and year rows for all engines only.
 *
 * One row per source and period (the competitors in its jsonb, not one row each) keeps both the
 * write (about 5 upserts per cited source of an answer) and the read (one row per page source and
 * period) small. The key is ordered like the other rollups' (brand, engine, grain, period, then the
 * source), so one day's rows lie together and a batch's upserts touch few pages; the report reads
 * a page's sources with the periods as a list (`period = ANY(...)`), one index probe per period.
 *
 * Kept apart from the other rollups' statement (Rollups.ts): its own table, statement and PL/pgSQL
 * functions, which Rollups.add/subtract call after theirs in the same transaction.
 */

export const CITATION_MENTIONS_KEY = "brand_id, engine, grain, period, url_id, domain_id"
const APPLY_FUNCTION = { [1]: "rollup_citation_mentions_add", [-1]: "rollup_citation_mentions_subtract" } as const

/**
 * The SQL function that adds two count objects (`{"<key>": n}`), dropping keys whose sum is 0;
 * installed by migration 0034 for its upserts. Since 0039 the upserts merge in the statement
 * (`addCounts`, the same sums without a function call per row).
 */
export const ADD_COUNTS_FUNCTION = `
  CREATE OR REPLACE FUNCTION jsonb_add_counts(a jsonb, b jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
    SELECT coalesce(jsonb_object_agg(k, n), '{}'::jsonb) FROM (
      SELECT k, sum(v::bigint) AS n
      FROM (SELECT key, value FROM jsonb_each_text(a) UNION ALL SELECT key, value FROM jsonb_each_text(b)) x(k, v)
      GROUP BY k HAVING sum(v::bigint) <> 0
    ) y
  $fn$`

/**
 * `jsonb_add_counts(a, b)` written into the statement (a and b: SQL expressions of stored count
 * objects, json): the same object, without a function call per row. Most merges add the counts of
 * one or two new answers to a stored object: only b's keys are looked up, and a key whose sum is 0
 * is dropped (a subtraction). When either side is empty the other is the sum as it is (neither holds
 * zeros), with no conversion; otherwise each side is read as jsonb once. An upsert merges an object
 * per row, so this is a large part of the write path's cost (docs/operations.md, "Sixth round").
 */
const addCounts = (a: string, b: string) => {
  const sum = `coalesce((j.a ->> e.key)::bigint, 0) + e.value::bigint`
  return `CASE WHEN ${b}::text = '{}' THEN (${a})::json WHEN ${a}::text = '{}' THEN (${b})::json
      ELSE (SELECT ((j.a - ARRAY(SELECT e.key FROM jsonb_each_text(j.b) e WHERE ${sum} = 0))
        || coalesce((SELECT jsonb_object_agg(e.key, ${sum}) FROM jsonb_each_text(j.b) e WHERE ${sum} <> 0), '{}'::jsonb))::json
        FROM (SELECT (${a})::jsonb AS a, (${b})::jsonb AS b) j) END`
}

/**
 * The rows that follow from the citations `where` (on alias rc) selects: every grain, per engine and
 * for all. What `differences` checks the stored rows (written from `batchRows`) against, computed
 * another way: counted per source, engine and day first (answers of one day citing one source share
 * a row), then spread to the grains and engine keys and summed again. Competitor 0 carries the
 * source's own counts (its citations, citing answers and those naming the brand). Keys use '' for
 * all engines inside (so they join), NULL outside.
 */
export const expectedCitationMentions = (sql: SqlClient.SqlClient, where: Statement.Fragment) =>
  sql`
    WITH sources AS MATERIALIZED (
      SELECT rc.brand_id, rc.response_id, rc.engine, rc.domain_id, u.url_id,
        (rc.collected_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS citations
      FROM response_citations rc CROSS JOIN LATERAL (VALUES (0::bigint), (rc.url_id)) u(url_id)
      WHERE ${where}
      GROUP BY 1, 2, 3, 4, 5, 6
    ),
    daily AS MATERIALIZED (
      SELECT s.brand_id, s.domain_id, s.url_id, s.engine, s.day, 0::bigint AS competitor_id,
        count(*)::int AS responses, sum(s.citations)::int AS citations,
        (count(*) FILTER (WHERE r.brand_mentioned))::int AS brand_responses
      FROM sources s JOIN responses r ON r.id = s.response_id
      GROUP BY 1, 2, 3, 4, 5
      UNION ALL
      SELECT s.brand_id, s.domain_id, s.url_id, s.engine, s.day, m.competitor_id, count(*)::int, 0, 0
      FROM sources s JOIN response_mentions m ON m.response_id = s.response_id
      GROUP BY 1, 2, 3, 4, 5, 6
    ),
    keyed AS (
      SELECT d.brand_id, d.domain_id, d.url_id, e.engine, g.grain,
        CASE g.grain WHEN 'day' THEN d.day ELSE date_trunc(g.grain, d.day)::date END AS period,
        d.competitor_id, sum(d.responses) AS responses, sum(d.citations) AS citations, sum(d.brand_responses) AS brand_responses
      FROM daily d CROSS JOIN LATERAL (VALUES (d.engine), ('')) e(engine)
      CROSS JOIN (VALUES ('day'), ('month'), ('year')) g(grain)
      WHERE NOT (g.grain = 'year' AND e.engine <> '')
      GROUP BY 1, 2, 3, 4, 5, 6, 7
    )
    SELECT k.brand_id, k.domain_id, k.url_id, nullif(k.engine, '') AS engine, k.grain, k.period,
      (sum(k.citations) FILTER (WHERE k.competitor_id = 0))::int AS citations,
      (sum(k.responses) FILTER (WHERE k.competitor_id = 0))::int AS responses,
      (sum(k.brand_responses) FILTER (WHERE k.competitor_id = 0))::int AS brand_responses,
      coalesce(jsonb_object_agg(k.competitor_id::text, k.responses) FILTER (WHERE k.competitor_id <> 0), '{}'::jsonb)
        AS competitor_responses
    FROM keyed k
    GROUP BY 1, 2, 3, 4, 5, 6`

const COUNTS = ["citations", "responses", "brand_responses"]
const COLUMNS = `${CITATION_MENTIONS_KEY}, ${COUNTS.join(", ")}, competitor_responses`
/** COLUMNS as verify reads the stored rows: json has no equality, so the objects are compared as jsonb. */
const STORED_COLUMNS = `${CITATION_MENTIONS_KEY}, ${COUNTS.join(", ")}, competitor_responses::jsonb`

/**
 * The rows of the answers `ids` (a bigint[] expression) holds, each count multiplied by `sign`: what
 * the write path adds or subtracts. The same rows as `expectedRows` (which `differences` checks
 * them against), computed with fewer rows in between: every grain and engine key of a source comes
 * from one `GROUPING SETS` aggregation of the answers' citing rows (RebuildGrains.ts), once for the
 * source's own counts and once per competitor named, instead of each per-day row being spread to
 * its five keys and summed again (for a batch of 500 answers, 40,000 rows summed twice).
 */
const batchRows = (sql: SqlClient.SqlClient, ids: Statement.Fragment, sign: 1 | -1) => {
  const grains = { engines: true, years: true }
  const sign_ = sql.literal(String(sign))
  const keyed = (alias: string) =>
    sql.literal(`${alias}.brand_id, ${alias}.domain_id, ${alias}.url_id, ${alias}.engine`)
  return sql`
    WITH sources AS MATERIALIZED (
      SELECT rc.brand_id, rc.response_id, rc.engine, rc.domain_id, u.url_id, count(*)::int AS citations,
        ${periodsOf(sql, "rc.collected_at")}
      FROM response_citations rc CROSS JOIN LATERAL (VALUES (0::bigint), (rc.url_id)) u(url_id)
      WHERE rc.response_id = ANY(${ids})
      GROUP BY rc.brand_id, rc.response_id, rc.engine, rc.domain_id, u.url_id, rc.collected_at
    ),
    own AS (
      SELECT ${keyed("s")}, ${grainColumn(sql, "s")}, ${periodColumn(sql, grains, "s")},
        sum(s.citations)::int AS citations, count(*)::int AS responses,
        (count(*) FILTER (WHERE r.brand_mentioned))::int AS brand_responses
      FROM sources s JOIN responses r ON r.id = s.response_id
      GROUP BY s.brand_id, s.domain_id, s.url_id, ${grainSets(sql, grains, "s")}
    ),
    named AS (
      SELECT n.brand_id, n.domain_id, n.url_id, coalesce(n.engine, '') AS engine, n.grain, n.period,
        jsonb_object_agg(n.competitor_id::text, ${sign_} * n.responses) AS competitor_responses
      FROM (
        SELECT ${keyed("s")}, m.competitor_id, ${grainColumn(sql, "s")}, ${periodColumn(sql, grains, "s")},
          count(*)::int AS responses
        FROM sources s JOIN response_mentions m ON m.response_id = s.response_id
        GROUP BY s.brand_id, s.domain_id, s.url_id, m.competitor_id, ${grainSets(sql, grains, "s")}
      ) n
      GROUP BY 1, 2, 3, 4, 5, 6
    )
    SELECT o.brand_id, o.domain_id, o.url_id, o.engine, o.grain, o.period,
      ${sign_} * o.citations AS citations, ${sign_} * o.responses AS responses,
      ${sign_} * o.brand_responses AS brand_responses,
      coalesce(n.competitor_responses, '{}'::jsonb) AS competitor_responses
    FROM own o LEFT JOIN named n
      ON (n.brand_id, n.domain_id, n.url_id, n.engine, n.grain, n.period)
        = (o.brand_id, o.domain_id, o.url_id, coalesce(o.engine, ''), o.grain, o.period)`
}

/** Adds (sign 1) or subtracts (sign -1) the rows of the answers `ids` (a bigint[] expression) holds, in key order. */
const applyStatement = (sql: SqlClient.SqlClient, ids: Statement.Fragment, sign: 1 | -1) =>
  sql`INSERT INTO rollup_citation_mentions AS t (${sql.literal(COLUMNS)})
    SELECT ${sql.literal(COLUMNS)}
    FROM (${batchRows(sql, ids, sign)}) x
    ORDER BY ${sql.literal(CITATION_MENTIONS_KEY)}
    ON CONFLICT (${sql.literal(CITATION_MENTIONS_KEY)}) DO UPDATE
    SET ${sql.literal(COUNTS.map((c) => `${c} = t.${c} + excluded.${c}`).join(", "))},
      competitor_responses = ${sql.literal(addCounts("t.competitor_responses", "excluded.competitor_responses"))}`

const functions = applyFunctionPair(APPLY_FUNCTION, applyStatement)
/** Installs (or replaces) the apply statement as two PL/pgSQL functions, planned once per connection. */
export const installCitationMentionFunctions = functions.install
/**
 * The installed functions and statements that add or subtract the rows of answers (their citations
 * and mentions as stored now), and their citations' days and sources' last days
 * (CitationSourceDays.ts): applied with the other rollups' (Rollups.ts, `applyFunctionPairs`).
 */
export const citationMentionFunctions = [functions, citationSourceDayFunctions] as const

/** jsonb_build_object takes at most 100 arguments: the competitors' pairs are built 50 at a time. */
const PAIRS_PER_OBJECT = 50

/**
 * Recomputes the rows of one brand (or all) from the raw rows, in the caller's transaction, in one
 * statement without a row per competitor: each answer's competitors become flags (column `fK` is
 * 1 when it names its brand's K-th competitor by id), every grain of every cited source is summed
 * from the rows of its citing answers by one `GROUPING SETS` aggregation (RebuildGrains.ts), the
 * flags' sums giving each competitor's count, and each row's jsonb object is built from those sums
 * (zeros left out). Exact like the write path's rows: an answer has one engine and one day, and
 * every row is summed from the answers themselves. Summing a row per competitor mention instead
 * (~4x the rows, then grouped again to build the objects) took most of the rebuild's time.
 */
export const rebuildCitationMentionRows = (brandId: number | undefined) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`DELETE FROM rollup_citation_mentions t WHERE ${brandWhere(sql, "t", brandId)}`
    const [widest] = yield* sql<{ readonly competitors: number }>`
      SELECT coalesce(max(n), 0)::int AS competitors
      FROM (SELECT count(*) AS n FROM competitors c WHERE ${brandWhere(sql, "c", brandId)} GROUP BY c.brand_id) x`
    const ranks = Arr.range(1, widest?.competitors ?? 0).filter((k) => k > 0)
    const grains = { engines: true, years: true }
    const flags = ranks.map((k) => `max((q.k = ${k})::int) AS f${k}`)
    const sums = ranks.map((k) => `sum(coalesce(n.f${k}, 0))::int AS c${k}`)
    // A brand with fewer competitors has NULL ids past its last: a placeholder key whose sum is 0.
    const objects = Arr.chunksOf(ranks, PAIRS_PER_OBJECT).map((chunk) =>
      `jsonb_build_object(${chunk.map((k) => `coalesce(b.ids[${k}]::text, '-${k}'), nullif(g.c${k}, 0)`).join(", ")})`
    )
    const competitorResponses = objects.length === 0 ? `'{}'::jsonb` : `jsonb_strip_nulls(${objects.join(" || ")})`
    yield* sql`INSERT INTO rollup_citation_mentions (${sql.literal(COLUMNS)})
      WITH ranked AS (
        SELECT c.id, c.brand_id, row_number() OVER (PARTITION BY c.brand_id ORDER BY c.id)::int AS k
        FROM competitors c WHERE ${brandWhere(sql, "c", brandId)}
      ),
      named AS (
        SELECT m.response_id${sql.literal(flags.map((f) => `, ${f}`).join(""))}
        FROM response_mentions m JOIN ranked q ON q.id = m.competitor_id
        GROUP BY m.response_id
      ),
      cited AS (
        -- A URL is cited at most once per answer (the citations' key); a domain once per answer, with its URLs' citations.
        SELECT rc.brand_id, rc.response_id, rc.engine, rc.domain_id, rc.url_id, 1 AS citations, rc.collected_at
        FROM response_citations rc WHERE ${brandWhere(sql, "rc", brandId)}
        UNION ALL
        SELECT rc.brand_id, rc.response_id, rc.engine, rc.domain_id, 0::bigint, count(*)::int, rc.collected_at
        FROM response_citations rc WHERE ${brandWhere(sql, "rc", brandId)}
        GROUP BY rc.brand_id, rc.response_id, rc.engine, rc.domain_id, rc.collected_at
      ),
      grained AS (
        SELECT c.brand_id, c.engine, ${grainColumn(sql, "c")}, ${periodColumn(sql, grains, "c")}, c.url_id, c.domain_id,
          sum(c.citations)::int AS citations, count(*)::int AS responses,
          (count(*) FILTER (WHERE c.brand_mentioned))::int AS brand_responses${sql.literal(sums.map((x) => `, ${x}`).join(""))}
        FROM (
          SELECT c.*, r.brand_mentioned, ${periodsOf(sql, "c.collected_at")}
          FROM cited c JOIN responses r ON r.id = c.response_id
        ) c LEFT JOIN named n ON n.response_id = c.response_id
        GROUP BY c.brand_id, c.url_id, c.domain_id, ${grainSets(sql, grains, "c")}
      )
      SELECT g.brand_id, g.engine, g.grain, g.period, g.url_id, g.domain_id, g.citations, g.responses, g.brand_responses,
        ${sql.literal(competitorResponses)}
      FROM grained g
      LEFT JOIN (SELECT q.brand_id, array_agg(q.id ORDER BY q.k) AS ids FROM ranked q GROUP BY q.brand_id) b ON b.brand_id = g.brand_id
      ORDER BY 1, 2, 3, 4, 5, 6`
    yield* sql`ANALYZE rollup_citation_mentions`
  })

/** `rebuildCitationMentionRows`, then the tables of CitationSourceDays.ts (migration 0034 runs before they exist). */
export const rebuildCitationMentions = (brandId: number | undefined) =>
  Effect.zipRight(rebuildCitationMentionRows(brandId), rebuildCitationSourceDays(brandId))

/**
 * Takes a removed competitor out of the counts of its brand (Competitors.remove): its mentions
 * go with it, so the rollup must no longer count them.
 */
export const forgetCompetitor = (brandId: number, competitorId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    // The text test first: a quoted id is a key (counts are unquoted), and it spares reading every
    // one of the brand's objects as jsonb.
    yield* sql`UPDATE rollup_citation_mentions SET competitor_responses = competitor_responses::jsonb - ${String(competitorId)}::text
      WHERE brand_id = ${brandId} AND strpos(competitor_responses::text, ${`"${competitorId}"`}) > 0
        AND competitor_responses::jsonb ? ${String(competitorId)}::text`
  })

/**
 * A count of the stored rows that differ from the raw rows (rows left empty by a re-analysis count
 * as absent), CitationSourceDays.ts's tables included.
 */
export const citationMentionDifferences = (sql: SqlClient.SqlClient, brandId: number | undefined) => {
  const columns = sql.literal(COLUMNS)
  const stored = sql`SELECT ${sql.literal(STORED_COLUMNS)}
    FROM rollup_citation_mentions t
    WHERE ${brandWhere(sql, "t", brandId)}
      AND ((citations, responses, brand_responses) <> (0, 0, 0) OR competitor_responses::text <> '{}')`
  const fresh = sql`SELECT ${columns} FROM (${expectedCitationMentions(sql, brandWhere(sql, "rc", brandId))}) x`
  return sql`(${countDifferences(sql, stored, fresh)} + ${citationSourceDayDifferences(sql, brandId)})`
}
