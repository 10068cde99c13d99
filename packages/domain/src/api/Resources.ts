import * as Schema from "effect/Schema"
import { AiModel } from "../AiModel.js"
import { DecimalString, PercentString } from "../DecimalString.js"
import { SourceType } from "../SourceType.js"

/** An ISO 8601 date-time in UTC ending in `Z` (`2024-05-01T08:30:00.000Z`). */
export const Timestamp = Schema.String.annotations({
  identifier: "Timestamp",
  jsonSchema: { type: "string", format: "date-time" },
  description: "ISO 8601 date-time in UTC."
})

/** A calendar date `YYYY-MM-DD`. */
export const DateString = Schema.String.annotations({
  identifier: "CalendarDate",
  jsonSchema: { type: "string", format: "date" }
})

export const Int = Schema.Int.annotations({ jsonSchema: { type: "integer" } })

export const Impact = Schema.Literal("high", "medium", "low").annotations({
  identifier: "Impact",
  description: "Share of the responses in scope citing it: high >= 20 %, medium >= 5 %, else low."
})

export const Pagination = Schema.Struct({
  current_page: Int,
  per_page: Int,
  total_pages: Int,
  total_records: Int
}).annotations({ identifier: "Pagination" })
export type Pagination = typeof Pagination.Type

/** `{ pagination, data: [...] }` */
export const Paginated = <S extends Schema.Schema.Any>(item: S, identifier: string) =>
  Schema.Struct({ pagination: Pagination, data: Schema.Array(item) }).annotations({ identifier })

/** `{ data }` */
export const Single = <S extends Schema.Schema.Any>(item: S, identifier: string) =>
  Schema.Struct({ data: item }).annotations({ identifier })

export const Country = Schema.Struct({
  name: Schema.String,
  code: Schema.String,
  alt_code: Schema.String,
  flag: Schema.String,
  native_name: Schema.String
}).annotations({ identifier: "Country" })

export const Language = Schema.Struct({
  name: Schema.String,
  code: Schema.String,
  flag: Schema.String,
  native_name: Schema.String
}).annotations({ identifier: "Language" })

export const Brand = Schema.Struct({
  id: Int,
  workspace_id: Int,
  workspace_name: Schema.String,
  name: Schema.String,
  website: Schema.String,
  country: Country,
  language: Language,
  created_at: Timestamp,
  display_name: Schema.String,
  description: Schema.String,
  key_features: Schema.Array(Schema.String)
}).annotations({ identifier: "Brand" })
export type Brand = typeof Brand.Type

export const Competitor = Schema.Struct({
  id: Int,
  name: Schema.String,
  created_at: Timestamp,
  website: Schema.String
}).annotations({ identifier: "MonitoredCompetitor" })
export type Competitor = typeof Competitor.Type

export const Group = Schema.Struct({
  id: Int,
  name: Schema.String,
  prompts_count: Int,
  created_at: Timestamp
}).annotations({ identifier: "Group" })
export type Group = typeof Group.Type

export const PromptListItem = Schema.Struct({
  id: Int,
  prompt: Schema.String,
  brand_mentions: Int,
  brand_average_position: DecimalString,
  mention_rate: DecimalString,
  average_sentiment: DecimalString,
  responses: Int,
  created_at: Timestamp
}).annotations({ identifier: "MonitoredPromptListItem" })
export type PromptListItem = typeof PromptListItem.Type

export const TimeSeriesBrand = Schema.Struct({
  name: Schema.String,
  mention_rate: DecimalString,
  average_sentiment: DecimalString,
  own_brand: Schema.Boolean
}).annotations({ identifier: "TimeSeriesBrand" })

export const TimeSeriesEntry = Schema.Struct({
  date: DateString,
  brands: Schema.Array(TimeSeriesBrand)
}).annotations({ identifier: "TimeSeriesEntry" })
export type TimeSeriesEntry = typeof TimeSeriesEntry.Type

