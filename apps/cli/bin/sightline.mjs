#!/usr/bin/env node
// The production CLI: the bundle `pnpm build` writes (apps/cli/dist/sightline.js), no TypeScript loader.
import { existsSync } from "node:fs"

const main = new URL("../dist/sightline.js", import.meta.url)
if (!existsSync(main)) {
  process.stderr.write("Error: the CLI is not built yet: run 'pnpm build' in the Sightline checkout first.\n")
  process.exit(1)
}
await import(main.href)
