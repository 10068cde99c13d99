import { AI_MODELS, isAiModel } from "@sightline/domain/AiModel"
import type { AiModel } from "@sightline/domain/AiModel"
import type * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  BrandNotFound,
  BrandNotInWorkspace,
  InvalidDuration,
  InvalidModel,
  InvalidUrl,
  InvalidValue,
  WorkspaceNotFound
} from "./AdminErrors.js"

/** Shared input checks of the admin repositories: each fails with the error naming the problem. */

export const requiredText = (field: string, value: string): Effect.Effect<string, InvalidValue> => {
  const trimmed = value.trim()
  return trimmed === "" ? Effect.fail(new InvalidValue({ field, reason: "must not be empty." })) : Effect.succeed(trimmed)
}

/** An absolute http(s) URL with a host, returned as given (trimmed). */
export const website = (raw: string): Effect.Effect<string, InvalidUrl> => {
  const trimmed = raw.trim()
  if (!URL.canParse(trimmed)) return Effect.fail(new InvalidUrl({ url: raw }))
  const url = new URL(trimmed)
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== ""
    ? Effect.succeed(trimmed)
    : Effect.fail(new InvalidUrl({ url: raw }))
}

/** Trimmed, non-empty, first-seen order without case-insensitive duplicates (aliases, features). */
export const nameList = (values: ReadonlyArray<string>): ReadonlyArray<string> => {
  const seen = new Set<string>()
  const out: Array<string> = []
  for (const value of values) {
    const trimmed = value.trim()
    const key = trimmed.toLowerCase()
    if (trimmed !== "" && !seen.has(key)) {
      seen.add(key)
      out.push(trimmed)
    }
  }
  return out
}

/** Whether two lists hold the same names in the same order (did an edit change the aliases?). */
export const sameList = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i])

/** Splits a list given on the command line or in a CSV cell (`a,b`, `a|b`, `a;b`). */
export const splitList = (raw: string, separators: RegExp = /[,|;]/): ReadonlyArray<string> =>
  raw.split(separators).map((s) => s.trim()).filter((s) => s !== "")

/** AI model names, deduplicated in first-seen order; none given means all seven. */
export const models = (
  names: ReadonlyArray<string> | undefined
): Effect.Effect<ReadonlyArray<AiModel>, InvalidModel> =>
  Effect.gen(function*() {
    if (names === undefined) return AI_MODELS
    const out: Array<AiModel> = []
    for (const raw of names) {
      const name = raw.trim().toLowerCase()
      if (!isAiModel(name)) return yield* new InvalidModel({ model: raw.trim() })
      if (!out.includes(name)) out.push(name)
    }
    if (out.length === 0) return yield* new InvalidModel({ model: "" })
    return out
  })

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 } as const
const isUnit = (unit: string): unit is keyof typeof UNIT_SECONDS => Object.hasOwn(UNIT_SECONDS, unit)
const MIN_INTERVAL_SECONDS = 60
const MAX_INTERVAL_SECONDS = 365 * 86_400

/** A run interval like `30m`, `6h`, `24h`, `7d` (also `90s`, `2w`), between 1 minute and 365 days. */
export const intervalSeconds = (raw: string): Effect.Effect<number, InvalidDuration> => {
  const match = /^\s*(\d{1,7})\s*([smhdw])\s*$/i.exec(raw)
  if (match === null) return Effect.fail(new InvalidDuration({ value: raw }))
  const [, amount = "", unit = ""] = match
  const key = unit.toLowerCase()
  const seconds = isUnit(key) ? Number(amount) * UNIT_SECONDS[key] : 0
  return seconds >= MIN_INTERVAL_SECONDS && seconds <= MAX_INTERVAL_SECONDS
    ? Effect.succeed(seconds)
    : Effect.fail(new InvalidDuration({ value: raw }))
}

/** Formats an interval back into the shortest unit that divides it (86400 -> "24h", 604800 -> "7d"). */
export const formatInterval = (seconds: number): string => {
  if (seconds % 86_400 === 0 && seconds >= 7 * 86_400) return `${seconds / 86_400}d`
  if (seconds % 3600 === 0) return `${seconds / 3600}h`
  if (seconds % 60 === 0) return `${seconds / 60}m`
  return `${seconds}s`
}

/** A positive whole number (rate limits). */
export const positiveInteger = (field: string, value: number): Effect.Effect<number, InvalidValue> =>
  Number.isSafeInteger(value) && value > 0
    ? Effect.succeed(value)
    : Effect.fail(new InvalidValue({ field, reason: `expected a positive whole number, got ${value}.` }))

/** The `RETURNING id` row of an insert. */
export const IdRow = Schema.Struct({ id: Schema.Number })

/** Whether a row with this id exists (the admin repositories name the missing parent in their errors). */
export const exists = (sql: SqlClient.SqlClient, table: "brands" | "workspaces", id: number): Effect.Effect<boolean> =>
  Effect.orDie(sql`SELECT 1 FROM ${sql(table)} WHERE id = ${id}`).pipe(Effect.map((rows) => rows.length > 0))

const BrandOwner = Schema.Struct({ workspaceId: Schema.Number })

/**
 * The scope of something a workspace owns, optionally narrowed to one of its brands (an API key, a
 * webhook): fails unless the workspace exists and, when given, the brand exists and belongs to it.
 */
export const workspaceScope = (
  sql: SqlClient.SqlClient,
  workspaceId: number,
  brandId: number | undefined
): Effect.Effect<void, WorkspaceNotFound | BrandNotFound | BrandNotInWorkspace> =>
  Effect.gen(function*() {
    if (!(yield* exists(sql, "workspaces", workspaceId))) return yield* new WorkspaceNotFound({ workspaceId })
    if (brandId === undefined) return
    const [owner] = yield* sql`SELECT workspace_id AS "workspaceId" FROM brands WHERE id = ${brandId}`.pipe(
      Effect.flatMap(Schema.decodeUnknown(Schema.Array(BrandOwner))),
      Effect.orDie
    )
    if (owner === undefined) return yield* new BrandNotFound({ brandId })
    if (owner.workspaceId !== workspaceId) return yield* new BrandNotInWorkspace({ brandId, workspaceId })
  })
