import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import {
  ADD_COUNTS_FUNCTION,
  installCitationMentionFunctions,
  rebuildCitationMentionRows
} from "../CitationMentionRollup.js"

/**
 * `rollup_citation_mentions` (what it holds: CitationMentionRollup.ts): per cited domain and URL,
 * its citations and citing answers, and those answers that name the brand and each competitor, so
 * the citations report reads them from one rollup instead of the raw citations and mentions. The
 * unique key, in the other rollups' order (one day's rows together, so the write path's upserts
 * touch few pages; a period's domain rows, `url_id` 0, first), serves the upserts, the report's
 * ranking of a period's domains and its probes of a page's sources per period; the figures are not
 * in it, so their updates can stay heap-only. Existing answers are rolled up here.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE rollup_citation_mentions (
      brand_id             bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
      engine               text,
      grain                text NOT NULL CHECK (grain IN ('day', 'month', 'year')),
      period               date NOT NULL,
      url_id               bigint NOT NULL,
      domain_id            bigint NOT NULL,
      citations            integer NOT NULL,
      responses            integer NOT NULL,
      brand_responses      integer NOT NULL,
      competitor_responses jsonb NOT NULL,
      UNIQUE NULLS NOT DISTINCT (brand_id, engine, grain, period, url_id, domain_id)
    ) WITH (fillfactor = 80)`
  yield* sql.unsafe(ADD_COUNTS_FUNCTION)
  yield* sql.withTransaction(
    Effect.zipRight(sql`SET LOCAL work_mem = '256MB'`, rebuildCitationMentionRows(undefined))
  ).pipe(Effect.orDie)
  yield* installCitationMentionFunctions
})
