import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { BrandNotFound, CompetitorNotFound, DuplicateName } from "./AdminErrors.js"
import { exists, IdRow, nameList, requiredText, sameList, website } from "./AdminValidation.js"
import { forgetCompetitor } from "./CitationMentionRollup.js"

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

/** What `edit` may change; absent fields stay as they are. */
export interface EditCompetitor {
  readonly name?: string
  readonly website?: string
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

    const columns = sql`id, brand_id AS "brandId", name, website, aliases, created_at AS "createdAt"`

    const selectByBrand = SqlSchema.findAll({
      Request: Schema.Number,
      Result: Competitor,
      execute: (brandId) => sql`SELECT ${columns} FROM competitors WHERE brand_id = ${brandId} ORDER BY id`
    })

    const selectOne = SqlSchema.findOne({
      Request: Schema.Number,
      Result: Competitor,
      execute: (id) => sql`SELECT ${columns} FROM competitors WHERE id = ${id}`
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

    const get = Effect.fn("Competitors.get")(function*(competitorId: number) {
      const row = yield* Effect.orDie(selectOne(competitorId))
      if (Option.isNone(row)) return yield* new CompetitorNotFound({ competitorId })
      return row.value
    })

    /**
     * Changes a competitor with the checks of `add`. `aliasesChanged` (name or aliases) tells the
     * caller that stored answers were analysed with other names and may be re-analysed.
     */
    const edit = Effect.fn("Competitors.edit")(function*(competitorId: number, input: EditCompetitor) {
      const current = yield* get(competitorId)
      const name = input.name === undefined ? current.name : yield* requiredText("competitor name", input.name)
      const site = input.website === undefined ? current.website : yield* website(input.website)
      const aliases = input.aliases === undefined ? current.aliases : nameList(input.aliases)
      const updated = yield* Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        const clash = yield* sql`SELECT 1 FROM competitors WHERE brand_id = ${current.brandId} AND name = ${name} AND id <> ${competitorId}`
        if (clash.length > 0) return false
        yield* sql`UPDATE competitors SET ${sql.update({ name, website: site, aliases })} WHERE id = ${competitorId}`
        return true
      })))
      if (!updated) return yield* new DuplicateName({ entity: "competitor", name })
      const competitor = yield* get(competitorId)
      return { competitor, aliasesChanged: name !== current.name || !sameList(aliases, current.aliases) }
    })

    /**
     * Stops tracking a competitor: the competitor and its recorded mentions go (metrics no longer
     * count it); the answers themselves stay. Adding it again and re-analysing brings them back.
     */
    const remove = Effect.fn("Competitors.remove")(function*(competitorId: number) {
      const competitor = yield* get(competitorId)
      yield* Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        // rollup_brand counts every competitor's mentions (share of voice); its rollup_competitor
        // rows hold exactly this one's per the same key, so they are taken away before they cascade.
        yield* sql`
          UPDATE rollup_brand b SET competitor_mentions = b.competitor_mentions - c.mentions
          FROM rollup_competitor c
          WHERE c.competitor_id = ${competitorId} AND c.mentions <> 0
            AND (b.brand_id, b.grain, b.period) = (c.brand_id, c.grain, c.period)
            AND b.engine IS NOT DISTINCT FROM c.engine AND b.group_id IS NOT DISTINCT FROM c.group_id`
        yield* forgetCompetitor(competitor.brandId, competitorId).pipe(Effect.provideService(SqlClient.SqlClient, sql))
        yield* sql`DELETE FROM competitors WHERE id = ${competitorId}`
      })))
      return competitor
    })

    return { add, list, get, edit, remove } as const
  })
}) {}
