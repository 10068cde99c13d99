import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { DuplicateName, WorkspaceNotFound } from "./AdminErrors.js"
import { IdRow, requiredText } from "./AdminValidation.js"

export const Workspace = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  brandsCount: Schema.Number,
  createdAt: Schema.DateFromSelf
})
export type Workspace = typeof Workspace.Type

export class Workspaces extends Effect.Service<Workspaces>()("@sightline/sql/Workspaces", {
  accessors: true,
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const insert = SqlSchema.findOne({
      Request: Schema.String,
      Result: IdRow,
      execute: (name) => sql`INSERT INTO workspaces (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING RETURNING id`
    })

    const selectAll = SqlSchema.findAll({
      Request: Schema.Void,
      Result: Workspace,
      execute: () =>
        sql`
          SELECT w.id, w.name, w.created_at AS "createdAt",
                 (SELECT count(*) FROM brands b WHERE b.workspace_id = w.id) AS "brandsCount"
          FROM workspaces w ORDER BY w.id`
    })

    const selectOne = SqlSchema.findOne({
      Request: Schema.Number,
      Result: IdRow,
      execute: (id) => sql`SELECT id FROM workspaces WHERE id = ${id}`
    })

    const create = Effect.fn("Workspaces.create")(function*(name: string) {
      const clean = yield* requiredText("workspace name", name)
      const row = yield* Effect.orDie(insert(clean))
      if (Option.isNone(row)) return yield* new DuplicateName({ entity: "workspace", name: clean })
      return row.value
    })

    const list = Effect.fn("Workspaces.list")(function*() {
      return yield* Effect.orDie(selectAll(undefined))
    })

    /** Fails with WorkspaceNotFound unless the workspace exists. */
    const ensureExists = Effect.fn("Workspaces.ensureExists")(function*(workspaceId: number) {
      const row = yield* Effect.orDie(selectOne(workspaceId))
      if (Option.isNone(row)) return yield* new WorkspaceNotFound({ workspaceId })
    })

    return { create, list, ensureExists } as const
  })
}) {}
