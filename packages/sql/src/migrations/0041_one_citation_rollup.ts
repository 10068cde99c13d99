import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import { installApplyFunctions } from "../Rollups.js"
import { installParentDeletes, ROLLUP_TABLES as BEFORE } from "./0040_rollup_parent_deletes.js"

/**
 * One citation rollup instead of three with the same keys. `rollup_domain` and `rollup_url`
 * (0006) counted the answers citing a domain or a URL per brand × engine × period; the domain rows
 * (`url_id` 0) and URL rows of `rollup_citation_mentions` (0034) hold the same counts in their
 * `responses` column, summed from the same citations. The write path upserted each of them: about
 * 40 rollup rows per answer, the largest part of its rollup cost (docs/operations.md, "Seventh
 * round"). The cited-sources reads (read/CitedSources.ts) now read `rollup_citation_mentions`:
 *
 * - the domains of a range from the domain rows (the key's `url_id` 0 leads each period's rows);
 * - the URLs of a range from the URL rows, a single period's in the order of the URL ranking index
 *   of 0037 (`citations`, which for a URL equals `responses`: an answer cites a URL once);
 * - the URLs of one domain (and a domain's count of URLs) from the index created here, which takes
 *   the place of `rollup_url_domain`.
 *
 * The apply functions are reinstalled without the two tables, and the delete triggers of 0040 no
 * longer name them.
 */
/** The rollup tables as of this migration (0040's without the two it drops). */
export const ROLLUP_TABLES = BEFORE.filter((table) => table !== "rollup_domain" && table !== "rollup_url")

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`DROP TABLE rollup_domain, rollup_url`
  yield* sql`
    CREATE INDEX rollup_citation_mentions_domain_urls
    ON rollup_citation_mentions (brand_id, domain_id, engine, grain, period) INCLUDE (url_id, responses)
    WHERE url_id > 0`
  yield* installApplyFunctions
  yield* installParentDeletes("brands", ROLLUP_TABLES.map((table) => [table, "brand_id"] as const))
})
