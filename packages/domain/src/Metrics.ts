/**
 * The metric definitions of docs/api-decisions.md as pure functions. The API computes most of them in SQL;
 * those queries must agree with these definitions (docs/metrics.md gives the SQL spelling and
 * worked examples). Every decimal string is made with `formatDecimal` (two fraction digits, half
 * away from zero), and a metric with no data is "0.00".
 */
import { formatDecimal } from "./DecimalString.js"

/**
 * mention_rate / visibility: responses that mention the brand / responses in scope, x 100.
 * 0 when there are no responses. Example: 3 of 8 -> 37.5 ("37.50").
 */
export const mentionRate = (mentions: number, responses: number): number =>
  responses > 0 ? (mentions / responses) * 100 : 0

/**
 * share_of_voice: a tracked brand's mentions over all tracked brands' mentions (the own brand plus
 * its monitored competitors) in the same responses, x 100. A mention here is a response that names
 * the brand, as in mention_rate, so one answer naming A and B counts once for each. 0 when no
 * tracked brand is mentioned. Over all tracked brands the shares sum to 100. Example: in 10
 * answers the brand is named in 4, competitor X in 5 and Y in 1 -> 4 / (4 + 5 + 1) = 40 ("40.00").
 */
export const shareOfVoice = (brandMentions: number, allTrackedMentions: number): number =>
  allTrackedMentions > 0 ? (brandMentions / allTrackedMentions) * 100 : 0

/** The arithmetic mean; 0 when empty (a metric with no data reads "0.00"). */
export const average = (values: ReadonlyArray<number>): number =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length

/**
 * average_position: mean of the positions over the responses that mention the brand (pass only
 * those; `null` positions, i.e. responses without a mention, are ignored). 0 when none.
 */
export const averagePosition = (positions: ReadonlyArray<number | null>): number =>
  average(positions.filter((position): position is number => position !== null))

/** average_sentiment: mean of the 0..100 scores over the responses that mention the brand. */
export const averageSentiment = (scores: ReadonlyArray<number | null>): number =>
  average(scores.filter((score): score is number => score !== null))

export type SentimentLabel = "positive" | "neutral" | "negative" | "not_mentioned"

/** Score thresholds of the `brand_sentiment` label: positive >= 60, neutral 40 to < 60, else negative. */
export const POSITIVE_FROM = 60
export const NEUTRAL_FROM = 40

/** A response's `brand_sentiment`; `null` (the brand is not mentioned) is "not_mentioned". */
export const sentimentLabel = (score: number | null): SentimentLabel =>
  score === null
    ? "not_mentioned"
    : score >= POSITIVE_FROM
    ? "positive"
    : score >= NEUTRAL_FROM
    ? "neutral"
    : "negative"

export type Impact = "high" | "medium" | "low"

/** Impact thresholds in percent of the responses in scope. */
export const HIGH_IMPACT_PERCENT = 20
export const MEDIUM_IMPACT_PERCENT = 5

/**
 * impact of a cited domain or URL: share = responses citing it / responses in scope; "high" at
 * >= 20 %, "medium" at >= 5 %, else "low" (also when nothing is in scope). Compared in integers
 * (`citing * 100 >= 20 * inScope`) so that exact thresholds never suffer from float rounding.
 */
export const impact = (citingResponses: number, responsesInScope: number): Impact => {
  if (responsesInScope <= 0) return "low"
  const scaled = citingResponses * 100
  if (scaled >= HIGH_IMPACT_PERCENT * responsesInScope) return "high"
  if (scaled >= MEDIUM_IMPACT_PERCENT * responsesInScope) return "medium"
  return "low"
}

/** Code-unit order, as PostgreSQL's `COLLATE "C"`: deterministic whatever the server locale. */
export const compareNames = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * brands_ranking: the own brand and every monitored competitor, by visibility desc, then mentions
 * desc, then name asc (code-unit order); `ranking` is the 1-based place in that order.
 */
export const rankBrands = <A extends { name: string; mentions: number; visibility: number }>(
  rows: ReadonlyArray<A>
): ReadonlyArray<A & { ranking: number }> =>
  [...rows]
    .sort((a, b) => b.visibility - a.visibility || b.mentions - a.mentions || compareNames(a.name, b.name))
    .map((row, index) => ({ ...row, ranking: index + 1 }))

/** How many prompts top_ranked_prompts and lowest_ranked_prompts list at most. */
export const RANKED_PROMPTS_LIMIT = 5

export interface PromptVisibility {
  readonly id: number
  /** Responses of the prompt in scope. */
  readonly responses: number
  /** Of those, the ones that mention the brand. */
  readonly brandMentions: number
}

const withVisibility = <A extends PromptVisibility>(rows: ReadonlyArray<A>) =>
  rows
    .filter((row) => row.responses >= 1)
    .map((row) => ({ ...row, visibility: mentionRate(row.brandMentions, row.responses) }))

/**
 * Compares two prompts' visibility as the API shows it (two fraction digits): prompts whose
 * `visibility` strings are equal are ties, broken as documented, so a client can check the order.
 */
const shownVisibility = (p: PromptVisibility): number => Number(formatDecimal(mentionRate(p.brandMentions, p.responses)))
const compareVisibility = (a: PromptVisibility, b: PromptVisibility): number => shownVisibility(a) - shownVisibility(b)

/**
 * top_ranked_prompts: up to 5 prompts with at least one response in scope, by visibility desc,
 * then brand_mentions desc, then id asc.
 */
export const topRankedPrompts = <A extends PromptVisibility>(
  rows: ReadonlyArray<A>
): ReadonlyArray<A & { visibility: number }> =>
  withVisibility(rows)
    .sort((a, b) => compareVisibility(b, a) || b.brandMentions - a.brandMentions || a.id - b.id)
    .slice(0, RANKED_PROMPTS_LIMIT)

/**
 * lowest_ranked_prompts: up to 5 prompts with at least one response in scope, by visibility asc,
 * then id asc.
 */
export const lowestRankedPrompts = <A extends PromptVisibility>(
  rows: ReadonlyArray<A>
): ReadonlyArray<A & { visibility: number }> =>
  withVisibility(rows)
    .sort((a, b) => compareVisibility(a, b) || a.id - b.id)
    .slice(0, RANKED_PROMPTS_LIMIT)

/** A metric as the API writes it: two fraction digits, half away from zero ("37.50", "0.00"). */
export const metricString = (value: number): string => formatDecimal(value)
