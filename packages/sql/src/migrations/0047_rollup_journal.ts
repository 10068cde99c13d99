import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * The rollups' journal (Rollups.ts, `foldJournal`): the answers written whose figures the rollup
 * tables do not hold yet, one row each. The write transaction appends an answer here instead of
 * upserting its ~30 rollup rows; the next read of the brand (or the worker, right after its run)
 * folds the journal into the tables, many answers per statement. An answer deleted before it is
 * folded (its prompt or brand deleted) leaves the journal with it.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE rollup_journal (
      response_id bigint PRIMARY KEY REFERENCES responses (id) ON DELETE CASCADE,
      brand_id bigint NOT NULL
    )`
  yield* sql`CREATE INDEX rollup_journal_brand ON rollup_journal (brand_id, response_id)`
})
