import { compareProportions, MIN_SAMPLE } from "./Confidence.js"
import { mentionRate, shareOfVoice } from "./Metrics.js"
import type { VisibilityMetric } from "./WebhookEvents.js"

/**
 * When a daily figure "moved significantly" for the `visibility.changed` webhook (docs/webhooks.md):
 * the closed UTC day is compared with the day before by the pooled two-proportion z-test at 95 %
 * (Confidence.compareProportions, the reports' test), and only when both days rest on at least
 * MIN_SAMPLE (30) trials, so a handful of answers never fires. Visibility is mentions of the brand
 * over answers (mention_rate); share of voice is the brand's mentions over all tracked brands'
 * mentions (shareOfVoice), its trials being those mentions.
 */

export interface DayFigures {
  /** The UTC day, YYYY-MM-DD. */
  readonly date: string
  /** Answers in scope that day. */
  readonly responses: number
  /** Of those, answers naming the brand. */
  readonly brandMentions: number
  /** Mentions of the brand's competitors in those answers (one per answer and competitor). */
  readonly competitorMentions: number
}

export interface PeriodFigure {
  readonly date: string
  readonly successes: number
  readonly trials: number
  /** The rate in percent, two decimals. */
  readonly value: number
}

export interface SignificantChange {
  readonly metric: VisibilityMetric
  readonly direction: "up" | "down"
  readonly current: PeriodFigure
  readonly previous: PeriodFigure
  /** current.value - previous.value in percentage points, two decimals. */
  readonly change: number
  /** The z statistic, three decimals. */
  readonly z: number
}

const round = (value: number, digits: number): number => Number(value.toFixed(digits))

const proportion = (metric: VisibilityMetric, day: DayFigures) =>
  metric === "visibility"
    ? { successes: day.brandMentions, trials: day.responses }
    : { successes: day.brandMentions, trials: day.brandMentions + day.competitorMentions }

const figure = (metric: VisibilityMetric, day: DayFigures): PeriodFigure => {
  const { successes, trials } = proportion(metric, day)
  const value = metric === "visibility" ? mentionRate(successes, trials) : shareOfVoice(successes, trials)
  return { date: day.date, successes, trials, value: round(value, 2) }
}

/** The significant changes of visibility and share of voice from `previous` to `current` (none on noise). */
export const significantChanges = (current: DayFigures, previous: DayFigures): ReadonlyArray<SignificantChange> =>
  (["visibility", "share_of_voice"] as const).flatMap((metric): ReadonlyArray<SignificantChange> => {
    const now = figure(metric, current)
    const before = figure(metric, previous)
    if (now.trials < MIN_SAMPLE || before.trials < MIN_SAMPLE) return []
    const test = compareProportions(now, before)
    if (!test.significant) return []
    return [{
      metric,
      direction: test.delta > 0 ? "up" : "down",
      current: now,
      previous: before,
      change: round(now.value - before.value, 2),
      z: round(test.z, 3)
    }]
  })
