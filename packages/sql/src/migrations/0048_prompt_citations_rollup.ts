import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import { installPromptCitationFunctions, rebuildPromptCitations } from "../PromptCitationRollup.js"
import { rebuildMemory } from "../RebuildGrains.js"
import { installParentDeletes } from "./0040_rollup_parent_deletes.js"

/**
 * `rollup_prompt_citations` (what it holds: PromptCitationRollup.ts): the answers citing each
 * domain and URL per prompt and period, for the prompt's citations endpoint. The key leads with
 * the prompt and period, so a range's domain rows (`url_id` 0) are one index range; the second
 * index finds a page's domains' URL rows. Both include the count, so reads are index-only. Like
 * the other rollups since 0040 it has no foreign key: the prompts' delete trigger takes its rows
 * (a deleted brand's prompts go with it). Existing citations are rolled up here.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE rollup_prompt_citations (
      prompt_id bigint NOT NULL,
      grain     text NOT NULL CHECK (grain IN ('day', 'month', 'year')),
      period    date NOT NULL,
      url_id    bigint NOT NULL,
      domain_id bigint NOT NULL,
      responses integer NOT NULL,
      PRIMARY KEY (prompt_id, grain, period, url_id, domain_id) INCLUDE (responses)
    )`
  yield* sql`
    CREATE INDEX rollup_prompt_citations_domain_urls
    ON rollup_prompt_citations (prompt_id, grain, period, domain_id, url_id) INCLUDE (responses) WHERE url_id > 0`
  yield* sql.withTransaction(Effect.zipRight(rebuildMemory(sql), rebuildPromptCitations(undefined))).pipe(Effect.orDie)
  yield* installPromptCitationFunctions
  yield* installParentDeletes("prompts", [
    ["rollup_prompt", "prompt_id"],
    ["rollup_prompt_competitor", "prompt_id"],
    ["rollup_prompt_citations", "prompt_id"]
  ])
})
