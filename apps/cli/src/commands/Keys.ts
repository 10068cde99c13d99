import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { InvalidValue } from "@sightline/sql/AdminErrors"
import { ApiKeys } from "@sightline/sql/ApiKeys"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Output from "../Output.js"
import { AdminLive } from "../Services.js"
import { id, json, workspaceId } from "./Common.js"

/** `YYYY-MM-DD` (midnight UTC of that day) or an ISO 8601 date-time with a zone (`Z` or an offset). */
export const parseExpiry = (raw: string): Effect.Effect<Date, InvalidValue> => {
  const trimmed = raw.trim()
  const invalid = new InvalidValue({
    field: "--expires-at",
    reason: `${JSON.stringify(raw)} is not a date (expected YYYY-MM-DD or an ISO 8601 date-time such as 2026-06-30T12:00:00Z).`
  })
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed)
  if (dateOnly !== null) {
    const date = new Date(`${trimmed}T00:00:00.000Z`)
    // Rejects dates that JavaScript would roll over (2026-02-30).
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(trimmed) ? Effect.succeed(date) : Effect.fail(invalid)
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i.test(trimmed)) {
    const date = new Date(trimmed)
    return Number.isNaN(date.getTime()) ? Effect.fail(invalid) : Effect.succeed(date)
  }
  return Effect.fail(invalid)
}

const expiresAt = Options.text("expires-at").pipe(
  Options.withDescription("Expiry, YYYY-MM-DD (UTC midnight) or ISO 8601 date-time; default 6 months from now."),
  Options.optional
)

const create = Command.make(
  "create",
  {
    workspaceId,
    name: Options.text("name").pipe(Options.withDescription("A descriptive name for the key.")),
    brandId: Options.integer("brand").pipe(Options.withDescription("Restrict the key to this brand of the workspace."), Options.optional),
    rateLimit: Options.integer("rate-limit").pipe(Options.withDescription("Requests per minute (default: the server's)."), Options.optional),
    expiresAt,
    json
  },
  (input) =>
    Effect.gen(function*() {
      const expiresAt = Option.isSome(input.expiresAt) ? yield* parseExpiry(input.expiresAt.value) : undefined
      const key = yield* ApiKeys.create({
        workspaceId: input.workspaceId,
        name: input.name,
        ...Option.match(input.brandId, { onNone: () => ({}), onSome: (brandId) => ({ brandId }) }),
        ...Option.match(input.rateLimit, { onNone: () => ({}), onSome: (rateLimitPerMinute) => ({ rateLimitPerMinute }) }),
        ...(expiresAt === undefined ? {} : { expiresAt })
      })
      yield* input.json
        ? Output.json({ id: key.id, key: key.key, expiresAt: key.expiresAt })
        : Output.line(
          [
            `Created API key ${key.id} (${input.name.trim()}), valid until ${key.expiresAt.toISOString()}.`,
            "Store it now: it is shown only this once.",
            "",
            `  ${key.key}`
          ].join("\n")
        )
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("Create an API key; the key is printed once."))

const list = Command.make("list", { workspaceId, json }, ({ json, workspaceId }) =>
  Effect.gen(function*() {
    const rows = yield* ApiKeys.list(workspaceId)
    yield* Output.listing(json, rows, [
      ["ID", (k) => k.id],
      ["PREFIX", (k) => k.prefix],
      ["NAME", (k) => k.name],
      ["SCOPE", (k) => k.scope],
      ["STATUS", (k) => k.status],
      ["CREATED", (k) => k.createdAt],
      ["EXPIRES", (k) => k.expiresAt],
      ["LAST USED", (k) => k.lastUsedAt],
      ["REVOKED", (k) => k.revokedAt]
    ])
  }).pipe(Effect.provide(AdminLive))).pipe(Command.withDescription("List the API keys of a workspace (never the keys themselves)."))

const revoke = Command.make(
  "revoke",
  { id: id("key", "keys list"), json },
  ({ id, json }) =>
    Effect.gen(function*() {
      const revoked = yield* ApiKeys.revoke(id)
      yield* json ? Output.json(revoked) : Output.line(`Revoked API key ${id} (since ${revoked.revokedAt.toISOString()}).`)
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("Revoke an API key (idempotent)."))

const rotate = Command.make("rotate", { id: id("key", "keys list"), expiresAt, json }, (input) =>
  Effect.gen(function*() {
    const expiry = Option.isSome(input.expiresAt) ? yield* parseExpiry(input.expiresAt.value) : undefined
    const key = yield* ApiKeys.rotate(input.id, expiry === undefined ? {} : { expiresAt: expiry })
    yield* input.json
      ? Output.json({ id: key.id, key: key.key, expiresAt: key.expiresAt, replaced: key.replaced, revokedAt: key.revokedAt })
      : Output.line(
        [
          `Created API key ${key.id} in place of key ${key.replaced} (same name, scope and rate limit), valid until ${key.expiresAt.toISOString()}.`,
          `Key ${key.replaced} is revoked. Store the new key now: it is shown only this once.`,
          "",
          `  ${key.key}`
        ].join("\n")
      )
  }).pipe(Effect.provide(AdminLive))).pipe(
    Command.withDescription("Replace a key: a new key with the same name, scope and rate limit; the old one is revoked at once.")
  )

export const command = Command.make("keys").pipe(
  Command.withDescription("Manage API keys of the read-only API."),
  Command.withSubcommands([create, list, revoke, rotate])
)
