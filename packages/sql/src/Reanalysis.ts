import type { AiModel } from "@sightline/domain/AiModel"
import { ANALYSER_VERSION, analyseResponse } from "@sightline/domain/analysis/ResponseAnalysis"
import type { TrackedBrand } from "@sightline/domain/analysis/Mentions"
import { Progress } from "@sightline/runtime"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { ActionPlans } from "./ActionPlans.js"
import { ResponseStore } from "./ResponseStore.js"
import { Rollups } from "./Rollups.js"
import { StoredPayloads } from "./StoredPayloads.js"

/** What an engine's pure payload parser gives (packages/engines' `parseAnswer`, passed in). */
export type ParsedPayload =
  | {
    readonly _tag: "Answer"
    readonly markdown: string
    readonly text: string
    readonly citations: ReadonlyArray<string>
    readonly searchQueries: ReadonlyArray<string>
  }
  | { readonly _tag: "NoAnswer"; readonly reason: string }

export interface ReanalysisResult {
  readonly analysed: number
  /** Payloads the parser found no answer in (kept as they are). */
  readonly skipped: number
  readonly plansRefreshed: number
  /** The analyser version the analysed responses now carry (ANALYSER_VERSION). */
  readonly analyserVersion: number
}

const PAGE = 200

/**
 * Recomputes mentions, positions, sentiment, citations and queries of stored responses from their
 * stored payloads (no engine is called) with the current analyser (each row then records
 * ANALYSER_VERSION), rebuilds the rollups from the result, then refreshes the affected prompts'
 * action plans. The
 * parser is passed in so this package does not depend on the engine adapters.
 */
export const reanalyse = (options: {
  readonly brandId?: number
  readonly parse: (engine: AiModel, payload: unknown) => ParsedPayload
}) =>
  Effect.gen(function*() {
    const payloads = yield* StoredPayloads
    const store = yield* ResponseStore
    const plans = yield* ActionPlans
    const brands = new Map<number, { readonly brand: TrackedBrand; readonly competitors: ReadonlyArray<TrackedBrand>; readonly language: string }>()
    const prompts = new Set<number>()
    let analysed = 0
    let skipped = 0
    let after = 0
    const total = yield* payloads.count(options.brandId === undefined ? {} : { brandId: options.brandId })
    for (;;) {
      const page = yield* payloads.page({ after, limit: PAGE, ...(options.brandId === undefined ? {} : { brandId: options.brandId }) })
      for (const row of page) {
        after = row.responseId
        const parsed = options.parse(row.engine, row.payload)
        if (parsed._tag === "NoAnswer") {
          skipped++
          continue
        }
        let tracked = brands.get(row.brandId)
        if (tracked === undefined) {
          tracked = yield* store.trackedBrands(row.brandId)
          brands.set(row.brandId, tracked)
        }
        const analysis = yield* analyseResponse({ ...parsed, ...tracked })
        yield* store.replaceAnalysis(row.responseId, analysis)
        prompts.add(row.promptId)
        analysed++
      }
      yield* Progress.report("re-analysing responses", analysed + skipped, total)
      if (page.length < PAGE) break
    }
    // Each answer's rollup figures were replaced with it; a rebuild also clears the zero rows left behind.
    yield* Rollups.rebuild({ brandId: options.brandId })
    let plansRefreshed = 0
    for (const promptId of [...prompts].sort((a, b) => a - b)) {
      if (Option.isSome(yield* plans.refresh(promptId))) plansRefreshed++
    }
    const result: ReanalysisResult = { analysed, skipped, plansRefreshed, analyserVersion: ANALYSER_VERSION }
    return result
  }).pipe(Effect.withSpan("Reanalysis.reanalyse"))
