#!/usr/bin/env node
// `pnpm cli ...` from anywhere in the checkout: pnpm finds no script of that name and runs this bin
// through `pnpm exec`, which (unlike `pnpm run`) prints no banner, so `--json` output stays clean.
import { register } from "tsx/esm/api"

register()
await import("../src/main.ts")
