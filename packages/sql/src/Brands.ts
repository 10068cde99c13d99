import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { BrandNotFound, DuplicateName, InvalidCountry, InvalidLanguage, WorkspaceNotFound } from "./AdminErrors.js"
import { IdRow, nameList, requiredText, sameList, website } from "./AdminValidation.js"

export const Brand = Schema.Struct({
  id: Schema.Number,
  workspaceId: Schema.Number,
  name: Schema.String,
  website: Schema.String,
  countryCode: Schema.String,
  languageCode: Schema.String,
  displayName: Schema.String,
  description: Schema.String,
  keyFeatures: Schema.Array(Schema.String),
  aliases: Schema.Array(Schema.String),
  createdAt: Schema.DateFromSelf
})
export type Brand = typeof Brand.Type

export interface CreateBrand {
  readonly workspaceId: number
  readonly name: string
  readonly website: string
  /** ISO 3166-1 alpha-2, any case. */
  readonly country: string
  /** ISO 639-1, any case. */
  readonly language: string
  readonly aliases?: ReadonlyArray<string>
  readonly displayName?: string
  readonly description?: string
  readonly keyFeatures?: ReadonlyArray<string>
}

/** What `edit` may change; absent fields stay as they are. */
export interface EditBrand {
  readonly name?: string
  readonly website?: string
  readonly country?: string
  readonly language?: string
  readonly aliases?: ReadonlyArray<string>
  readonly displayName?: string
  readonly description?: string
  readonly keyFeatures?: ReadonlyArray<string>
}

const Exists = Schema.Struct({ workspace: Schema.Boolean, country: Schema.Boolean, language: Schema.Boolean })