export const PromptDetail = Schema.Struct({
  id: Int,
  prompt: Schema.String,
  total_responses: Int,
  total_brand_mentions: Int,
  brand_mention_rate: DecimalString,
  brand_average_position: DecimalString,
  time_series_data: Schema.Array(TimeSeriesEntry),
  next_run_at: Timestamp,
  created_at: Timestamp
}).annotations({ identifier: "MonitoredPromptDetail" })
export type PromptDetail = typeof PromptDetail.Type

export const BrandSentiment = Schema.Literal("positive", "neutral", "negative", "not_mentioned").annotations({
  identifier: "BrandSentiment"
})

export const PromptResponse = Schema.Struct({
  id: Int,
  ai_model: AiModel,
  response_markdown: Schema.String,
  response_text: Schema.String,
  brand_mentioned: Schema.Boolean,
  brand_sentiment: BrandSentiment,
  citations: Schema.Array(Schema.String),
  search_queries: Schema.Array(Schema.String),
  created_at: Timestamp,
  /** Sightline's extra field: the analyser version that produced brand_mentioned and brand_sentiment. */
  analyser_version: Int
}).annotations({ identifier: "MonitoredPromptResponse" })
export type PromptResponse = typeof PromptResponse.Type

export const CitationUrl = Schema.Struct({ url: Schema.String, count: Int }).annotations({
  identifier: "CitationUrl"
})

export const PromptCitation = Schema.Struct({
  domain: Schema.String,
  count: Int,
  urls: Schema.Array(CitationUrl)
}).annotations({ identifier: "MonitoredPromptCitation" })
export type PromptCitation = typeof PromptCitation.Type

export const SearchQuery = Schema.Struct({ query: Schema.String, count: Int }).annotations({
  identifier: "MonitoredPromptSearchQuery"
})
export type SearchQuery = typeof SearchQuery.Type

/** Sightline's extra field on the cited-sources items (docs/metrics.md, Source types). */
const sourceTypeField = {
  source_type: SourceType
}

/** A cited domain's figures as the read model computes them; the API item adds `source_type`. */
export const CitedDomainFigures = Schema.Struct({
  domain_id: Int,
  domain: Schema.String,
  ai_models: Schema.Array(AiModel),
  impact: Impact,
  prompts_count: Int,
  responses_count: Int,
  urls_count: Int
})

export const CitedDomain = Schema.Struct({ ...CitedDomainFigures.fields, ...sourceTypeField }).annotations({
  identifier: "CitedSourceDomain"
})
export type CitedDomain = typeof CitedDomain.Type

const citedUrlFields = {
  url_id: Int,
  url: Schema.String,
  ai_models: Schema.Array(AiModel),
  impact: Impact,
  count: Int,
  prompts_count: Int,
  first_seen_at: Timestamp
}

export const DomainCitedUrlFigures = Schema.Struct(citedUrlFields)
export const DomainCitedUrl = Schema.Struct({ ...citedUrlFields, ...sourceTypeField }).annotations({ identifier: "DomainCitedUrl" })
export type DomainCitedUrl = typeof DomainCitedUrl.Type

export const CitedUrlFigures = Schema.Struct({ ...citedUrlFields, domain_id: Int, domain: Schema.String })
export const CitedUrl = Schema.Struct({ ...CitedUrlFigures.fields, ...sourceTypeField }).annotations({
  identifier: "CitedUrl"
})
export type CitedUrl = typeof CitedUrl.Type

export const RelatedPrompt = Schema.Struct({ prompt_id: Int, prompt: Schema.String }).annotations({
  identifier: "RelatedPrompt"
})
export type RelatedPrompt = typeof RelatedPrompt.Type

export const ActionPlan = Schema.Struct({
  id: Int,
  actions_count: Int,
  generated_at: Timestamp,
  prompt: Schema.String,
  prompt_id: Int,
  insights_summary: Schema.String
}).annotations({ identifier: "ActionPlan" })
export type ActionPlan = typeof ActionPlan.Type

export const Action = Schema.Struct({
  id: Int,
  title: Schema.String,
  description: Schema.String,
  priority: Schema.Literal("high", "medium", "low"),
  category: Schema.String,
  created_at: Timestamp
}).annotations({ identifier: "Action" })
export type Action = typeof Action.Type

