import * as SqlClient from "@effect/sql/SqlClient"
import { SqlError } from "@effect/sql/SqlError"
import type * as Statement from "@effect/sql/Statement"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { createHash } from "node:crypto"
import type pg from "pg"
import { errorCode } from "./ErrorCode.js"

/**
 * The names under which read statements are prepared, by statement text: at most `capacity`
 * texts (a statement past it runs unprepared), and none for a text PostgreSQL refused to run
 * prepared (see `run`).
 */
export class PreparedNames {
  private readonly names = new Map<string, string | null>()
  constructor(readonly capacity: number) {}

  /** The name to prepare `text` under, or undefined to run it unprepared. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text)
    if (known !== undefined) return known ?? undefined
    if (this.names.size >= this.capacity) return undefined
    const name = `sightline_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`
    this.names.set(text, name)
    return name
  }

  /** From now on `text` runs unprepared. */
  refuse(text: string): void {
    this.names.set(text, null)
  }
}

/**
 * The pg pool under the SqlClient (Database.clientLayer provides both) and the names of the
 * statements prepared on its connections, for the API's per-request reads: see `run`.
 */
export class ReadPool extends Context.Tag("@sightline/sql/ReadPool")<ReadPool, {
  readonly pool: pg.Pool
  readonly prepared: PreparedNames
}>() {}

/** The most statement texts prepared per process (each on every connection that runs it). */
export const PREPARED_CAPACITY = 200

/**
 * PostgreSQL errors that mean a prepared statement cannot serve (the text is then run unprepared
 * from now on): 0A000 "cached plan must not change result type" after a schema change under a
 * running server, 26000 and 42P05 from a pooler (PgBouncer in transaction mode) that moves
 * prepared statements between sessions.
 */
const NOT_PREPARABLE: ReadonlySet<string> = new Set(["0A000", "26000", "42P05"])

const query = <A extends object>(pool: pg.Pool, config: pg.QueryConfig) =>
  Effect.async<ReadonlyArray<A>, { readonly cause: Error }>((resume) => {
    pool.query<A>(config, (cause, result) => {
      resume(cause ? Effect.fail({ cause }) : Effect.succeed(result.rows))
    })
  })

/**
 * Runs a read statement, compiled by the SqlClient, straight on the pool when there is one and no
 * transaction is open, else through the SqlClient. A shortcut, for speed: @effect/sql wraps every
 * statement in a span, a scope and a connection object, ~0.05 ms of CPU per statement on this
 * 2-core machine (a tenth of a `/v1/brands/` request); a read outside a transaction needs none of
 * them. Failures are the SqlError @effect/sql raises, so "database unavailable" reads the same. An
 * interrupted read is not cancelled: it finishes on its connection and its rows are dropped.
 *
 * With `prepared`, the statement is prepared (named by its text) on each connection the first
 * time it runs there: PostgreSQL neither parses nor plans it again once it settles on a generic
 * plan, and pg sends no Parse message. Only for statements whose best plan does not depend on the
 * values (a keyed list of a small table): a generic plan for a date range or a skewed key can be
 * far slower than the plan made for the values at hand.
 */
export const run = <A extends object>(
  statement: Statement.Statement<A>,
  options: { readonly prepared?: boolean } = {}
): Effect.Effect<ReadonlyArray<A>, SqlError> =>
  Effect.flatMap(Effect.serviceOption(ReadPool), (readPool) =>
    Option.isNone(readPool)
      ? statement
      : Effect.flatMap(Effect.serviceOption(SqlClient.TransactionConnection), (transaction) => {
        if (Option.isSome(transaction)) return statement
        const { pool, prepared } = readPool.value
        const [text, params] = statement.compile()
        const values = [...params]
        const name = options.prepared === true ? prepared.nameOf(text) : undefined
        const unprepared = query<A>(pool, { text, values })
        const attempt = name === undefined
          ? unprepared
          : query<A>(pool, { name, text, values }).pipe(
            Effect.catchIf(
              (failure) => NOT_PREPARABLE.has(errorCode(failure.cause) ?? ""),
              () => Effect.zipRight(Effect.sync(() => prepared.refuse(text)), unprepared)
            )
          )
        return Effect.mapError(attempt, ({ cause }) => new SqlError({ cause, message: "Failed to execute statement" }))
      }))
