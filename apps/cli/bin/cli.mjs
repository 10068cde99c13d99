#!/usr/bin/env node
// `pnpm cli ...` from anywhere in the checkout runs the CLI from its TypeScript sources (development).
// pnpm finds no script of that name and runs this bin through `pnpm exec`, which (unlike `pnpm run`)
// prints no banner, so `--json` output stays clean. The compiled CLI is the `sightline` bin.
import { register as registerHooks } from "node:module"
import { register } from "tsx/esm/api"

registerHooks("../../../scripts/source-condition.mjs", import.meta.url)
register()
await import("../src/main.ts")
