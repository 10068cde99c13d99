import * as SqlClient from "@effect/sql/SqlClient"
import { SqlError } from "@effect/sql/SqlError"
import type * as Statement from "@effect/sql/Statement"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type pg from "pg"

/**
 * The pg pool under the SqlClient (Database.clientLayer provides both), for the API's per-request
 * reads: see `run`.
 */
export class ReadPool extends Context.Tag("@sightline/sql/ReadPool")<ReadPool, pg.Pool>() {}

/**
 * Runs a read statement, compiled by the SqlClient, straight on the pool when there is one and no
 * transaction is open, else through the SqlClient. A shortcut, for speed: @effect/sql wraps every
 * statement in a span, a scope and a connection object, ~0.05 ms of CPU per statement on this
 * 2-core machine (a tenth of a `/v1/brands/` request); a read outside a transaction needs none of
 * them. Failures are the SqlError @effect/sql raises, so "database unavailable" reads the same. An
 * interrupted read is not cancelled: it finishes on its connection and its rows are dropped.
 */
export const run = <A extends object>(statement: Statement.Statement<A>): Effect.Effect<ReadonlyArray<A>, SqlError> =>
  Effect.flatMap(Effect.serviceOption(ReadPool), (pool) =>
    Option.isNone(pool)
      ? statement
      : Effect.flatMap(Effect.serviceOption(SqlClient.TransactionConnection), (transaction) => {
        if (Option.isSome(transaction)) return statement
        const [text, params] = statement.compile()
        return Effect.async<ReadonlyArray<A>, SqlError>((resume) => {
          pool.value.query<A>(text, [...params], (cause, result) => {
            resume(
              cause ? Effect.fail(new SqlError({ cause, message: "Failed to execute statement" })) : Effect.succeed(result.rows)
            )
          })
        })
      }))