export const ActionPlanDetail = Schema.Struct({ ...ActionPlan.fields, actions: Schema.Array(Action) }).annotations({
  identifier: "ActionPlanDetail"
})
export type ActionPlanDetail = typeof ActionPlanDetail.Type

export const BrandRanking = Schema.Struct({
  name: Schema.String,
  mentions: Int,
  own_brand: Schema.Boolean,
  ranking: Int,
  visibility: DecimalString,
  average_position: DecimalString,
  average_sentiment: DecimalString,
  /** Sightline's extra field (docs/metrics.md, share of voice). */
  share_of_voice: DecimalString.annotations({
    description: "Extra field: this brand's mentions over all tracked brands' mentions in the same answers, x 100."
  })
}).annotations({ identifier: "BrandRanking" })
export type BrandRanking = typeof BrandRanking.Type

export const RankedPrompt = Schema.Struct({
  id: Int,
  brand_mentions: Int,
  prompt: Schema.String,
  visibility: PercentString
}).annotations({ identifier: "RankedPrompt" })
export type RankedPrompt = typeof RankedPrompt.Type

const ownBrandFigures = {
  responses: Int,
  mentions: Int,
  visibility: DecimalString,
  share_of_voice: DecimalString,
  average_sentiment: DecimalString
}

export const DashboardDay = Schema.Struct({ date: DateString, ...ownBrandFigures }).annotations({
  identifier: "DashboardDay",
  description: "The own brand's figures on one UTC day."
})

export const DashboardEngine = Schema.Struct({ ai_model: AiModel, ...ownBrandFigures, average_position: DecimalString })
  .annotations({ identifier: "DashboardAiModel", description: "The own brand's figures in one AI model's answers." })

export const Dashboard = Schema.Struct({
  total_prompts: Int,
  total_responses: Int,
  total_brand_mentions: Int,
  brand_mention_rate: DecimalString,
  average_brand_sentiment: DecimalString,
  competitors_count: Int,
  brands_ranking: Schema.Array(BrandRanking),
  top_ranked_prompts: Schema.Array(RankedPrompt),
  lowest_ranked_prompts: Schema.Array(RankedPrompt),
  /** Sightline's extra fields: the own brand's movement and its per-engine breakdown. */
  series: Schema.Array(DashboardDay).annotations({
    description: "Extra field: the own brand per UTC day of the range that has answers, oldest first."
  }),
  by_ai_model: Schema.Array(DashboardEngine).annotations({
    description: "Extra field: the own brand per AI model with answers in scope, by AI model name."
  })
}).annotations({ identifier: "Dashboard" })
export type Dashboard = typeof Dashboard.Type

export const Health = Schema.Struct({ status: Schema.Literal("ok") })

const rate = (description: string) => DecimalString.annotations({ description })

/** The rates of a visibility-report row (or of its previous period), with their 95 % Wilson intervals. */
const rateFields = {
  responses: Int.annotations({ description: "Answers in the row's scope: the trials behind visibility." }),
  mentions: Int.annotations({ description: "Of those, the answers naming this brand." }),
  tracked_mentions: Int.annotations({
    description: "Mentions of every tracked brand (own + monitored competitors) in the same answers: the trials behind share of voice."
  }),
  visibility: rate("mentions / responses x 100."),
  visibility_low: rate("Lower bound of the 95 % Wilson interval of visibility."),
  visibility_high: rate("Upper bound of the 95 % Wilson interval of visibility."),
  share_of_voice: rate("mentions / tracked_mentions x 100."),
  share_of_voice_low: rate("Lower bound of the 95 % Wilson interval of share of voice."),
  share_of_voice_high: rate("Upper bound of the 95 % Wilson interval of share of voice."),
  low_sample: Schema.Boolean.annotations({ description: "Fewer than 30 answers: the rates are too uncertain to act on." })
}

export const ReportPeriod = Schema.Struct({ start_date: DateString, end_date: DateString }).annotations({
  identifier: "ReportPeriod",
  description: "An inclusive range of UTC days."
})

