import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import { installCompetitorEngineFunctions, rebuildCompetitorEngines } from "../CompetitorEngineRollup.js"
import { rebuildMemory } from "../RebuildGrains.js"
import { installParentDeletes } from "./0040_rollup_parent_deletes.js"
import { ROLLUP_TABLES as BEFORE } from "./0041_one_citation_rollup.js"

/** The rollup tables with a brand column as of this migration: 0041's and the new one. */
export const ROLLUP_TABLES = [...BEFORE, "rollup_competitor_engines"]

/**
 * `rollup_competitor_engines` (what it holds: CompetitorEngineRollup.ts): competitor figures per
 * engine and period over all prompt groups, for the visibility report's competitors without a group
 * split or filter. Like the other rollups since 0040 it has no foreign key: the delete triggers of
 * brands and competitors take its rows. Existing mentions are rolled up here.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE rollup_competitor_engines (
      brand_id      bigint NOT NULL,
      engine        text,
      grain         text NOT NULL CHECK (grain IN ('day', 'month')),
      period        date NOT NULL,
      competitor_id bigint NOT NULL,
      mentions      integer NOT NULL,
      position_sum  bigint NOT NULL,
      sentiment_sum numeric NOT NULL,
      UNIQUE NULLS NOT DISTINCT (brand_id, engine, grain, period, competitor_id)
    )`
  yield* sql.withTransaction(Effect.zipRight(rebuildMemory(sql), rebuildCompetitorEngines(undefined))).pipe(Effect.orDie)
  yield* installCompetitorEngineFunctions
  yield* installParentDeletes("brands", ROLLUP_TABLES.map((table) => [table, "brand_id"] as const))
  yield* installParentDeletes("competitors", [
    ["rollup_competitor", "competitor_id"],
    ["rollup_prompt_competitor", "competitor_id"],
    ["rollup_competitor_engines", "competitor_id"]
  ])
})
