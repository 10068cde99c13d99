import * as SqlClient from "@effect/sql/SqlClient"
import { classifierOf } from "@sightline/domain/analysis/SourceTypes"
import { SourceType } from "@sightline/domain/SourceType"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

const Context = Schema.Struct({
  website: Schema.String,
  competitors: Schema.Array(Schema.String),
  overrides: Schema.Array(Schema.Struct({ domain: Schema.String, source_type: SourceType }))
})

/**
 * The source-type classifier of a brand (docs/metrics.md, Source types): its website, its
 * competitors' websites and its workspace's overrides, read in one statement.
 */
export const classifierForBrand = Effect.fnUntraced(function*(brandId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql`
    SELECT b.website,
      coalesce((SELECT json_agg(c.website ORDER BY c.id) FROM competitors c WHERE c.brand_id = b.id), '[]'::json) AS competitors,
      coalesce((SELECT json_agg(json_build_object('domain', o.domain, 'source_type', o.source_type))
        FROM source_type_overrides o WHERE o.workspace_id = b.workspace_id), '[]'::json) AS overrides
    FROM brands b WHERE b.id = ${brandId}`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(Context))), Effect.orDie)
  const [context] = rows
  return classifierOf({
    ownWebsite: context?.website ?? "",
    competitorWebsites: context?.competitors ?? [],
    overrides: new Map((context?.overrides ?? []).map((o) => [o.domain, o.source_type]))
  })
})
