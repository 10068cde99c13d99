#!/usr/bin/env node
// `pnpm worker ...` from anywhere in the checkout runs the worker from its TypeScript sources
// (development). pnpm finds no script of that name and runs this bin through `pnpm exec`, which
// prints no banner. The compiled worker is the `sightline-worker` bin.
import { register as registerHooks } from "node:module"
import { register } from "tsx/esm/api"

registerHooks("../../../scripts/source-condition.mjs", import.meta.url)
register()
await import("../src/main.ts")
