import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import { installCitationMentionFunctions } from "../CitationMentionRollup.js"

/**
 * `rollup_citation_mentions.competitor_responses` becomes `json` (the text as written) instead of
 * `jsonb`. The citations report hands a page's objects, about 800 of them, to the API as text:
 * from jsonb each one was written out again, digit by digit, on every request (a third of the
 * big brand's 30-day statement). The writes still merge as jsonb (`::jsonb` on the stored value,
 * the sum assigned back as json), and verify compares as jsonb (json has no equality). Rewrites the
 * table: about 45 s for 6.6 million rows (docs/operations.md, "Tenth round"). Reinstalls the apply
 * functions with the casts.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE rollup_citation_mentions
    ALTER COLUMN competitor_responses TYPE json USING competitor_responses::json`
  yield* installCitationMentionFunctions
})
