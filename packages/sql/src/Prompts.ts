import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { AiModel } from "@sightline/domain/AiModel"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { BrandNotFound, DuplicateName, GroupNotFound, InvalidCsvLine } from "./AdminErrors.js"
import { exists, IdRow, intervalSeconds, models, requiredText, splitList } from "./AdminValidation.js"
import * as Csv from "./Csv.js"

export const Prompt = Schema.Struct({
  id: Schema.Number,
  brandId: Schema.Number,
  groupId: Schema.NullOr(Schema.Number),
  groupName: Schema.NullOr(Schema.String),
  text: Schema.String,
  models: Schema.Array(AiModel),
  intervalSeconds: Schema.Number,
  nextRunAt: Schema.DateFromSelf,
  active: Schema.Boolean,
  createdAt: Schema.DateFromSelf
})
export type Prompt = typeof Prompt.Type

export interface AddPrompt {
  readonly brandId: number
  readonly text: string
  readonly groupId?: number
  /** AI model names; absent means all seven. */
  readonly models?: ReadonlyArray<string>
  /** A duration like 30m, 6h, 24h, 7d; absent means 24h. */
  readonly every?: string
}

export interface ImportResult {
  /** Prompts created by this import. */
  readonly imported: number
  /** Lines whose prompt already existed for the brand (or repeated an earlier line). */
  readonly skipped: number
  readonly groupsCreated: number
}

const DEFAULT_EVERY = "24h"
const COLUMNS = ["prompt", "group", "models", "every"] as const
type Column = typeof COLUMNS[number]
const isColumn = (name: string): name is Column => COLUMNS.some((c) => c === name)

interface PromptRow {
  readonly line: number
  readonly text: string
  readonly group: string | undefined
  readonly models: ReadonlyArray<string>
  readonly intervalSeconds: number
}

/** Every line of the file checked before anything is written; the first bad line fails the import. */
const readCsv = (content: string): Effect.Effect<ReadonlyArray<PromptRow>, InvalidCsvLine> =>
  Effect.gen(function*() {
    const parsed = Csv.parse(content)
    if (Either.isLeft(parsed)) return yield* new InvalidCsvLine(parsed.left)
    const [header, ...records] = parsed.right
    if (header === undefined) return yield* new InvalidCsvLine({ line: 1, reason: "the file is empty (expected the header prompt,group,models,every)." })
    const names = header.fields.map((f) => f.trim().toLowerCase())
    const index = new Map<Column, number>()
    for (const [position, name] of names.entries()) {
      if (!isColumn(name)) {
        return yield* new InvalidCsvLine({ line: header.line, reason: `unknown column ${JSON.stringify(name)} (expected prompt, group, models, every).` })
      }
      if (index.has(name)) return yield* new InvalidCsvLine({ line: header.line, reason: `column ${JSON.stringify(name)} appears twice.` })
      index.set(name, position)
    }
    const promptColumn = index.get("prompt")
    if (promptColumn === undefined) return yield* new InvalidCsvLine({ line: header.line, reason: "the header has no \"prompt\" column." })
    const cell = (fields: ReadonlyArray<string>, column: Column): string | undefined => {
      const position = index.get(column)
      const value = position === undefined ? undefined : fields[position]?.trim()
      return value === "" ? undefined : value
    }

    const rows: Array<PromptRow> = []
    for (const record of records) {
      const fail = (reason: string) => new InvalidCsvLine({ line: record.line, reason })
      if (record.fields.length !== names.length) {
        return yield* fail(`expected ${names.length} fields, found ${record.fields.length}.`)
      }
      const text = cell(record.fields, "prompt")
      if (text === undefined) return yield* fail("the prompt is empty.")
      const modelList = cell(record.fields, "models")
      const chosen = yield* models(modelList === undefined ? undefined : splitList(modelList)).pipe(
        Effect.mapError((e) => fail(e.message))
      )
      const seconds = yield* intervalSeconds(cell(record.fields, "every") ?? DEFAULT_EVERY).pipe(
        Effect.mapError((e) => fail(e.message))
      )
      rows.push({ line: record.line, text, group: cell(record.fields, "group"), models: chosen, intervalSeconds: seconds })
    }
    return rows
  })

