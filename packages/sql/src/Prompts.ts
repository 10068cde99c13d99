import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { AiModel } from "@sightline/domain/AiModel"
import { Progress } from "@sightline/runtime"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { BrandNotFound, DuplicateName, GroupNotFound, InvalidCsvLine, PromptNotChangeable, PromptNotFound } from "./AdminErrors.js"
import { exists, IdRow, intervalSeconds, models, requiredText, splitList } from "./AdminValidation.js"
import * as Csv from "./Csv.js"
import { Rollups } from "./Rollups.js"

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
  createdAt: Schema.DateFromSelf,
  /** Set by a soft delete: the prompt no longer runs, its history stays queryable. */
  deletedAt: Schema.NullOr(Schema.DateFromSelf)
})
export type Prompt = typeof Prompt.Type

/** What `edit` may change; absent fields stay as they are. `groupId: null` takes it out of its group. */
export interface EditPrompt {
  readonly text?: string
  readonly models?: ReadonlyArray<string>
  readonly every?: string
  readonly groupId?: number | null
}

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
  dependencies: [Rollups.Default],
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rollups = yield* Rollups

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

    const columns = sql`
      p.id, p.brand_id AS "brandId", p.group_id AS "groupId", g.name AS "groupName", p.text,
      p.engines AS models, p.interval_seconds AS "intervalSeconds", p.next_run_at AS "nextRunAt",
      p.active, p.created_at AS "createdAt", p.deleted_at AS "deletedAt"`

    const selectByBrand = SqlSchema.findAll({
      Request: Schema.Struct({ brandId: Schema.Number, withDeleted: Schema.Boolean }),
      Result: Prompt,
      execute: ({ brandId, withDeleted }) =>
        sql`
          SELECT ${columns} FROM prompts p LEFT JOIN prompt_groups g ON g.id = p.group_id
          WHERE p.brand_id = ${brandId} AND (${withDeleted} OR p.deleted_at IS NULL) ORDER BY p.id`
    })

    const selectOne = SqlSchema.findOne({
      Request: Schema.Number,
      Result: Prompt,
      execute: (id) => sql`SELECT ${columns} FROM prompts p LEFT JOIN prompt_groups g ON g.id = p.group_id WHERE p.id = ${id}`
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
      yield* Progress.report("importing prompts", 0, rows.length)
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
      yield* Progress.report("importing prompts", rows.length, rows.length)
      return result
    })

    /** The prompts of a brand; soft-deleted ones only with `withDeleted`. */
    const list = Effect.fn("Prompts.list")(function*(brandId: number, options: { readonly withDeleted?: boolean } = {}) {
      const rows = yield* Effect.orDie(selectByBrand({ brandId, withDeleted: options.withDeleted ?? false }))
      if (rows.length === 0 && !(yield* exists(sql, "brands", brandId))) return yield* new BrandNotFound({ brandId })
      return rows
    })

    const get = Effect.fn("Prompts.get")(function*(promptId: number) {
      const row = yield* Effect.orDie(selectOne(promptId))
      if (Option.isNone(row)) return yield* new PromptNotFound({ promptId })
      return row.value
    })

    /** The prompt, failing when it is deleted (and, with `notPaused`, when it is paused). */
    const changeable = (promptId: number, options: { readonly notPaused?: boolean } = {}) =>
      Effect.gen(function*() {
        const prompt = yield* get(promptId)
        if (prompt.deletedAt !== null) return yield* new PromptNotChangeable({ promptId, state: "deleted" })
        if (options.notPaused === true && !prompt.active) return yield* new PromptNotChangeable({ promptId, state: "paused" })
        return prompt
      })

    // Runs already queued for a prompt that stops running are skipped rather than collected.
    const skipQueuedRuns = (promptId: number, code: string, message: string) =>
      sql`
        UPDATE prompt_runs
        SET status = 'skipped', error_code = ${code}, error_message = ${message}, finished_at = now(), lease_until = NULL
        WHERE prompt_id = ${promptId} AND status = 'pending'`

    /**
     * Pauses (`active: false`) or resumes a prompt; doing it twice changes nothing. A resumed
     * prompt whose slot passed while it was paused is due at once.
     */
    const setActive = Effect.fn("Prompts.setActive")(function*(promptId: number, active: boolean) {
      yield* changeable(promptId)
      yield* Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        yield* sql`UPDATE prompts SET active = ${active} WHERE id = ${promptId}`
        if (!active) yield* skipQueuedRuns(promptId, "prompt_paused", "the prompt was paused before the run started")
      })))
      return yield* get(promptId)
    })

    /** Changes text, models, interval and/or group, with the checks of `add`. */
    const edit = Effect.fn("Prompts.edit")(function*(promptId: number, input: EditPrompt) {
      const current = yield* changeable(promptId)
      const text = input.text === undefined ? current.text : yield* requiredText("prompt text", input.text)
      const chosen = input.models === undefined ? current.models : yield* models(input.models)
      const seconds = input.every === undefined ? current.intervalSeconds : yield* intervalSeconds(input.every)
      const groupId = input.groupId === undefined ? current.groupId : input.groupId
      if (groupId !== null && groupId !== current.groupId) {
        const group = yield* Effect.orDie(sql`SELECT 1 FROM prompt_groups WHERE id = ${groupId} AND brand_id = ${current.brandId}`)
        if (group.length === 0) return yield* new GroupNotFound({ groupId, brandId: current.brandId })
      }
      const updated = yield* Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        const clash = yield* sql`SELECT 1 FROM prompts WHERE brand_id = ${current.brandId} AND text = ${text} AND id <> ${promptId}`
        if (clash.length > 0) return false
        yield* sql`
          UPDATE prompts SET text = ${text}, engines = ${chosen}, interval_seconds = ${seconds}, group_id = ${groupId}
          WHERE id = ${promptId}`
        // The brand and competitor rollups are kept per group: the prompt's answers move with it.
        if (groupId !== current.groupId) yield* rollups.rebuildFigures({ brandId: current.brandId })
        return true
      })))
      if (!updated) return yield* new DuplicateName({ entity: "prompt", name: text })
      return yield* get(promptId)
    })

    /**
     * Soft delete: the prompt stops running and leaves the admin listing; its responses, metrics
     * and action plan stay queryable. Deleting it again keeps the first deletion time.
     */
    const remove = Effect.fn("Prompts.remove")(function*(promptId: number) {
      yield* get(promptId)
      yield* Effect.orDie(sql.withTransaction(Effect.gen(function*() {
        yield* sql`UPDATE prompts SET active = false, deleted_at = COALESCE(deleted_at, now()) WHERE id = ${promptId}`
        yield* skipQueuedRuns(promptId, "prompt_deleted", "the prompt was deleted before the run started")
      })))
      return yield* get(promptId)
    })

    /** Makes an active prompt due now: the worker runs it on its next poll, then on its interval. */
    const runNow = Effect.fn("Prompts.runNow")(function*(promptId: number) {
      yield* changeable(promptId, { notPaused: true })
      yield* Effect.orDie(sql`UPDATE prompts SET next_run_at = now() WHERE id = ${promptId}`)
      return yield* get(promptId)
    })

    return { add, importCsv, list, get, setActive, edit, remove, runNow } as const
  })
}) {}
