import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { MATCH_MODES } from "@sightline/domain/analysis/MatchSettings"
import { BrandMatching, type MatchChange, type MatchTarget } from "@sightline/sql/BrandMatching"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Output from "../Output.js"
import { DatabaseLive } from "../Services.js"
import { json } from "./Common.js"
import { reanalyseBrands } from "./Reanalyze.js"

const settingOptions = {
  mode: Options.choice("mode", MATCH_MODES).pipe(
    Options.withDescription("auto (names and aliases, ordinary words need brand evidence), case-sensitive, or regex."),
    Options.optional
  ),
  pattern: Options.text("pattern").pipe(
    Options.withDescription("The regular expression of mode regex (JavaScript syntax, u flag)."),
    Options.optional
  ),
  exclude: Options.text("exclude").pipe(
    Options.withDescription("A phrase whose occurrences never count as a mention (repeatable; adds to the list)."),
    Options.repeated
  ),
  clearExclusions: Options.boolean("clear-exclusions").pipe(Options.withDescription("Remove every exclusion phrase first.")),
  json
}

/** Applies a change to one brand's or competitor's settings, then re-analyses that brand's answers. */
const apply = (target: MatchTarget, input: {
  readonly mode: Option.Option<string>
  readonly pattern: Option.Option<string>
  readonly exclude: ReadonlyArray<string>
  readonly clearExclusions: boolean
  readonly json: boolean
}) =>
  Effect.gen(function*() {
    const current = yield* BrandMatching.get(target)
    const kept = input.clearExclusions ? [] : current.settings.exclusions
    const change: MatchChange = {
      ...Option.match(input.mode, { onNone: () => ({}), onSome: (mode) => ({ mode }) }),
      ...Option.match(input.pattern, { onNone: () => ({}), onSome: (pattern) => ({ pattern }) }),
      ...(input.exclude.length > 0 || input.clearExclusions ? { exclusions: [...kept, ...input.exclude] } : {})
    }
    const stored = yield* BrandMatching.set(target, change)
    const result = yield* reanalyseBrands(stored.brandId)
    const { exclusions, mode, pattern } = stored.settings
    yield* input.json
      ? Output.json({ [target.kind === "brand" ? "brandId" : "competitorId"]: target.id, mode, pattern, exclusions, reanalysis: result })
      : Output.line(
        `Match settings of ${target.kind} ${target.id}: mode ${mode}` +
          (pattern === null ? "" : `, pattern ${pattern}`) +
          (exclusions.length === 0 ? "" : `, exclusions ${exclusions.map((e) => JSON.stringify(e)).join(", ")}`) +
          `. Re-analysed ${result.analysed} response(s) of brand ${stored.brandId}.`
      )
  }).pipe(Effect.provide(BrandMatching.Default), Effect.provide(DatabaseLive))

export const brandMatch = Command.make(
  "match",
  { brandId: Options.integer("brand").pipe(Options.withDescription("Id of the brand.")), ...settingOptions },
  (input) => apply({ kind: "brand", id: input.brandId }, input)
).pipe(Command.withDescription("Set how the brand's name is matched in answers (mode, pattern, exclusion phrases), then re-analyse its answers."))

export const competitorMatch = Command.make(
  "match",
  { competitorId: Options.integer("competitor").pipe(Options.withDescription("Id of the competitor.")), ...settingOptions },
  (input) => apply({ kind: "competitor", id: input.competitorId }, input)
).pipe(Command.withDescription("Set how the competitor's name is matched in answers (mode, pattern, exclusion phrases), then re-analyse its brand's answers."))
