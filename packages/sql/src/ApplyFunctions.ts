import * as SqlClient from "@effect/sql/SqlClient"
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
