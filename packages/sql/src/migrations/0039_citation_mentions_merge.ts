import { installCitationMentionFunctions } from "../CitationMentionRollup.js"

/**
 * Reinstalls `rollup_citation_mentions_add` / `_subtract` (CitationMentionRollup.ts) with the
 * competitor counts merged in the statement (`addCounts`) instead of by a `jsonb_add_counts` call
 * per upserted row. The rows are unchanged; `jsonb_add_counts` stays installed (migration 0034).
 */
export default installCitationMentionFunctions
