import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { OVERRIDABLE_SOURCE_TYPES } from "@sightline/domain/SourceType"
import { SourceTypeOverrides } from "@sightline/sql/SourceTypeOverrides"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Output from "../Output.js"
import { AdminLive } from "../Services.js"
import { json, workspaceId } from "./Common.js"

const Live = SourceTypeOverrides.Default.pipe(Layer.provideMerge(AdminLive))

const domain = Options.text("domain").pipe(
  Options.withDescription("The cited domain, e.g. reddit.com (a subdomain or URL stands for its registrable domain).")
)

const setType = Command.make(
  "set-type",
  {
    workspaceId,
    domain,
    type: Options.text("type").pipe(Options.withDescription(`The class: ${OVERRIDABLE_SOURCE_TYPES.join(", ")}.`)),
    json
  },
  (input) =>
    Effect.gen(function*() {
      const set = yield* SourceTypeOverrides.set({ workspaceId: input.workspaceId, domain: input.domain, sourceType: input.type })
      yield* input.json
        ? Output.json({ workspaceId: input.workspaceId, ...set })
        : Output.line(`Workspace ${input.workspaceId}: ${set.domain} is now ${set.sourceType}.`)
    }).pipe(Effect.provide(Live))
).pipe(Command.withDescription("Class a cited domain for one workspace's brands, over the maintained list."))

const clearType = Command.make("clear-type", { workspaceId, domain, json }, (input) =>
  Effect.gen(function*() {
    const cleared = yield* SourceTypeOverrides.clear({ workspaceId: input.workspaceId, domain: input.domain })
    yield* input.json
      ? Output.json({ workspaceId: input.workspaceId, ...cleared })
      : Output.line(
        cleared.removed
          ? `Workspace ${input.workspaceId}: ${cleared.domain} follows the maintained list again.`
          : `Workspace ${input.workspaceId} had no class set for ${cleared.domain}; nothing changed.`
      )
  }).pipe(Effect.provide(Live))).pipe(Command.withDescription("Remove a domain's class; the maintained list applies again."))

const listTypes = Command.make("list-types", { workspaceId, json }, (input) =>
  Effect.gen(function*() {
    const rows = yield* SourceTypeOverrides.list(input.workspaceId)
    yield* Output.listing(input.json, rows, [
      ["DOMAIN", (r) => r.domain],
      ["TYPE", (r) => r.sourceType],
      ["SET", (r) => r.createdAt]
    ])
  }).pipe(Effect.provide(Live))).pipe(Command.withDescription("List the domains a workspace has classed."))

export const command = Command.make("sources").pipe(
  Command.withDescription("Class cited sources (own, competitor, ugc, editorial, reference, other) per workspace."),
  Command.withSubcommands([setType, clearType, listTypes])
)
