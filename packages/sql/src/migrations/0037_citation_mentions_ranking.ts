import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * Each period's sources of `rollup_citation_mentions` in citation order, for all engines: one
 * index for the domain rows (`url_id` 0), one for the URL rows. The citations report without splits
 * reads the top rows of each period of its range from them, with the figures its page shows, and
 * settles its page with a bound (read/CitationRanking.ts) instead of summing and ranking every cited
 * source of the range; the same entries give, index-only, the range's citations and its count of
 * sources.
 *
 * `citations` is a key column, so no update of the table's rows is heap-only any more: each
 * update adds an entry to the table's unique key too (the write cost is measured in
 * docs/operations.md, "Sixth round").
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE INDEX rollup_citation_mentions_domain_ranking
    ON rollup_citation_mentions (brand_id, grain, period, citations DESC, domain_id)
    INCLUDE (responses, brand_responses) WHERE engine IS NULL AND url_id = 0`
  yield* sql`
    CREATE INDEX rollup_citation_mentions_url_ranking
    ON rollup_citation_mentions (brand_id, grain, period, citations DESC, url_id) INCLUDE (domain_id, responses, brand_responses)
    WHERE engine IS NULL AND url_id > 0`
})
