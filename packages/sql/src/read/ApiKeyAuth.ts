import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"

export interface StoredApiKey {
  readonly id: number
  readonly workspace_id: number
  readonly brand_id: number | null
  readonly rate_limit_per_minute: number | null
  readonly revoked: boolean
  readonly expired: boolean
  /** Milliseconds until the key expires, by the database clock (negative once it has). */
  readonly expires_in_millis: number
}

/** The key with this SHA-256 hash. Expiry is judged by the database clock. */
export const findKeyByHash = Effect.fnUntraced(function*(keyHash: string) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* Effect.orDie(sql<StoredApiKey>`
    SELECT id, workspace_id, brand_id, rate_limit_per_minute,
      revoked_at IS NOT NULL AS revoked, now() >= expires_at AS expired,
      (extract(epoch FROM expires_at - now()) * 1000)::float8 AS expires_in_millis
    FROM api_keys WHERE key_hash = ${keyHash}`)
  return Option.fromNullable(rows[0])
})

/** Records when keys were last used (batched by the server, off the request path). */
export const recordKeyUsage = Effect.fnUntraced(function*(
  usage: ReadonlyArray<{ readonly keyId: number; readonly at: Date }>
) {
  if (usage.length === 0) return
  const sql = yield* SqlClient.SqlClient
  const ids = usage.map((u) => u.keyId)
  const times = usage.map((u) => u.at.toISOString())
  yield* Effect.orDie(sql`
    UPDATE api_keys k SET last_used_at = greatest(k.last_used_at, v.at)
    FROM unnest(${ids}::bigint[], ${times}::timestamptz[]) AS v(id, at)
    WHERE k.id = v.id`)
})

/** A cheap liveness probe of the database. */
export const ping = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`SELECT 1`
})
