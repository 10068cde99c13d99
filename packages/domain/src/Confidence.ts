/**
 * How sure a rate is. AI answers are stochastic: "visibility 40 %" from 5 answers is noise. Every
 * rate the reports publish carries a 95 % Wilson score interval, and a change between two periods is
 * called significant only by a two-proportion z-test at 95 % (docs/metrics.md, "Confidence").
 * The reports, the action planner's head-to-head rule and the `visibility.changed` webhook all use
 * these functions, so "significant" means the same thing everywhere.
 */

/** z for a two-sided 95 % interval / test. */
export const Z_95 = 1.959963984540054

/**
 * Fewer answers than this behind a rate and the row is flagged `low_sample`: with n < 30 the 95 %
 * interval of a 50 % rate is wider than ±17 points.
 */
export const MIN_SAMPLE = 30

export interface Interval {
  /** Lower bound, a proportion in [0, 1]. */
  readonly low: number
  /** Upper bound, a proportion in [0, 1]. */
  readonly high: number
}

/**
 * The Wilson score interval of `successes` out of `trials` (proportions in [0, 1]). With no trials
 * nothing is known: [0, 1]. Example: 4 of 10 -> [0.168, 0.687]; 40 of 100 -> [0.309, 0.498].
 */
export const wilsonInterval = (successes: number, trials: number, z: number = Z_95): Interval => {
  if (trials <= 0) return { low: 0, high: 1 }
  const p = successes / trials
  const z2 = z * z
  const denominator = 1 + z2 / trials
  const centre = (p + z2 / (2 * trials)) / denominator
  const margin = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))
  // The bounds are exact at p = 0 and p = 1; clamping only removes floating-point dust.
  return {
    low: successes <= 0 ? 0 : Math.max(0, centre - margin),
    high: successes >= trials ? 1 : Math.min(1, centre + margin)
  }
}

export interface ProportionChange {
  /** current - previous, a proportion in [-1, 1]. */
  readonly delta: number
  /** The pooled two-proportion z statistic; 0 when it is undefined (no trials, or p = 0 or 1 in both). */
  readonly z: number
  /** |z| >= 1.96: the difference is significant at 95 % (two-sided). */
  readonly significant: boolean
}

/**
 * The pooled two-proportion z-test: did the rate change between a previous and a current period?
 * z = (p1 - p0) / sqrt(p (1 - p) (1/n1 + 1/n0)), p the pooled rate. Equal rates give z = 0, so a
 * period with no change is never significant. Either side without trials is never significant.
 * Example: 20 of 100 before, 35 of 100 now -> delta 0.15, z 2.38, significant.
 */
export const compareProportions = (
  current: { readonly successes: number; readonly trials: number },
  previous: { readonly successes: number; readonly trials: number },
  z: number = Z_95
): ProportionChange => {
  if (current.trials <= 0 || previous.trials <= 0) {
    return { delta: 0, z: 0, significant: false }
  }
  const p1 = current.successes / current.trials
  const p0 = previous.successes / previous.trials
  const delta = p1 - p0
  // Integer cross-multiplication decides equality exactly, free of float rounding.
  if (current.successes * previous.trials === previous.successes * current.trials) {
    return { delta: 0, z: 0, significant: false }
  }
  const pooled = (current.successes + previous.successes) / (current.trials + previous.trials)
  const variance = pooled * (1 - pooled) * (1 / current.trials + 1 / previous.trials)
  if (variance <= 0) return { delta, z: 0, significant: false }
  const statistic = delta / Math.sqrt(variance)
  return { delta, z: statistic, significant: Math.abs(statistic) >= z }
}
