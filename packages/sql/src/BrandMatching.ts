import * as SqlClient from "@effect/sql/SqlClient"
import * as SqlSchema from "@effect/sql/SqlSchema"
import { checkMatchSettings, MATCH_MODES, type MatchSettings } from "@sightline/domain/analysis/MatchSettings"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { BrandNotFound, CompetitorNotFound, InvalidValue } from "./AdminErrors.js"

/** Whose match settings: the own brand (brands.id) or a competitor (competitors.id). */
export type MatchTarget = { readonly kind: "brand"; readonly id: number } | { readonly kind: "competitor"; readonly id: number }

/** A change of match settings; absent fields keep their current value. */
export interface MatchChange {
  readonly mode?: string
  /** null clears the pattern. */
  readonly pattern?: string | null
  readonly exclusions?: ReadonlyArray<string>
}

const SettingsRow = Schema.Struct({
  brandId: Schema.Number,
  mode: Schema.Literal(...MATCH_MODES),
  pattern: Schema.NullOr(Schema.String),
  exclusions: Schema.Array(Schema.String)
})

/** The match settings of a brand or competitor and the brand whose answers they affect. */
export interface StoredMatchSettings {
  readonly brandId: number
  readonly settings: MatchSettings
}

/**
 * Per-brand and per-competitor match settings (migration 0008). Changing them does not re-analyse:
 * the caller does (`brands match` / `competitors match` run `reanalyse` for the brand).
 */
export class BrandMatching extends Effect.Service<BrandMatching>()("@sightline/sql/BrandMatching", {
  accessors: true,
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    const select = SqlSchema.findOne({
      Request: Schema.Struct({ kind: Schema.Literal("brand", "competitor"), id: Schema.Number }),
      Result: SettingsRow,
      execute: ({ id, kind }) =>
        kind === "brand"
          ? sql`
            SELECT id AS "brandId", match_mode AS mode, match_pattern AS pattern, match_exclusions AS exclusions
            FROM brands WHERE id = ${id}`
          : sql`
            SELECT brand_id AS "brandId", match_mode AS mode, match_pattern AS pattern, match_exclusions AS exclusions
            FROM competitors WHERE id = ${id}`
    })

    const notFound = (target: MatchTarget) =>
      target.kind === "brand" ? new BrandNotFound({ brandId: target.id }) : new CompetitorNotFound({ competitorId: target.id })

    const get = Effect.fn("BrandMatching.get")(function*(target: MatchTarget) {
      const found = yield* Effect.orDie(select(target))
      if (Option.isNone(found)) return yield* notFound(target)
      const row = found.value
      const stored: StoredMatchSettings = {
        brandId: row.brandId,
        settings: { mode: row.mode, pattern: row.pattern, exclusions: row.exclusions }
      }
      return stored
    })

    /** Applies a change (validated as a whole) and returns the settings now stored. */
    const set = Effect.fn("BrandMatching.set")(function*(target: MatchTarget, change: MatchChange) {
      const current = yield* get(target)
      const mode = change.mode ?? current.settings.mode
      const checked = checkMatchSettings({
        mode,
        // Leaving regex mode drops the old pattern unless a new one is given.
        pattern: change.pattern !== undefined ? change.pattern : mode === "regex" ? current.settings.pattern : null,
        exclusions: change.exclusions ?? current.settings.exclusions
      })
      if (Either.isLeft(checked)) return yield* new InvalidValue({ field: "match settings", reason: checked.left })
      const settings = checked.right
      const table = target.kind === "brand" ? "brands" : "competitors"
      yield* Effect.orDie(sql`
        UPDATE ${sql(table)}
        SET match_mode = ${settings.mode}, match_pattern = ${settings.pattern},
            match_exclusions = ${settings.exclusions}::text[]
        WHERE id = ${target.id}`)
      const stored: StoredMatchSettings = { brandId: current.brandId, settings }
      return stored
    })

    return { get, set } as const
  })
}) {}
