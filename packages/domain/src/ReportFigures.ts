/**
 * The figures of a visibility report row (docs/metrics.md, "Visibility report"), from the counts the
 * read model sums: the rates, their 95 % Wilson intervals, the low-sample flag and the change from
 * the previous period. One definition for the API and the tests that check it against raw rows.
 */
import { compareProportions, MIN_SAMPLE, wilsonInterval } from "./Confidence.js"
import { formatDecimal } from "./DecimalString.js"
import { mentionRate, shareOfVoice } from "./Metrics.js"

export interface RowCounts {
  /** Answers in the row's scope. */
  readonly responses: number
  /** Of those, the answers that name the row's brand (the own brand or a competitor). */
  readonly mentions: number
  /** Mentions of every tracked brand (own + monitored competitors) in the same answers. */
  readonly trackedMentions: number
}

export interface RateFigures {
  readonly responses: number
  readonly mentions: number
  readonly tracked_mentions: number
  readonly visibility: string
  readonly visibility_low: string
  readonly visibility_high: string
  readonly share_of_voice: string
  readonly share_of_voice_low: string
  readonly share_of_voice_high: string
  readonly low_sample: boolean
}

const percentOf = (proportion: number) => formatDecimal(proportion * 100)

/** Visibility and share of voice of a row with their intervals; `low_sample` below MIN_SAMPLE answers. */
export const rateFigures = (counts: RowCounts): RateFigures => {
  const visibility = wilsonInterval(counts.mentions, counts.responses)
  const voice = wilsonInterval(counts.mentions, counts.trackedMentions)
  return {
    responses: counts.responses,
    mentions: counts.mentions,
    tracked_mentions: counts.trackedMentions,
    visibility: formatDecimal(mentionRate(counts.mentions, counts.responses)),
    visibility_low: percentOf(visibility.low),
    visibility_high: percentOf(visibility.high),
    share_of_voice: formatDecimal(shareOfVoice(counts.mentions, counts.trackedMentions)),
    share_of_voice_low: percentOf(voice.low),
    share_of_voice_high: percentOf(voice.high),
    low_sample: counts.responses < MIN_SAMPLE
  }
}

export interface PeriodChange extends RateFigures {
  /** Current visibility minus previous, in percentage points. */
  readonly visibility_delta: string
  readonly share_of_voice_delta: string
  /** The visibility change passes the pooled two-proportion z-test at 95 %. */
  readonly significant: boolean
  /** The share-of-voice change passes the same test (mentions out of tracked mentions). */
  readonly share_of_voice_significant: boolean
}

/** The previous period's figures of a row and the change to the current ones. */
export const periodChange = (current: RowCounts, previous: RowCounts): PeriodChange => {
  const visibility = compareProportions(
    { successes: current.mentions, trials: current.responses },
    { successes: previous.mentions, trials: previous.responses }
  )
  const voice = compareProportions(
    { successes: current.mentions, trials: current.trackedMentions },
    { successes: previous.mentions, trials: previous.trackedMentions }
  )
  return {
    ...rateFigures(previous),
    visibility_delta: formatDecimal(
      mentionRate(current.mentions, current.responses) - mentionRate(previous.mentions, previous.responses)
    ),
    share_of_voice_delta: formatDecimal(
      shareOfVoice(current.mentions, current.trackedMentions) - shareOfVoice(previous.mentions, previous.trackedMentions)
    ),
    significant: visibility.significant,
    share_of_voice_significant: voice.significant
  }
}

const DAY_MS = 86_400_000
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10)

export interface Period {
  readonly start_date: string
  readonly end_date: string
}

/**
 * The period of equal length just before an inclusive range of UTC days. Example: 2026-11-01 to
 * 2026-11-30 (30 days) -> 2026-10-02 to 2026-10-31.
 */
export const previousPeriod = (period: Period): Period => {
  const start = dayNumber(period.start_date)
  const length = dayNumber(period.end_date) - start + 1
  return { start_date: dateOf(start - length), end_date: dateOf(start - 1) }
}
