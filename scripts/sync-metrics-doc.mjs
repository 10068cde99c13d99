// Copies docs/metrics.md into apps/http/src/mcp/MetricsDoc.ts, so explain_metric answers from an
// installed build too. apps/http/test/McpMetricsDoc.test.ts fails when the copy is stale.
// Run: node scripts/sync-metrics-doc.mjs
import { readFileSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

const root = new URL("../", import.meta.url)
const markdown = readFileSync(new URL("docs/metrics.md", root), "utf8")
const module = `// Generated from docs/metrics.md by scripts/sync-metrics-doc.mjs: do not edit by hand.
/** docs/metrics.md, shipped with the server for the MCP explain_metric tool. */
export const METRICS_MARKDOWN: string = ${JSON.stringify(markdown)}
`
writeFileSync(fileURLToPath(new URL("apps/http/src/mcp/MetricsDoc.ts", root)), module)
