#!/usr/bin/env node
// `pnpm mcp` from anywhere in the checkout runs the MCP server (stdio) from its TypeScript sources.
// pnpm finds no script of that name and runs this bin through `pnpm exec`, which prints no banner
// (stdout carries the MCP messages and nothing else). The compiled server is the `sightline-mcp` bin.
import { register as registerHooks } from "node:module"
import { register } from "tsx/esm/api"

registerHooks("../../../scripts/source-condition.mjs", import.meta.url)
register()
await import("../src/main.ts")
