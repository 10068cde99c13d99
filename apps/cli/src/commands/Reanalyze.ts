import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Prompt from "@effect/cli/Prompt"
import type { ReanalysisResult } from "@sightline/sql/Reanalysis"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Output from "../Output.js"
import { DatabaseLive } from "../Services.js"
import { json } from "./Common.js"

/**
 * The analysis stack (nlp.js lexicons, engine parsers) is loaded only by the commands that
 * re-analyse, so that every other command starts fast.
 */
const loadReanalysis = Effect.promise(async () => {
  const [{ SentimentLexiconLive }, { withConfiguredJudge }, { parseAnswer }, { ActionPlans }, { reanalyse }, { ResponseStore }, { Rollups }, { StoredPayloads }] =
    await Promise.all([
      import("@sightline/domain/Sentiment"),
      import("@sightline/engines/Judges"),
      import("@sightline/engines/Parse"),
      import("@sightline/sql/ActionPlans"),
      import("@sightline/sql/Reanalysis"),
      import("@sightline/sql/ResponseStore"),
      import("@sightline/sql/Rollups"),
      import("@sightline/sql/StoredPayloads")
    ])
  const layer = Layer.mergeAll(
    StoredPayloads.Default,
    ResponseStore.Default,
    Rollups.Default,
    ActionPlans.Default,
    SentimentLexiconLive
  )
  return { layer, parseAnswer, reanalyse, withConfiguredJudge }
})

const describe = (result: ReanalysisResult) =>
  `Re-analysed ${result.analysed} response(s) from their stored payloads with analyser version ${result.analyserVersion}` +
  ` (${result.skipped} without an answer left as they are); refreshed ${result.plansRefreshed} action plan(s).`

/**
 * Re-analyses the stored responses of one brand (or all) from their payloads, with the model judge
 * when ANALYSIS_JUDGE configures one. It runs on the caller's database layer, so a command that
 * edits and then re-analyses opens one pool, not two.
 */
export const reanalyseBrands = (brandId: number | undefined) =>
  Effect.flatMap(loadReanalysis, ({ layer, parseAnswer, reanalyse, withConfiguredJudge }) =>
    withConfiguredJudge(reanalyse({ parse: parseAnswer, ...(brandId === undefined ? {} : { brandId }) })).pipe(
      Effect.provide(layer)
    ))

/** `--reanalyze` of the edit commands whose change alters how answers are read (names, aliases). */
export const reanalyzeOption = Options.boolean("reanalyze").pipe(
  Options.withDescription("After changing names or aliases, re-analyse the brand's stored answers at once (asked on a terminal).")
)

/**
 * After an edit changed the names answers are matched against: re-analyse when `--reanalyze` was
 * given, or when a person at a terminal says yes; otherwise say how to do it later. Returns what
 * was re-analysed (none when it was not).
 */
export const offerReanalysis = (options: { readonly brandId: number; readonly requested: boolean; readonly asJson: boolean }) =>
  Effect.gen(function*() {
    const interactive = !options.asJson && process.stdin.isTTY === true && process.stdout.isTTY === true
    const wanted = options.requested || (interactive && (yield* Prompt.confirm({
      message: `Names changed: re-analyse brand ${options.brandId}'s stored answers with them now?`,
      initial: true
    })))
    if (!wanted) {
      if (!options.asJson) {
        yield* Output.line(`Stored answers still reflect the old names: run 'reanalyze --brand ${options.brandId}' to apply the new ones.`)
      }
      return Option.none<ReanalysisResult>()
    }
    const result = yield* reanalyseBrands(options.brandId)
    if (!options.asJson) yield* Output.line(describe(result))
    return Option.some(result)
  })

/**
 * What `brands edit` and `competitors edit` print: the sentence (text) or the record with what was
 * re-analysed (`--json`), after offering a re-analysis when names or aliases changed.
 */
export const reportEdit = <A extends object>(options: {
  readonly record: A
  readonly sentence: string
  readonly brandId: number
  readonly namesChanged: boolean
  readonly requested: boolean
  readonly asJson: boolean
}) =>
  Effect.gen(function*() {
    if (!options.asJson) yield* Output.line(options.sentence)
    const reanalysis = options.namesChanged
      ? yield* offerReanalysis({ brandId: options.brandId, requested: options.requested, asJson: options.asJson })
      : Option.none()
    if (options.asJson) yield* Output.json({ ...options.record, reanalysis: Option.getOrNull(reanalysis) })
  })

export const command = Command.make(
  "reanalyze",
  {
    brandId: Options.integer("brand").pipe(Options.withDescription("Only this brand's responses (default: all)."), Options.optional),
    json
  },
  (input) =>
    Effect.gen(function*() {
      const result = yield* reanalyseBrands(Option.getOrUndefined(input.brandId))
      yield* input.json ? Output.json(result) : Output.line(describe(result))
    }).pipe(Effect.provide(DatabaseLive))
).pipe(
  Command.withDescription(
    "Recompute mentions, positions, sentiment, citations and search queries of stored responses from their raw payloads (no engine is called)."
  )
)
