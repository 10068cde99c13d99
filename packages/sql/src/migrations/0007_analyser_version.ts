import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * Every response records the version of the analyser rules that produced its mentions, positions
 * and sentiment (ANALYSER_VERSION in packages/domain). Rows analysed before this column existed were
 * produced by version 1; `reanalyze` brings them to the current version.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE responses ADD COLUMN analyser_version integer NOT NULL DEFAULT 1 CHECK (analyser_version >= 1)`
})
