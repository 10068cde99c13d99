import * as SqlClient from "@effect/sql/SqlClient"
import { registrableDomainOf } from "@sightline/domain/analysis/SourceTypes"
import { OVERRIDABLE_SOURCE_TYPES } from "@sightline/domain/SourceType"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { InvalidValue, WorkspaceNotFound } from "./AdminErrors.js"
import { exists } from "./AdminValidation.js"

export const SourceTypeOverride = Schema.Struct({
  domain: Schema.String,
  sourceType: Schema.Literal(...OVERRIDABLE_SOURCE_TYPES),
  createdAt: Schema.DateFromSelf
})
export type SourceTypeOverride = typeof SourceTypeOverride.Type

const isOverridable = Schema.is(Schema.Literal(...OVERRIDABLE_SOURCE_TYPES))

/**
 * A workspace's classes of cited domains (migration 0017): they beat the maintained list of
 * domain/analysis/SourceTypes.ts. The domain is stored as its registrable domain, as citations are.
 */
export class SourceTypeOverrides extends Effect.Service<SourceTypeOverrides>()("@sightline/sql/SourceTypeOverrides", {
  accessors: true,
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const domainOf = (raw: string) => {
      const domain = registrableDomainOf(raw)
      return domain.length === 0 || /\s/.test(domain)
        ? Effect.fail(new InvalidValue({ field: "domain", reason: `${JSON.stringify(raw)} is not a host name such as reddit.com` }))
        : Effect.succeed(domain)
    }
    const workspace = (workspaceId: number) =>
      Effect.flatMap(exists(sql, "workspaces", workspaceId), (found) =>
        found ? Effect.void : Effect.fail(new WorkspaceNotFound({ workspaceId })))

    /** Sets (or replaces) the class of a domain in a workspace. Returns the stored domain. */
    const set = Effect.fn("SourceTypeOverrides.set")(function*(input: {
      readonly workspaceId: number
      readonly domain: string
      readonly sourceType: string
    }) {
      const sourceType = input.sourceType.trim().toLowerCase()
      if (!isOverridable(sourceType)) {
        return yield* new InvalidValue({
          field: "source type",
          reason: `${JSON.stringify(input.sourceType)}: expected one of ${OVERRIDABLE_SOURCE_TYPES.join(", ")} ` +
            "(own and competitor follow the brand's and competitors' websites)"
        })
      }
      const domain = yield* domainOf(input.domain)
      yield* workspace(input.workspaceId)
      yield* Effect.orDie(sql`
        INSERT INTO source_type_overrides (workspace_id, domain, source_type)
        VALUES (${input.workspaceId}, ${domain}, ${sourceType})
        ON CONFLICT (workspace_id, domain) DO UPDATE SET source_type = excluded.source_type`)
      return { domain, sourceType }
    })

    /** Removes a domain's override (the maintained list applies again); whether there was one. */
    const clear = Effect.fn("SourceTypeOverrides.clear")(function*(input: { readonly workspaceId: number; readonly domain: string }) {
      const domain = yield* domainOf(input.domain)
      yield* workspace(input.workspaceId)
      const rows = yield* Effect.orDie(sql`
        DELETE FROM source_type_overrides WHERE workspace_id = ${input.workspaceId} AND domain = ${domain} RETURNING domain`)
      return { domain, removed: rows.length > 0 }
    })

    const list = Effect.fn("SourceTypeOverrides.list")(function*(workspaceId: number) {
      yield* workspace(workspaceId)
      return yield* sql`
        SELECT domain, source_type AS "sourceType", created_at AS "createdAt"
        FROM source_type_overrides WHERE workspace_id = ${workspaceId} ORDER BY domain COLLATE "C"`.pipe(
        Effect.flatMap(Schema.decodeUnknown(Schema.Array(SourceTypeOverride))),
        Effect.orDie
      )
    })

    return { set, clear, list } as const
  })
}) {}
