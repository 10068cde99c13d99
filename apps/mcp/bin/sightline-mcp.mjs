#!/usr/bin/env node
// The production MCP server (stdio): compiled JavaScript from `pnpm build` (apps/mcp/dist).
import { existsSync } from "node:fs"

const main = new URL("../dist/main.js", import.meta.url)
if (!existsSync(main)) {
  process.stderr.write("Error: the MCP server is not built yet: run 'pnpm build' in the Sightline checkout first.\n")
  process.exit(1)
}
await import(main.href)
