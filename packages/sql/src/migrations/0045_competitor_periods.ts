import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * `rollup_competitor`'s rows of one brand, engine key and period, with every figure the dashboard
 * sums (read/Dashboard.ts, its competitors' mentions, positions and sentiments), index-only: a
 * brand's month rows lie one to a heap page (the big scale brand's 365-day dashboard read 1,210
 * rows from 1,153 pages). The figures are included columns, so an update of a row is no longer
 * heap-only: it adds an entry here too (the write cost: docs/operations.md, "Seventh round").
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE INDEX rollup_competitor_periods ON rollup_competitor (brand_id, engine, grain, period)
    INCLUDE (group_id, competitor_id, mentions, position_sum, sentiment_sum)`
})
