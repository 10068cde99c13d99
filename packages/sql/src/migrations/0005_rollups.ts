import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import { Rollups } from "../Rollups.js"

/**
 * Day and month rollups of the analysed answers (what they hold: Rollups.ts). `engine` NULL is the
 * sum over all engines and `group_id` NULL the prompts without a group, so the unique keys treat
 * NULLs as equal. The figures are updated in place on every write: free space in each page
 * (fillfactor) keeps those updates heap-only. Existing answers are rolled up here, so an upgraded
 * database reads right at once.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const grain = "grain text NOT NULL CHECK (grain IN ('day', 'month'))"
  // competitor_mentions came with 0020 (which adds it where this ran before); the rebuild below fills it.
  // Year rows came with 0013; the rebuild below writes them, so a database migrated from before
  // this one accepts them here already (0013 then only re-creates the constraint).
  const yearGrain = "grain text NOT NULL CHECK (grain IN ('day', 'month', 'year'))"
  const figures = `
      mentions      integer NOT NULL,
      position_sum  bigint NOT NULL,
      sentiment_sum numeric NOT NULL`

  yield* sql.unsafe(`
    CREATE TABLE rollup_brand (
      brand_id      bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
      group_id      bigint,
      engine        text,
      ${grain},
      period        date NOT NULL,
      responses     integer NOT NULL,
      ${figures},
      competitor_mentions bigint NOT NULL DEFAULT 0,
      UNIQUE NULLS NOT DISTINCT (brand_id, engine, grain, period, group_id)
    ) WITH (fillfactor = 80)`)
  yield* sql.unsafe(`
    CREATE TABLE rollup_prompt (
      prompt_id     bigint NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
      brand_id      bigint NOT NULL,
      engine        text,
      ${yearGrain},
      period        date NOT NULL,
      responses     integer NOT NULL,
      ${figures},
      UNIQUE NULLS NOT DISTINCT (prompt_id, engine, grain, period)
    ) WITH (fillfactor = 80)`)
  // The dashboard ranks every prompt of a brand over a range. No figures in the index: updates of the
  // figures then stay heap-only (HOT) and write no index entries.
  yield* sql`CREATE INDEX rollup_prompt_brand ON rollup_prompt (brand_id, engine, grain, period)`
  yield* sql.unsafe(`
    CREATE TABLE rollup_competitor (
      competitor_id bigint NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
      brand_id      bigint NOT NULL,
      group_id      bigint,
      engine        text,
      ${grain},
      period        date NOT NULL,
      ${figures},
      UNIQUE NULLS NOT DISTINCT (brand_id, engine, grain, period, group_id, competitor_id)
    ) WITH (fillfactor = 80)`)

  yield* Rollups.rebuildFigureRows({}).pipe(Effect.provide(Rollups.Default))
})
