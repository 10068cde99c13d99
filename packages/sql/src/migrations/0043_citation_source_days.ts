import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import { installCitationSourceDayFunctions, rebuildCitationSourceDays } from "../CitationSourceDays.js"
import { rebuildMemory } from "../RebuildGrains.js"

/**
 * `cited_source_last_days` and `rollup_citation_days` (what they hold: CitationSourceDays.ts): the
 * last day each cited source was cited, and per day the brand's citations and a histogram of those
 * last days, so the citations report counts a trailing range's sources and citations from a row per
 * day. Both keys serve the write path's upserts and the report's read of a range of days; existing
 * citations are rolled up here.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE cited_source_last_days (
      brand_id     bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
      domain_id    bigint NOT NULL,
      url_id       bigint NOT NULL,
      last_day     date NOT NULL,
      previous_day date,
      PRIMARY KEY (brand_id, domain_id, url_id)
    ) WITH (fillfactor = 80)`
  yield* sql`
    CREATE TABLE rollup_citation_days (
      brand_id  bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
      day       date NOT NULL,
      citations integer NOT NULL,
      domains   integer NOT NULL,
      urls      integer NOT NULL,
      PRIMARY KEY (brand_id, day)
    ) WITH (fillfactor = 80)`
  yield* sql.withTransaction(
    Effect.zipRight(rebuildMemory(sql), rebuildCitationSourceDays(undefined))
  ).pipe(Effect.orDie)
  yield* installCitationSourceDayFunctions
})
