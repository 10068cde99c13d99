import * as Schema from "effect/Schema"

/** What kind of site a cited source is (docs/metrics.md, "Source types"). */
export const SOURCE_TYPES = ["own", "competitor", "ugc", "editorial", "reference", "other"] as const
export const SourceType = Schema.Literal(...SOURCE_TYPES).annotations({
  identifier: "SourceType",
  description: "own: the brand's website; competitor: a monitored competitor's website; ugc: forums, Q&A, video and " +
    "social; editorial: news, reviews, blogs; reference: encyclopedias and documentation; other: anything else."
})
export type SourceType = typeof SourceType.Type
export const isSourceType = Schema.is(SourceType)

/** The classes an admin may give a domain per workspace (own and competitor follow the websites). */
export const OVERRIDABLE_SOURCE_TYPES = ["ugc", "editorial", "reference", "other"] as const
