import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * The brand's cited URLs in ranking order, per all-engines month and year row of `rollup_url`: a
 * range of one such period (a whole year or month, e.g. "the last 365 days" of a brand whose
 * answers fall in one year) reads its page from this index in order (the responses count of the
 * page's last row, then the rows at or above it) instead of summing every cited URL first
 * (read/CitedSources.ts). Day rows, the bulk of the table, are left out.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE INDEX rollup_url_ranking ON rollup_url (brand_id, grain, period, responses DESC, url_id)
    WHERE engine IS NULL AND grain <> 'day'`
})
