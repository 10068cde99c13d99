import * as Schema from "effect/Schema"
import { AiModel } from "../AiModel.js"
import { DecimalString } from "../DecimalString.js"
import { BrandSentiment, Int, PromptListItem, Timestamp } from "./Resources.js"

/**
 * The rows of the streaming exports (docs/api.md, Exports): one NDJSON line or CSV record each.
 * The CSV header is the field names in this order; nested values are JSON text in their cell.
 */

export const CompetitorMention = Schema.Struct({
  competitor_id: Int,
  name: Schema.String,
  position: Int,
  sentiment: DecimalString
}).annotations({ identifier: "ExportCompetitorMention" })

/** One collected answer with everything the analysis found in it. */
export const ResponseExport = Schema.Struct({
  id: Int,
  prompt_id: Int,
  prompt: Schema.String,
  ai_model: AiModel,
  collected_at: Timestamp,
  brand_mentioned: Schema.Boolean,
  brand_position: Schema.NullOr(Int),
  brand_sentiment: BrandSentiment,
  /** The 0-100 score behind the label; null when the brand is not mentioned. */
  brand_sentiment_score: Schema.NullOr(DecimalString),
  competitor_mentions: Schema.Array(CompetitorMention),
  citations: Schema.Array(Schema.String),
  search_queries: Schema.Array(Schema.String),
  response_text: Schema.String,
  analyser_version: Int
}).annotations({ identifier: "ResponseExport" })
export type ResponseExport = typeof ResponseExport.Type

/** One URL cited by one answer. */
export const CitationExport = Schema.Struct({
  response_id: Int,
  prompt_id: Int,
  ai_model: AiModel,
  collected_at: Timestamp,
  ordinal: Int,
  domain: Schema.String,
  url: Schema.String
}).annotations({ identifier: "CitationExport" })
export type CitationExport = typeof CitationExport.Type

/** One monitored prompt with its metrics over the range: the monitored-prompts list item. */
export const PromptExport = PromptListItem

export const EXPORT_KINDS = ["responses", "citations", "prompts"] as const
export type ExportKind = typeof EXPORT_KINDS[number]

/** The row schema of each export. */
export const exportRow = {
  responses: ResponseExport,
  citations: CitationExport,
  prompts: PromptExport
} as const

/** The CSV header of an export: the row's field names, in order. */
export const csvColumns = (kind: ExportKind): ReadonlyArray<string> => Object.keys(exportRow[kind].fields)

/** A value as its CSV cell: empty for null, JSON for lists and objects, text otherwise. */
export const csvCell = (value: unknown): string =>
  value === null || value === undefined
    ? ""
    : typeof value === "object"
    ? JSON.stringify(value)
    : String(value)