export class Prompts extends Effect.Service<Prompts>()("@sightline/sql/Prompts", {
  accessors: true,
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const insert = SqlSchema.findOne({
      Request: Schema.Struct({
        brand_id: Schema.Number,
        group_id: Schema.NullOr(Schema.Number),
        text: Schema.String,
        engines: Schema.Array(Schema.String),
        interval_seconds: Schema.Number
      }),
      Result: IdRow,
      execute: (row) =>
        sql`
          INSERT INTO prompts ${sql.insert(row)}
          ON CONFLICT (brand_id, text) DO NOTHING RETURNING id`
    })

    const selectByBrand = SqlSchema.findAll({
      Request: Schema.Number,
      Result: Prompt,
      execute: (brandId) =>
        sql`
          SELECT p.id, p.brand_id AS "brandId", p.group_id AS "groupId", g.name AS "groupName", p.text,
                 p.engines AS models, p.interval_seconds AS "intervalSeconds", p.next_run_at AS "nextRunAt",
                 p.active, p.created_at AS "createdAt"
          FROM prompts p LEFT JOIN prompt_groups g ON g.id = p.group_id
          WHERE p.brand_id = ${brandId} ORDER BY p.id`
    })

    // next_run_at defaults to now(): a new prompt is due at once.
    const add = Effect.fn("Prompts.add")(function*(input: AddPrompt) {
      const text = yield* requiredText("prompt text", input.text)
      const chosen = yield* models(input.models)
      const seconds = yield* intervalSeconds(input.every ?? DEFAULT_EVERY)
      if (!(yield* exists(sql, "brands", input.brandId))) return yield* new BrandNotFound({ brandId: input.brandId })
      if (input.groupId !== undefined) {
        const group = yield* Effect.orDie(
          sql`SELECT 1 FROM prompt_groups WHERE id = ${input.groupId} AND brand_id = ${input.brandId}`
        )
        if (group.length === 0) return yield* new GroupNotFound({ groupId: input.groupId, brandId: input.brandId })
      }
      const row = yield* Effect.orDie(insert({
        brand_id: input.brandId,
        group_id: input.groupId ?? null,
        text,
        engines: chosen,
        interval_seconds: seconds
      }))
      if (Option.isNone(row)) return yield* new DuplicateName({ entity: "prompt", name: text })
      return row.value
    })

    /**
     * Imports `prompt,group,models,every` CSV content. Every line is validated first; then groups
     * and prompts are written in one transaction. Prompts already present are skipped, so
     * importing the same file again adds nothing.
     */
    const importCsv = Effect.fn("Prompts.importCsv")(function*(brandId: number, content: string) {
      const rows = yield* readCsv(content)
      if (!(yield* exists(sql, "brands", brandId))) return yield* new BrandNotFound({ brandId })
      const write = Effect.gen(function*() {
        const groupNames = [...new Set(rows.flatMap((r) => r.group === undefined ? [] : [r.group]))]
        let groupsCreated = 0
        const groupIds = new Map<string, number>()
        if (groupNames.length > 0) {
          const created = yield* sql`
            INSERT INTO prompt_groups ${sql.insert(groupNames.map((name) => ({ brand_id: brandId, name })))}
            ON CONFLICT (brand_id, name) DO NOTHING RETURNING id`
          groupsCreated = created.length
          const existing = yield* SqlSchema.findAll({
            Request: Schema.Array(Schema.String),
            Result: Schema.Struct({ id: Schema.Number, name: Schema.String }),
            execute: (names) =>
              sql`SELECT id, name FROM prompt_groups WHERE brand_id = ${brandId} AND name = ANY(${names}::text[])`
          })(groupNames)
          for (const group of existing) groupIds.set(group.name, group.id)
        }
        const seen = new Set<string>()
        const unique = rows.filter((r) => !seen.has(r.text) && seen.add(r.text))
        if (unique.length === 0) return { imported: 0, skipped: rows.length, groupsCreated }
        const inserted = yield* sql`
          INSERT INTO prompts ${
          sql.insert(unique.map((r) => ({
            brand_id: brandId,
            group_id: r.group === undefined ? null : groupIds.get(r.group) ?? null,
            text: r.text,
            engines: r.models,
            interval_seconds: r.intervalSeconds
          })))
        }
          ON CONFLICT (brand_id, text) DO NOTHING RETURNING id`
        return { imported: inserted.length, skipped: rows.length - inserted.length, groupsCreated }
      })
      const result: ImportResult = yield* Effect.orDie(sql.withTransaction(write))
      return result
    })

    const list = Effect.fn("Prompts.list")(function*(brandId: number) {
      const rows = yield* Effect.orDie(selectByBrand(brandId))
      if (rows.length === 0 && !(yield* exists(sql, "brands", brandId))) return yield* new BrandNotFound({ brandId })
      return rows
    })

    return { add, importCsv, list } as const
  })
}) {}
