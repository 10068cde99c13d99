import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import { installApplyFunctions } from "../Rollups.js"

/**
 * `rollup_brand.competitor_mentions`: per row, the competitors' mentions in the same answers, so
 * the dashboard's daily series and per-engine share of voice read the brand's rows alone instead
 * of every competitor's day rows (11 competitors: 11 times the rows). Existing rows are summed from
 * `rollup_competitor`, which holds exactly those mentions per the same key; the apply functions are
 * reinstalled to keep the column with every answer.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  // A database created at 0005 by this version has it already.
  yield* sql`ALTER TABLE rollup_brand ADD COLUMN IF NOT EXISTS competitor_mentions bigint NOT NULL DEFAULT 0`
  yield* sql`
    UPDATE rollup_brand b SET competitor_mentions = c.mentions
    FROM (
      SELECT brand_id, engine, grain, period, group_id, sum(mentions) AS mentions
      FROM rollup_competitor GROUP BY brand_id, engine, grain, period, group_id
    ) c
    WHERE (b.brand_id, b.grain, b.period) = (c.brand_id, c.grain, c.period)
      AND b.engine IS NOT DISTINCT FROM c.engine AND b.group_id IS NOT DISTINCT FROM c.group_id
      AND b.competitor_mentions <> c.mentions`
  yield* sql`ANALYZE rollup_brand`
  yield* installApplyFunctions
})
