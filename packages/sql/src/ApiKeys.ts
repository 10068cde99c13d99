import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import * as ApiKeyFormat from "@sightline/domain/ApiKeyFormat"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { ApiKeyNotFound, ApiKeyRevoked, InvalidValue, WorkspaceNotFound } from "./AdminErrors.js"
import { exists, positiveInteger, requiredText, workspaceScope } from "./AdminValidation.js"

export const ApiKeyListing = Schema.Struct({
  id: Schema.Number,
  workspaceId: Schema.Number,
  brandId: Schema.NullOr(Schema.Number),
  name: Schema.String,
  prefix: Schema.String,
  /** "workspace" or "brand:<id>". */
  scope: Schema.String,
  rateLimitPerMinute: Schema.NullOr(Schema.Number),
  createdAt: Schema.DateFromSelf,
  expiresAt: Schema.DateFromSelf,
  lastUsedAt: Schema.NullOr(Schema.DateFromSelf),
  revokedAt: Schema.NullOr(Schema.DateFromSelf),
  status: Schema.Literal("active", "expired", "revoked")
})
export type ApiKeyListing = typeof ApiKeyListing.Type

export interface CreateApiKey {
  readonly workspaceId: number
  readonly name: string
  /** Restricts the key to one brand of the workspace. */
  readonly brandId?: number
  readonly rateLimitPerMinute?: number
  /** Default: 6 calendar months after creation. */
  readonly expiresAt?: Date
}

export interface CreatedApiKey {
  readonly id: number
  /** The plaintext key: shown once, never stored. */
  readonly key: string
  readonly expiresAt: Date
}

const Created = Schema.Struct({ id: Schema.Number, expiresAt: Schema.DateFromSelf })
const Revoked = Schema.Struct({ id: Schema.Number, revokedAt: Schema.DateFromSelf })

