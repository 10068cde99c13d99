import { installCitationMentionFunctions } from "../CitationMentionRollup.js"

/**
 * Reinstalls `rollup_citation_mentions_add` / `_subtract` (CitationMentionRollup.ts) with the
 * batch's rows computed by one `GROUPING SETS` aggregation per kind of count (`batchRows`) instead
 * of each per-day row spread to its engine and grain keys and summed again. The rows are unchanged.
 */
export default installCitationMentionFunctions
