import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { Runs, RunStatus } from "@sightline/sql/Runs"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Output from "../Output.js"
import { DatabaseLive } from "../Services.js"
import { json } from "./Common.js"

const list = Command.make(
  "list",
  {
    failed: Options.boolean("failed").pipe(Options.withDescription("Only failed runs (terminal failures, with their error).")),
    status: Options.choice("status", RunStatus.literals).pipe(Options.withDescription("Only runs in this status."), Options.optional),
    brandId: Options.integer("brand").pipe(Options.withDescription("Only runs of this brand's prompts."), Options.optional),
    limit: Options.integer("limit").pipe(Options.withDescription("At most this many runs (newest first)."), Options.withDefault(50)),
    json
  },
  (input) =>
    Effect.gen(function*() {
      const runs = yield* Runs
      const rows = yield* runs.list({
        failedOnly: input.failed,
        limit: Math.max(1, input.limit),
        ...Option.match(input.status, { onNone: () => ({}), onSome: (status) => ({ status }) }),
        ...Option.match(input.brandId, { onNone: () => ({}), onSome: (brandId) => ({ brandId }) })
      })
      yield* Output.listing(input.json, rows, [
        ["ID", (r) => r.id],
        ["PROMPT", (r) => r.promptId],
        ["ENGINE", (r) => r.engine],
        ["SLOT", (r) => r.slot],
        ["STATUS", (r) => r.status],
        ["TRIES", (r) => r.attempts],
        ["FINISHED", (r) => r.finishedAt],
        ["RESPONSE", (r) => r.responseId],
        ["ERROR", (r) => r.errorCode === null ? null : `${r.errorCode}: ${r.errorMessage ?? ""}`]
      ])
    }).pipe(Effect.provide(Runs.Default), Effect.provide(DatabaseLive))
).pipe(Command.withDescription("List collection runs (one per prompt, engine and scheduled slot), newest first."))

export const command = Command.make("runs").pipe(
  Command.withDescription("Inspect the worker's collection runs."),
  Command.withSubcommands([list])
)

