import { METRICS_MARKDOWN } from "./MetricsDoc.js"

/** One `## ` section of docs/metrics.md and the metric names it defines. */
export interface MetricDefinition {
  readonly heading: string
  readonly names: ReadonlyArray<string>
  readonly markdown: string
}

/**
 * "sentiment, average_sentiment and brand_sentiment" -> the three names; "impact of a cited domain
 * or URL" -> "impact" too; backticks and (function names) dropped.
 */
const namesOf = (heading: string): ReadonlyArray<string> =>
  heading
    .replace(/\(.*?\)/g, "")
    .replace(/`/g, "")
    .split(/\s*(?:,|\/|\band\b)\s*/)
    .flatMap((part) => part.includes(" of ") ? [part, part.split(" of ")[0] ?? ""] : [part])
    .map((name) => name.trim().toLowerCase().replace(/\s+/g, "_"))
    .filter((name) => name !== "")

/** The sections of docs/metrics.md (the copy shipped in MetricsDoc.ts), in document order. */
export const DEFINITIONS: ReadonlyArray<MetricDefinition> = METRICS_MARKDOWN.split(/^## /m).slice(1).map((section) => {
  const [heading = "", ...body] = section.split("\n")
  return { heading, names: namesOf(heading), markdown: `## ${heading}\n${body.join("\n").trimEnd()}\n` }
})

/** Every name explain_metric accepts. */
export const METRIC_NAMES: ReadonlyArray<string> = DEFINITIONS.flatMap((d) => d.names)

/** The section defining `metric` (a name or the heading, any case, spaces or underscores). */
export const findDefinition = (metric: string): MetricDefinition | undefined => {
  const wanted = metric.trim().toLowerCase().replace(/[\s-]+/g, "_")
  return DEFINITIONS.find((d) => d.names.includes(wanted) || namesOf(d.heading).join("_") === wanted)
}
