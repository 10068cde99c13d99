import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import {
  ADD_COUNTS_FUNCTION,
  installCitationMentionFunctions,
  rebuildCitationMentions
} from "../CitationMentionRollup.js"

/**
 * `rollup_citation_mentions` (what it holds: CitationMentionRollup.ts): per cited domain and URL,
 * the answers citing it that name the brand and each competitor, so the citations report reads
 * its co-mentions from rollups instead of the raw citations and mentions. The unique key leads with
 * the source (the report reads a page's sources over a range) and serves the write path's upserts;
 * the figures are not in it, so their updates can stay heap-only. Existing answers are rolled up here.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE rollup_citation_mentions (
      brand_id             bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
      domain_id            bigint NOT NULL,
      url_id               bigint NOT NULL,
      engine               text,
      grain                text NOT NULL CHECK (grain IN ('day', 'month', 'year')),
      period               date NOT NULL,
      brand_responses      integer NOT NULL,
      competitor_responses jsonb NOT NULL,
      UNIQUE NULLS NOT DISTINCT (brand_id, domain_id, url_id, engine, grain, period)
    ) WITH (fillfactor = 80)`
  yield* sql.unsafe(ADD_COUNTS_FUNCTION)
  yield* sql.withTransaction(
    Effect.zipRight(sql`SET LOCAL work_mem = '256MB'`, rebuildCitationMentions(undefined))
  ).pipe(Effect.orDie)
  yield* installCitationMentionFunctions
})
