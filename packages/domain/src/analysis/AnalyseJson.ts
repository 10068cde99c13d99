import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { AiModel } from "../AiModel.js"
import { sentimentLabel } from "../Metrics.js"
import type { TrackedBrand } from "./Mentions.js"
import { analyseAnswer, type AnswerAnalysis, type BrandFinding } from "./ResponseAnalysis.js"

/**
 * The line protocol of `sightline analyse --json`: one request object per input line, one result
 * object per output line, in the same order.
 */

const BrandRequest = Schema.Struct({
  name: Schema.String.pipe(Schema.filter((name) => name.trim().length > 0, { message: () => "a brand name must not be empty" })),
  aliases: Schema.optionalWith(Schema.Array(Schema.String), { default: () => [] }),
  website: Schema.optional(Schema.String)
})

export const AnalyseRequest = Schema.Struct({
  text: Schema.optionalWith(Schema.String, { default: () => "" }),
  markdown: Schema.optionalWith(Schema.String, { default: () => "" }),
  engine: Schema.optional(AiModel),
  /** The brand's language: used when the answer's language cannot be detected. Default "en". */
  language: Schema.optionalWith(Schema.String, { default: () => "en" }),
  brand: BrandRequest,
  competitors: Schema.optionalWith(Schema.Array(BrandRequest), { default: () => [] }),
  citations: Schema.optionalWith(Schema.Array(Schema.String), { default: () => [] })
})
export type AnalyseRequest = typeof AnalyseRequest.Type

export class InvalidAnalyseRequest extends Schema.TaggedError<InvalidAnalyseRequest>()("InvalidAnalyseRequest", {
  line: Schema.Number,
  message: Schema.String
}) {}

const decodeRequest = Schema.decodeUnknownEither(AnalyseRequest)

/** One message per field; a field failing several alternatives (a union) says so once. */
const describeIssues = (issues: ReadonlyArray<ParseResult.ArrayFormatterIssue>): string => {
  const byPath = new Map<string, Array<string>>()
  for (const issue of issues) {
    const path = issue.path.map(String).join(".")
    byPath.set(path, [...(byPath.get(path) ?? []), issue.message])
  }
  return [...byPath].map(([path, messages]) => {
    const message = messages.length > 1 ? "is not one of the accepted values" : messages[0] ?? "is invalid"
    return path.length > 0 ? `${path}: ${message}` : message
  }).join("; ")
}

const parseLine = (line: string, lineNumber: number): Either.Either<AnalyseRequest, InvalidAnalyseRequest> => {
  let json: unknown
  try {
    json = JSON.parse(line)
  } catch {
    return Either.left(new InvalidAnalyseRequest({ line: lineNumber, message: `line ${lineNumber} is not JSON` }))
  }
  return Either.mapLeft(decodeRequest(json), (error) =>
    new InvalidAnalyseRequest({
      line: lineNumber,
      message: `line ${lineNumber}: ${
        describeIssues(ParseResult.ArrayFormatter.formatErrorSync(error))
      }`
    }))
}

const evidenceJson = (finding: BrandFinding) =>
  finding.evidence.map((clause) => ({
    clause: clause.clause,
    compound: clause.compound,
    words: clause.words.map((word) => ({ word: word.word, valence: word.valence }))
  }))

const findingJson = (finding: BrandFinding) => ({
  mentioned: finding.mentioned,
  position: finding.position,
  sentiment: finding.sentiment,
  sentiment_label: finding.sentiment === null ? null : sentimentLabel(finding.sentiment),
  evidence: evidenceJson(finding)
})

/** The result object of one answer (snake_case, as the API writes). */
export const analysisJson = (analysis: AnswerAnalysis) => ({
  brand: findingJson(analysis.brand),
  competitors: analysis.competitors.map((finding) => ({ name: finding.brand.name, ...findingJson(finding) })),
  citations: analysis.citations.map((citation) => ({ url: citation.url, domain: citation.domain })),
  language: analysis.language,
  analyser_version: analysis.analyserVersion,
  judge: analysis.judge
})

const tracked = (request: AnalyseRequest): { brand: TrackedBrand; competitors: ReadonlyArray<TrackedBrand> } => ({
  brand: { kind: "brand", id: 0, name: request.brand.name, aliases: request.brand.aliases, website: request.brand.website ?? null },
  competitors: request.competitors.map((competitor, index): TrackedBrand => ({
    kind: "competitor",
    id: index + 1,
    name: competitor.name,
    aliases: competitor.aliases,
    website: competitor.website ?? null
  }))
})

/** Analyses one input line (1-based `lineNumber` for error messages) into its output object. */
export const analyseJsonLine = Effect.fn("analyseJsonLine")(function*(line: string, lineNumber: number) {
  const request = yield* parseLine(line, lineNumber)
  const analysis = yield* analyseAnswer({
    text: request.text,
    markdown: request.markdown,
    language: request.language,
    ...tracked(request),
    citations: request.citations,
    searchQueries: []
  })
  return analysisJson(analysis)
})
