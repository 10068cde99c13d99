import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { BrandNotFound, DuplicateName } from "./AdminErrors.js"
import { exists, IdRow, nameList, requiredText, website } from "./AdminValidation.js"

export const Competitor = Schema.Struct({
  id: Schema.Number,
  brandId: Schema.Number,
  name: Schema.String,
  website: Schema.String,
  aliases: Schema.Array(Schema.String),
  createdAt: Schema.DateFromSelf
})
export type Competitor = typeof Competitor.Type

export interface AddCompetitor {
  readonly brandId: number
  readonly name: string
  readonly website: string
  readonly aliases?: ReadonlyArray<string>
}

export class Competitors extends Effect.Service<Competitors>()("@sightline/sql/Competitors", {
  accessors: true,
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const insert = SqlSchema.findOne({
      Request: Schema.Struct({
        brand_id: Schema.Number,
        name: Schema.String,
        website: Schema.String,
        aliases: Schema.Array(Schema.String)
      }),
      Result: IdRow,
      execute: (row) =>
        sql`INSERT INTO competitors ${sql.insert(row)} ON CONFLICT (brand_id, name) DO NOTHING RETURNING id`
    })

    const selectByBrand = SqlSchema.findAll({
      Request: Schema.Number,
      Result: Competitor,
      execute: (brandId) =>
        sql`
          SELECT id, brand_id AS "brandId", name, website, aliases, created_at AS "createdAt"
          FROM competitors WHERE brand_id = ${brandId} ORDER BY id`
    })

    const add = Effect.fn("Competitors.add")(function*(input: AddCompetitor) {
      const name = yield* requiredText("competitor name", input.name)
      const site = yield* website(input.website)
      if (!(yield* exists(sql, "brands", input.brandId))) return yield* new BrandNotFound({ brandId: input.brandId })
      const row = yield* Effect.orDie(insert({
        brand_id: input.brandId,
        name,
        website: site,
        aliases: nameList(input.aliases ?? [])
      }))
      if (Option.isNone(row)) return yield* new DuplicateName({ entity: "competitor", name })
      return row.value
    })

    const list = Effect.fn("Competitors.list")(function*(brandId: number) {
      const rows = yield* Effect.orDie(selectByBrand(brandId))
      if (rows.length === 0 && !(yield* exists(sql, "brands", brandId))) return yield* new BrandNotFound({ brandId })
      return rows
    })

    return { add, list } as const
  })
}) {}
