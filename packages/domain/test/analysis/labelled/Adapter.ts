import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { normaliseCitations } from "../../../src/analysis/Citations.js"
import type { TrackedBrand } from "../../../src/analysis/Mentions.js"
import { analyseLocally, type ResponseAnalysisInput, toResponseAnalysis } from "../../../src/analysis/ResponseAnalysis.js"
import type { Predicted } from "./Evaluation.js"
import type { LabelledAnswer } from "./LabelledSet.js"

export const trackedBrands = (answer: LabelledAnswer): ReadonlyArray<TrackedBrand> => [
  { kind: "brand", id: 1, name: answer.brand.name, aliases: answer.brand.aliases ?? [] },
  ...answer.competitors.map((competitor, index): TrackedBrand => ({
    kind: "competitor",
    id: index + 2,
    name: competitor.name,
    aliases: competitor.aliases ?? []
  }))
]

/** What the analyser is given for a labelled answer, or none without brands. */
export const labelledInput = (answer: LabelledAnswer): Option.Option<ResponseAnalysisInput> => {
  const [brand, ...competitors] = trackedBrands(answer)
  return brand === undefined ? Option.none() : Option.some({
    text: "",
    markdown: answer.markdown,
    language: answer.brandLanguage,
    brand,
    competitors,
    citations: [],
    searchQueries: []
  })
}

/** The production analysis of a labelled answer (the local analyser, with its evidence), or none without brands. */
export const explainLabelled = (answer: LabelledAnswer) =>
  Effect.transposeOption(Option.map(labelledInput(answer), analyseLocally))

/** Runs the production analysis on a labelled answer, as stored (`toResponseAnalysis`), keyed by brand name. */
export const analyseLabelled = (answer: LabelledAnswer) =>
  Effect.gen(function*() {
    const found = yield* explainLabelled(answer)
    if (Option.isNone(found)) return new Map<string, Predicted>()
    const analysis = toResponseAnalysis(found.value)
    const [brand, ...competitors] = trackedBrands(answer)
    const out = new Map<string, Predicted>([[brand?.name ?? "", analysis.brand]])
    for (const competitor of competitors) {
      const mentioned = analysis.competitors.find((c) => c.competitorId === competitor.id)
      out.set(
        competitor.name,
        mentioned === undefined
          ? { mentioned: false, position: null, sentiment: null }
          : { mentioned: true, position: mentioned.position, sentiment: mentioned.sentiment }
      )
    }
    return out
  })

export const normaliseOne = (url: string) => Option.getOrUndefined(Option.fromNullable(normaliseCitations([url])[0]))
