import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { BrandNotFound, DuplicateName, GroupNotFound } from "./AdminErrors.js"
import { exists, IdRow, requiredText } from "./AdminValidation.js"
import { Rollups } from "./Rollups.js"

export const Group = Schema.Struct({
  id: Schema.Number,
  brandId: Schema.Number,
  name: Schema.String,
  promptsCount: Schema.Number,
  createdAt: Schema.DateFromSelf
})
export type Group = typeof Group.Type

export class Groups extends Effect.Service<Groups>()("@sightline/sql/Groups", {
  accessors: true,
  dependencies: [Rollups.Default],
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rollups = yield* Rollups

    const insert = SqlSchema.findOne({
      Request: Schema.Struct({ brandId: Schema.Number, name: Schema.String }),
      Result: IdRow,
      execute: ({ brandId, name }) =>
        sql`
          INSERT INTO prompt_groups (brand_id, name) VALUES (${brandId}, ${name})
          ON CONFLICT (brand_id, name) DO NOTHING RETURNING id`
    })

    const columns = sql`
      g.id, g.brand_id AS "brandId", g.name, g.created_at AS "createdAt",
      (SELECT count(*) FROM prompts p WHERE p.group_id = g.id) AS "promptsCount"`

    const selectByBrand = SqlSchema.findAll({
      Request: Schema.Number,
      Result: Group,
      execute: (brandId) => sql`SELECT ${columns} FROM prompt_groups g WHERE g.brand_id = ${brandId} ORDER BY g.id`
    })

    const create = Effect.fn("Groups.create")(function*(input: { readonly brandId: number; readonly name: string }) {
      const name = yield* requiredText("group name", input.name)
      if (!(yield* exists(sql, "brands", input.brandId))) return yield* new BrandNotFound({ brandId: input.brandId })
      const row = yield* Effect.orDie(insert({ brandId: input.brandId, name }))
      if (Option.isNone(row)) return yield* new DuplicateName({ entity: "group", name })
      return row.value
    })

    const list = Effect.fn("Groups.list")(function*(brandId: number) {
      const rows = yield* Effect.orDie(selectByBrand(brandId))
      if (rows.length === 0 && !(yield* exists(sql, "brands", brandId))) return yield* new BrandNotFound({ brandId })
      return rows
    })

    const selectOne = SqlSchema.findOne({
      Request: Schema.Number,
      Result: Group,
      execute: (id) => sql`SELECT ${columns} FROM prompt_groups g WHERE g.id = ${id}`
    })

    const get = Effect.fn("Groups.get")(function*(groupId: number) {
      const row = yield* Effect.orDie(selectOne(groupId))
      if (Option.isNone(row)) return yield* new GroupNotFound({ groupId })
      return row.value
    })

    const rename = Effect.fn("Groups.rename")(function*(groupId: number, newName: string) {
      const name = yield* requiredText("group name", newName)
      const current = yield* get(groupId)
      const renamed = yield* Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        const clash = yield* sql`SELECT 1 FROM prompt_groups WHERE brand_id = ${current.brandId} AND name = ${name} AND id <> ${groupId}`
        if (clash.length > 0) return false
        yield* sql`UPDATE prompt_groups SET name = ${name} WHERE id = ${groupId}`
        return true
      })))
      if (!renamed) return yield* new DuplicateName({ entity: "group", name })
      return yield* get(groupId)
    })

    /** Deletes a group; its prompts stay, without a group. */
    const remove = Effect.fn("Groups.remove")(function*(groupId: number) {
      const group = yield* get(groupId)
      yield* Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        yield* sql`UPDATE prompts SET group_id = NULL WHERE group_id = ${groupId}`
        yield* sql`DELETE FROM prompt_groups WHERE id = ${groupId}`
        // The brand and competitor rollups are kept per group: its prompts' answers are now ungrouped.
        if (group.promptsCount > 0) yield* rollups.rebuildFigures({ brandId: group.brandId })
      })))
      return { id: group.id, name: group.name, promptsUngrouped: group.promptsCount }
    })

    return { create, list, get, rename, remove } as const
  })
}) {}
