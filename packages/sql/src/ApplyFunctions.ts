import * as SqlClient from "@effect/sql/SqlClient"
import type * as SqlError from "@effect/sql/SqlError"
import type * as Statement from "@effect/sql/Statement"
import * as Effect from "effect/Effect"

/**
 * A rollup apply statement as a PL/pgSQL function `name(p_ids bigint[])`, created or replaced, so
 * that each connection plans it once (a generic plan) instead of on every write. The statement
 * reads the answers' ids from `p_ids` and must take no parameters.
 */
export const installApplyFunction = (name: string, statement: Statement.Statement<unknown>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const [text, params] = statement.compile()
    if (params.length > 0) return yield* Effect.dieMessage(`the apply statement of ${name} must not take parameters`)
    yield* sql.unsafe(`
      CREATE OR REPLACE FUNCTION ${name}(p_ids bigint[]) RETURNS void
      LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $apply$
      BEGIN
        ${text};
      END
      $apply$`)
  })

/** Up to this many answers, the generic plan of an installed function beats planning the statement. */
export const SMALL_BATCH = 20

/**
 * A rollup's apply statement (`statement(sql, ids, sign)`: add with sign 1, subtract with -1, for
 * the answers whose ids `ids` holds) and the pair of installed functions that run it: a few answers
 * go through the functions (planned once per connection), a bigger batch runs the statement planned
 * for its size (`applyFunctionPairs`).
 */
export const applyFunctionPair = (
  names: { readonly [1]: string; readonly [-1]: string },
  statement: (sql: SqlClient.SqlClient, ids: Statement.Fragment, sign: 1 | -1) => Statement.Statement<unknown>
) => ({
  names,
  statement,
  /** Installs (or replaces) both functions (run by the rollup's migrations). */
  install: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    for (const sign of [1, -1] as const) yield* installApplyFunction(names[sign], statement(sql, sql.literal("p_ids"), sign))
  })
})

/**
 * Several rollups' pairs (`applyFunctionPair`) applied to the same answers, in order: a few answers
 * in one round trip (one SELECT calling each function), a bigger batch statement by statement.
 */
export const applyFunctionPairs = (
  pairs: ReadonlyArray<Pick<ReturnType<typeof applyFunctionPair>, "names" | "statement">>
) =>
(responseIds: ReadonlyArray<number>, sign: 1 | -1): Effect.Effect<void, SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.gen(function*() {
    if (responseIds.length === 0) return
    const sql = yield* SqlClient.SqlClient
    if (responseIds.length <= SMALL_BATCH) {
      const ids = sql`${responseIds}::bigint[]`
      yield* sql`SELECT ${sql.join(", ", false)(pairs.map((pair) => sql`${sql.literal(pair.names[sign])}(${ids})`))}`
      return
    }
    for (const pair of pairs) yield* pair.statement(sql, sql`${responseIds}::bigint[]`, sign)
  })

/** The rows of one brand (as `alias`), or of every brand when `brandId` is undefined: a rollup's rebuild and verify scope. */
export const brandWhere = (sql: SqlClient.SqlClient, alias: string, brandId: number | undefined): Statement.Fragment =>
  brandId === undefined ? sql`TRUE` : sql`${sql.literal(`${alias}.brand_id`)} = ${brandId}`

/**
 * The number of rows in which the relations `stored` and `fresh` differ (as multisets), an int: a
 * rollup's verify. `EXCEPT` compares NULL keys (all engines, no group) as equal, which a join would not.
 */
export const countDifferences = (sql: SqlClient.SqlClient, stored: Statement.Fragment, fresh: Statement.Fragment) =>
  sql`(SELECT count(*)::int FROM ((${stored} EXCEPT ALL ${fresh}) UNION ALL (${fresh} EXCEPT ALL ${stored})) d)`