export const PreviousFigures = Schema.Struct({
  ...rateFields,
  visibility_delta: rate("Visibility now minus visibility then, in percentage points."),
  share_of_voice_delta: rate("Share of voice now minus then, in percentage points."),
  significant: Schema.Boolean.annotations({
    description: "The visibility change passes a pooled two-proportion z-test at 95 % (two-sided)."
  }),
  share_of_voice_significant: Schema.Boolean.annotations({
    description: "The share-of-voice change passes the same test."
  })
}).annotations({
  identifier: "VisibilityReportPrevious",
  description: "The row's figures over the previous period of equal length, and the change."
})

export const VisibilityReportRow = Schema.Struct({
  date: Schema.optional(DateString.annotations({ description: "With the `date` dimension: the UTC day." })),
  week: Schema.optional(Schema.String.annotations({
    description: "With the `week` dimension: the ISO week, e.g. 2026-W47 (Monday to Sunday, UTC)."
  })),
  month: Schema.optional(Schema.String.annotations({ description: "With the `month` dimension: the calendar month, e.g. 2026-11." })),
  ai_model: Schema.optional(AiModel),
  prompt_id: Schema.optional(Int),
  prompt: Schema.optional(Schema.String),
  group_id: Schema.optional(Schema.NullOr(Int).annotations({ description: "With the `group` dimension; null: prompts without a group." })),
  group: Schema.optional(Schema.NullOr(Schema.String)),
  competitor_id: Schema.NullOr(Int).annotations({ description: "The monitored competitor; null for the own brand." }),
  brand: Schema.String.annotations({ description: "The own brand's or the competitor's name." }),
  own_brand: Schema.Boolean,
  ...rateFields,
  average_position: DecimalString.annotations({ description: "Mean position over the answers naming this brand." }),
  average_sentiment: DecimalString.annotations({ description: "Mean sentiment (0 to 100) over the answers naming this brand." }),
  previous: Schema.optional(PreviousFigures)
}).annotations({ identifier: "VisibilityReportRow" })
export type VisibilityReportRow = typeof VisibilityReportRow.Type

export const VisibilityReport = Schema.Struct({
  pagination: Pagination,
  period: ReportPeriod,
  previous_period: Schema.optional(ReportPeriod),
  data: Schema.Array(VisibilityReportRow)
}).annotations({ identifier: "VisibilityReportPage" })
export type VisibilityReport = typeof VisibilityReport.Type

export const CoMentionedCompetitor = Schema.Struct({
  competitor_id: Int,
  name: Schema.String,
  responses: Int.annotations({ description: "Answers citing the source that also name this competitor." })
}).annotations({ identifier: "CoMentionedCompetitor" })

export const CitationReportRow = Schema.Struct({
  domain_id: Int,
  domain: Schema.String,
  url_id: Schema.optional(Int.annotations({ description: "With level=url." })),
  url: Schema.optional(Schema.String.annotations({ description: "With level=url." })),
  ai_model: Schema.optional(AiModel.annotations({ description: "With the ai_model dimension." })),
  date: Schema.optional(DateString.annotations({ description: "With the date dimension: the UTC day." })),
  citations: Int.annotations({ description: "Citations of this source: one per answer and cited URL." }),
  responses_citing: Int.annotations({ description: "Answers citing this source." }),
  citation_share: DecimalString.annotations({ description: "citations / all citations in the report's scope x 100." }),
  responses_mentioning_brand: Int.annotations({ description: "Of the answers citing this source, those naming the brand." }),
  co_mentioned_competitors: Schema.Array(CoMentionedCompetitor).annotations({
    description: "Monitored competitors named in the answers citing this source, most answers first."
  }),
  source_type: SourceType
}).annotations({ identifier: "CitationReportRow" })
export type CitationReportRow = typeof CitationReportRow.Type

export const CitationReport = Schema.Struct({
  pagination: Pagination,
  period: ReportPeriod,
  data: Schema.Array(CitationReportRow)
}).annotations({ identifier: "CitationReportPage" })
