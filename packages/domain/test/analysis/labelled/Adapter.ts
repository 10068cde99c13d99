import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { normaliseCitations } from "../../../src/analysis/Citations.js"
import type { TrackedBrand } from "../../../src/analysis/Mentions.js"
import { analyseResponse } from "../../../src/analysis/ResponseAnalysis.js"
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

/** Runs the production analysis (`analyseResponse`) on a labelled answer, keyed by brand name. */
export const analyseLabelled = (answer: LabelledAnswer) =>
  Effect.gen(function*() {
    const [brand, ...competitors] = trackedBrands(answer)
    if (brand === undefined) return new Map<string, Predicted>()
    const analysis = yield* analyseResponse({
      text: "",
      markdown: answer.markdown,
      language: answer.brandLanguage,
      brand,
      competitors,
      citations: [],
      searchQueries: []
    })
    const out = new Map<string, Predicted>([[brand.name, analysis.brand]])
    for (const competitor of competitors) {
      const found = analysis.competitors.find((c) => c.competitorId === competitor.id)
      out.set(
        competitor.name,
        found === undefined
          ? { mentioned: false, position: null, sentiment: null }
          : { mentioned: true, position: found.position, sentiment: found.sentiment }
      )
    }
    return out
  })

export const normaliseOne = (url: string) => Option.getOrUndefined(Option.fromNullable(normaliseCitations([url])[0]))
