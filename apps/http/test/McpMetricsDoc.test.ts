import { describe, expect, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { DEFINITIONS, findDefinition, METRIC_NAMES } from "../src/mcp/MetricDefinitions.js"
import { METRICS_MARKDOWN } from "../src/mcp/MetricsDoc.js"

describe("explain_metric's copy of docs/metrics.md", () => {
  it("is docs/metrics.md exactly (run `node scripts/sync-metrics-doc.mjs` after editing the doc)", () => {
    const doc = readFileSync(fileURLToPath(new URL("../../../docs/metrics.md", import.meta.url)), "utf8")
    expect(METRICS_MARKDOWN).toBe(doc)
  })

  it("finds every metric the API reports by its field name, with its example", () => {
    for (const name of ["mention_rate", "visibility", "average_position", "average_sentiment", "brand_sentiment", "impact", "brands_ranking", "top_ranked_prompts"]) {
      expect(METRIC_NAMES, name).toContain(name)
      const definition = findDefinition(name)
      expect(definition?.markdown, name).toMatch(/^## /)
      expect(definition?.markdown, name).toMatch(/[Ee]xample|\| .* \|/)
    }
    expect(findDefinition("Average Position")?.heading).toBe("position and average_position")
    expect(findDefinition("no such metric")).toBeUndefined()
    expect(new Set(METRIC_NAMES).size).toBe(METRIC_NAMES.length)
    expect(DEFINITIONS.every((d) => d.names.length > 0)).toBe(true)
  })
})
