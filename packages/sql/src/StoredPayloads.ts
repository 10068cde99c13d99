import * as SqlClient from "@effect/sql/SqlClient"
import { AiModel } from "@sightline/domain/AiModel"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/** Stored responses with their raw payloads, for re-analysis without calling any engine. */
export const StoredPayload = Schema.Struct({
  responseId: Schema.Number,
  brandId: Schema.Number,
  promptId: Schema.Number,
  engine: AiModel,
  payload: Schema.Unknown
})
export type StoredPayload = typeof StoredPayload.Type

export class StoredPayloads extends Effect.Service<StoredPayloads>()("@sightline/sql/StoredPayloads", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** One page of responses with id > `after`, by id (keyset pagination over any number of rows). */
    const page = Effect.fn("StoredPayloads.page")(function*(options: {
      readonly after: number
      readonly limit: number
      readonly brandId?: number
    }) {
      return yield* sql`
        SELECT r.id AS "responseId", r.brand_id AS "brandId", r.prompt_id AS "promptId", r.engine, p.payload
        FROM responses r JOIN response_payloads p ON p.response_id = r.id
        WHERE r.id > ${options.after} ${options.brandId === undefined ? sql`` : sql`AND r.brand_id = ${options.brandId}`}
        ORDER BY r.id
        LIMIT ${options.limit}`.pipe(
        Effect.flatMap(Schema.decodeUnknown(Schema.Array(StoredPayload))),
        Effect.orDie
      )
    })

    /** How many stored payloads `page` goes through (for progress). */
    const count = Effect.fn("StoredPayloads.count")(function*(options: { readonly brandId?: number }) {
      const rows = yield* sql`
        SELECT count(*)::int AS count FROM responses r JOIN response_payloads p ON p.response_id = r.id
        ${options.brandId === undefined ? sql`` : sql`WHERE r.brand_id = ${options.brandId}`}`.pipe(
        Effect.flatMap(Schema.decodeUnknown(Schema.Array(Schema.Struct({ count: Schema.Number })))),
        Effect.orDie
      )
      return rows[0]?.count ?? 0
    })

    return { page, count } as const
  })
}) {}