export class ApiKeys extends Effect.Service<ApiKeys>()("@sightline/sql/ApiKeys", {
  accessors: true,
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const insert = SqlSchema.single({
      Request: Schema.Struct({
        workspaceId: Schema.Number,
        brandId: Schema.NullOr(Schema.Number),
        name: Schema.String,
        prefix: Schema.String,
        hash: Schema.String,
        rateLimit: Schema.NullOr(Schema.Number),
        expiresAt: Schema.NullOr(Schema.DateFromSelf)
      }),
      Result: Created,
      execute: (k) =>
        sql`
          INSERT INTO api_keys (workspace_id, brand_id, name, prefix, key_hash, rate_limit_per_minute, expires_at)
          VALUES (${k.workspaceId}, ${k.brandId}, ${k.name}, ${k.prefix}, ${k.hash}, ${k.rateLimit},
                  -- Calendar months counted in UTC, whatever the session's TimeZone (no DST shift).
                  COALESCE(${k.expiresAt}::timestamptz,
                    ((now() AT TIME ZONE 'UTC') + make_interval(months => ${ApiKeyFormat.VALIDITY_MONTHS})) AT TIME ZONE 'UTC'))
          RETURNING id, expires_at AS "expiresAt"`
    })

    const selectByWorkspace = SqlSchema.findAll({
      Request: Schema.Number,
      Result: ApiKeyListing,
      execute: (workspaceId) =>
        sql`
          SELECT id, workspace_id AS "workspaceId", brand_id AS "brandId", name, prefix,
                 CASE WHEN brand_id IS NULL THEN 'workspace' ELSE 'brand:' || brand_id END AS scope,
                 rate_limit_per_minute AS "rateLimitPerMinute", created_at AS "createdAt",
                 expires_at AS "expiresAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt",
                 CASE WHEN revoked_at IS NOT NULL THEN 'revoked'
                      WHEN expires_at <= now() THEN 'expired' ELSE 'active' END AS status
          FROM api_keys WHERE workspace_id = ${workspaceId} ORDER BY id`
    })

    const revokeRow = SqlSchema.findOne({
      Request: Schema.Number,
      Result: Revoked,
      execute: (id) =>
        sql`
          UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = ${id}
          RETURNING id, revoked_at AS "revokedAt"`
    })

    const expiryWindow = SqlSchema.single({
      Request: Schema.DateFromSelf,
      Result: Schema.Struct({ past: Schema.Boolean, tooLate: Schema.Boolean }),
      // The database clock decides, as it does for the default expiry and for authentication. A key
      // is valid for at most 6 calendar months from its creation (the spec): earlier is allowed.
      execute: (at) =>
        sql`SELECT ${at}::timestamptz <= now() AS past,
                   ${at}::timestamptz > ((now() AT TIME ZONE 'UTC') + interval '6 months') AT TIME ZONE 'UTC' AS "tooLate"`
    })

    const create = Effect.fn("ApiKeys.create")(function*(input: CreateApiKey) {
      const name = yield* requiredText("key name", input.name)
      const rateLimit = input.rateLimitPerMinute === undefined
        ? null
        : yield* positiveInteger("rate limit", input.rateLimitPerMinute)
      if (input.expiresAt !== undefined) {
        if (Number.isNaN(input.expiresAt.getTime())) {
          return yield* new InvalidValue({ field: "expiry", reason: "not a valid date." })
        }
        const window = yield* Effect.orDie(expiryWindow(input.expiresAt))
        if (window.past) {
          return yield* new InvalidValue({ field: "expiry", reason: `${input.expiresAt.toISOString()} is in the past.` })
        }
        if (window.tooLate) {
          return yield* new InvalidValue({
            field: "expiry",
            reason: `${input.expiresAt.toISOString()} is more than 6 months away; keys are valid for at most 6 months.`
          })
        }
      }
      yield* workspaceScope(sql, input.workspaceId, input.brandId)
      const key = ApiKeyFormat.generate()
      const row = yield* Effect.orDie(insert({
        workspaceId: input.workspaceId,
        brandId: input.brandId ?? null,
        name,
        prefix: ApiKeyFormat.prefixOf(key),
        hash: ApiKeyFormat.hash(key),
        rateLimit,
        expiresAt: input.expiresAt ?? null
      }))
      const created: CreatedApiKey = { id: row.id, key, expiresAt: row.expiresAt }
      return created
    })

    const list = Effect.fn("ApiKeys.list")(function*(workspaceId: number) {
      if (!(yield* exists(sql, "workspaces", workspaceId))) return yield* new WorkspaceNotFound({ workspaceId })
      return yield* Effect.orDie(selectByWorkspace(workspaceId))
    })

    /** Revokes a key; revoking it again keeps the first revocation time. */
    const revoke = Effect.fn("ApiKeys.revoke")(function*(keyId: number) {
      const row = yield* Effect.orDie(revokeRow(keyId))
      if (Option.isNone(row)) return yield* new ApiKeyNotFound({ keyId })
      return row.value
    })

    const selectOne = SqlSchema.findOne({
      Request: Schema.Number,
      Result: Schema.Struct({
        workspaceId: Schema.Number,
        brandId: Schema.NullOr(Schema.Number),
        name: Schema.String,
        rateLimitPerMinute: Schema.NullOr(Schema.Number),
        revoked: Schema.Boolean
      }),
      execute: (id) =>
        sql`
          SELECT workspace_id AS "workspaceId", brand_id AS "brandId", name, rate_limit_per_minute AS "rateLimitPerMinute",
                 revoked_at IS NOT NULL AS revoked
          FROM api_keys WHERE id = ${id}`
    })

    /**
     * Replaces a key in one transaction: a new key with the same name, scope and rate limit (valid
     * for 6 months unless `expiresAt` says otherwise), and the old one revoked. A revoked key cannot
     * be rotated (nothing is using it); create a new one instead.
     */
    const rotate = Effect.fn("ApiKeys.rotate")(function*(keyId: number, options: { readonly expiresAt?: Date } = {}) {
      return yield* sql.withTransaction(Effect.gen(function*() {
        const old = yield* Effect.orDie(selectOne(keyId))
        if (Option.isNone(old)) return yield* new ApiKeyNotFound({ keyId })
        if (old.value.revoked) return yield* new ApiKeyRevoked({ keyId })
        const created = yield* create({
          workspaceId: old.value.workspaceId,
          name: old.value.name,
          ...(old.value.brandId === null ? {} : { brandId: old.value.brandId }),
          ...(old.value.rateLimitPerMinute === null ? {} : { rateLimitPerMinute: old.value.rateLimitPerMinute }),
          ...(options.expiresAt === undefined ? {} : { expiresAt: options.expiresAt })
        })
        const revoked = yield* Effect.orDie(revokeRow(keyId))
        if (Option.isNone(revoked)) return yield* new ApiKeyNotFound({ keyId })
        return { ...created, replaced: keyId, revokedAt: revoked.value.revokedAt }
      })).pipe(Effect.catchTag("SqlError", Effect.die))
    })

    return { create, list, revoke, rotate } as const
  })
}) {}