export class Brands extends Effect.Service<Brands>()("@sightline/sql/Brands", {
  accessors: true,
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const references = SqlSchema.single({
      Request: Schema.Struct({ workspaceId: Schema.Number, country: Schema.String, language: Schema.String }),
      Result: Exists,
      execute: ({ country, language, workspaceId }) =>
        sql`
          SELECT EXISTS (SELECT 1 FROM workspaces WHERE id = ${workspaceId}) AS workspace,
                 EXISTS (SELECT 1 FROM countries WHERE code = ${country}) AS country,
                 EXISTS (SELECT 1 FROM languages WHERE code = ${language}) AS language`
    })

    const insert = (row: {
      readonly workspace_id: number
      readonly name: string
      readonly website: string
      readonly country_code: string
      readonly language_code: string
      readonly display_name: string
      readonly description: string
      readonly key_features: ReadonlyArray<string>
      readonly aliases: ReadonlyArray<string>
    }) =>
      SqlSchema.findOne({
        Request: Schema.Void,
        Result: IdRow,
        execute: () =>
          sql`INSERT INTO brands ${sql.insert(row)} ON CONFLICT (workspace_id, name) DO NOTHING RETURNING id`
      })(undefined)

    const columns = sql`
      id, workspace_id AS "workspaceId", name, website, country_code AS "countryCode",
      language_code AS "languageCode", display_name AS "displayName", description,
      key_features AS "keyFeatures", aliases, created_at AS "createdAt"`

    const selectAll = SqlSchema.findAll({
      Request: Schema.Void,
      Result: Brand,
      execute: () => sql`SELECT ${columns} FROM brands ORDER BY id`
    })

    const selectByWorkspace = SqlSchema.findAll({
      Request: Schema.Number,
      Result: Brand,
      execute: (workspaceId) => sql`SELECT ${columns} FROM brands WHERE workspace_id = ${workspaceId} ORDER BY id`
    })

    const selectOne = SqlSchema.findOne({
      Request: Schema.Number,
      Result: Brand,
      execute: (id) => sql`SELECT ${columns} FROM brands WHERE id = ${id}`
    })

    const create = Effect.fn("Brands.create")(function*(input: CreateBrand) {
      const name = yield* requiredText("brand name", input.name)
      const site = yield* website(input.website)
      const country = input.country.trim().toUpperCase()
      const language = input.language.trim().toLowerCase()
      const found = yield* Effect.orDie(references({ workspaceId: input.workspaceId, country, language }))
      if (!found.workspace) return yield* new WorkspaceNotFound({ workspaceId: input.workspaceId })
      if (!/^[A-Z]{2}$/.test(country) || !found.country) return yield* new InvalidCountry({ code: input.country })
      if (!/^[a-z]{2}$/.test(language) || !found.language) return yield* new InvalidLanguage({ code: input.language })
      const displayName = input.displayName?.trim() || name
      const row = yield* Effect.orDie(insert({
        workspace_id: input.workspaceId,
        name,
        website: site,
        country_code: country,
        language_code: language,
        display_name: displayName,
        description: input.description?.trim() ?? "",
        key_features: nameList(input.keyFeatures ?? []),
        aliases: nameList(input.aliases ?? [])
      }))
      if (Option.isNone(row)) return yield* new DuplicateName({ entity: "brand", name })
      return row.value
    })

    /** Brands of one workspace (WorkspaceNotFound if it does not exist), or of all workspaces. */
    const list = Effect.fn("Brands.list")(function*(workspaceId?: number) {
      if (workspaceId === undefined) return yield* Effect.orDie(selectAll(undefined))
      const rows = yield* Effect.orDie(selectByWorkspace(workspaceId))
      if (rows.length === 0) {
        const exists = yield* Effect.orDie(sql`SELECT 1 FROM workspaces WHERE id = ${workspaceId}`)
        if (exists.length === 0) return yield* new WorkspaceNotFound({ workspaceId })
      }
      return rows
    })

    const get = Effect.fn("Brands.get")(function*(brandId: number) {
      const row = yield* Effect.orDie(selectOne(brandId))
      if (Option.isNone(row)) return yield* new BrandNotFound({ brandId })
      return row.value
    })

    /**
     * Changes a brand with the checks of `create`. `aliasesChanged` (name or aliases) tells the
     * caller that stored answers were analysed with other names and may be re-analysed.
     */
    const edit = Effect.fn("Brands.edit")(function*(brandId: number, input: EditBrand) {
      const current = yield* get(brandId)
      const name = input.name === undefined ? current.name : yield* requiredText("brand name", input.name)
      const site = input.website === undefined ? current.website : yield* website(input.website)
      const country = input.country === undefined ? current.countryCode : input.country.trim().toUpperCase()
      const language = input.language === undefined ? current.languageCode : input.language.trim().toLowerCase()
      const found = yield* Effect.orDie(references({ workspaceId: current.workspaceId, country, language }))
      if (!/^[A-Z]{2}$/.test(country) || !found.country) return yield* new InvalidCountry({ code: input.country ?? country })
      if (!/^[a-z]{2}$/.test(language) || !found.language) return yield* new InvalidLanguage({ code: input.language ?? language })
      const aliases = input.aliases === undefined ? current.aliases : nameList(input.aliases)
      const updated = yield* Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        const clash = yield* sql`SELECT 1 FROM brands WHERE workspace_id = ${current.workspaceId} AND name = ${name} AND id <> ${brandId}`
        if (clash.length > 0) return false
        yield* sql`
          UPDATE brands SET ${
          sql.update({
            name,
            website: site,
            country_code: country,
            language_code: language,
            display_name: input.displayName === undefined ? current.displayName : input.displayName.trim() || name,
            description: input.description === undefined ? current.description : input.description.trim(),
            key_features: input.keyFeatures === undefined ? current.keyFeatures : nameList(input.keyFeatures),
            aliases
          })
        } WHERE id = ${brandId}`
        return true
      })))
      if (!updated) return yield* new DuplicateName({ entity: "brand", name })
      const brand = yield* get(brandId)
      return { brand, aliasesChanged: name !== current.name || !sameList(aliases, current.aliases) }
    })

    return { create, list, get, edit } as const
  })
}) {}
