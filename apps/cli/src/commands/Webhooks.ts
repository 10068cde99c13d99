import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from "@sightline/domain/WebhookEvents"
import { splitList } from "@sightline/sql/AdminValidation"
import { Webhooks } from "@sightline/sql/Webhooks"
import * as Sender from "@sightline/webhooks/Sender"
import { webhookSettings } from "@sightline/webhooks/Settings"
import * as TargetUrl from "@sightline/webhooks/TargetUrl"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { randomUUID } from "node:crypto"
import * as Output from "../Output.js"
import { AdminLive } from "../Services.js"
import { id, json, workspaceId } from "./Common.js"

/** `webhooks test` reached the URL but the receiver did not accept the event. */
export class WebhookTestFailed extends Schema.TaggedError<WebhookTestFailed>()("WebhookTestFailed", {
  webhookId: Schema.Number,
  reason: Schema.String
}) {
  override get message() {
    return `The test event to webhook ${this.webhookId} was not delivered: ${this.reason}`
  }
}

const add = Command.make(
  "add",
  {
    workspaceId,
    url: Options.text("url").pipe(Options.withDescription("Where to POST the events (http or https; public addresses only).")),
    events: Options.text("events").pipe(
      Options.withDescription(`Comma-separated events to send: ${WEBHOOK_EVENT_TYPES.join(", ")}.`),
      Options.map((raw) => splitList(raw, /,/))
    ),
    brandId: Options.integer("brand").pipe(Options.withDescription("Only this brand's events (a brand of the workspace)."), Options.optional),
    json
  },
  (input) =>
    Effect.gen(function*() {
      const settings = yield* webhookSettings
      const url = yield* TargetUrl.check(input.url, { allowPrivate: settings.allowPrivate })
      const created = yield* Webhooks.add({
        workspaceId: input.workspaceId,
        url: url.toString(),
        events: input.events,
        ...Option.match(input.brandId, { onNone: () => ({}), onSome: (brandId) => ({ brandId }) })
      })
      yield* input.json
        ? Output.json({ id: created.id, secret: created.secret, events: created.events })
        : Output.line(
          [
            `Created webhook ${created.id} for ${created.events.join(", ")} at ${url.toString()}.`,
            "Its signing secret (verify the webhook-signature header with it) is shown only this once:",
            "",
            `  ${created.secret}`
          ].join("\n")
        )
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("Subscribe a URL to events of a workspace (or one of its brands); the signing secret is printed once."))

const list = Command.make("list", { workspaceId, json }, ({ json, workspaceId }) =>
  Effect.gen(function*() {
    const rows = yield* Webhooks.list(workspaceId)
    yield* Output.listing(json, rows, [
      ["ID", (w) => w.id],
      ["URL", (w) => w.url],
      ["EVENTS", (w) => w.events],
      ["BRAND", (w) => w.brandId],
      ["SECRET", (w) => w.secretHint],
      ["PENDING", (w) => w.pending],
      ["FAILED", (w) => w.failed],
      ["CREATED", (w) => w.createdAt]
    ])
  }).pipe(Effect.provide(AdminLive))).pipe(Command.withDescription("List the webhooks of a workspace (never their secrets)."))

const remove = Command.make("remove", { id: id("webhook", "webhooks list"), json }, ({ id, json }) =>
  Effect.gen(function*() {
    yield* Webhooks.remove(id)
    yield* json ? Output.json({ id, removed: true }) : Output.line(`Removed webhook ${id} and its queued deliveries.`)
  }).pipe(Effect.provide(AdminLive))).pipe(Command.withDescription("Remove a webhook; its queued deliveries are dropped."))

const rotateSecret = Command.make("rotate-secret", { id: id("webhook", "webhooks list"), json }, ({ id, json }) =>
  Effect.gen(function*() {
    const rotated = yield* Webhooks.rotateSecret(id)
    yield* json
      ? Output.json(rotated)
      : Output.line(
        [
          `New signing secret of webhook ${id}, shown only this once:`,
          "",
          `  ${rotated.secret}`,
          "",
          `Until ${rotated.previousValidUntil.toISOString()} deliveries are signed with both the old and the new secret.`
        ].join("\n")
      )
  }).pipe(Effect.provide(AdminLive))).pipe(
    Command.withDescription("Replace a webhook's signing secret; the old one keeps signing beside it for 24 h.")
  )

const test = Command.make("test", { id: id("webhook", "webhooks list"), json }, ({ id, json }) =>
  Effect.gen(function*() {
    const settings = yield* webhookSettings
    const target = yield* Webhooks.target(id)
    const messageId = `msg_test_${randomUUID().replaceAll("-", "")}`
    const body = JSON.stringify({
      type: TEST_EVENT_TYPE,
      timestamp: new Date(yield* Clock.currentTimeMillis).toISOString(),
      data: { webhook_id: id, message: "A test event from `sightline webhooks test`." }
    })
    const attempt = yield* Effect.flatMap(Sender.WebhookSender, (sender) =>
      sender.send({ url: target.url, secrets: target.secrets, messageId, body })).pipe(Effect.provide(Sender.layer(settings)))
    if (!attempt.delivered) return yield* new WebhookTestFailed({ webhookId: id, reason: attempt.error ?? "no answer" })
    yield* json
      ? Output.json({ id, messageId, status: attempt.status })
      : Output.line(`Delivered a signed ${TEST_EVENT_TYPE} event (webhook-id ${messageId}) to ${target.url}: HTTP ${attempt.status}.`)
  }).pipe(Effect.provide(AdminLive))).pipe(Command.withDescription("Send a signed test event to a webhook now and report the answer."))

const deliveries = Command.make(
  "deliveries",
  {
    workspaceId,
    webhookId: Options.integer("webhook").pipe(Options.withDescription("Only this webhook's deliveries."), Options.optional),
    failed: Options.boolean("failed").pipe(Options.withDescription("Only deliveries given up on (after about 24 h of retries).")),
    limit: Options.integer("limit").pipe(Options.withDescription("At most this many (newest first)."), Options.withDefault(50)),
    json
  },
  (input) =>
    Effect.gen(function*() {
      const rows = yield* Webhooks.deliveries({
        workspaceId: input.workspaceId,
        failedOnly: input.failed,
        limit: Math.max(1, input.limit),
        ...Option.match(input.webhookId, { onNone: () => ({}), onSome: (webhookId) => ({ webhookId }) })
      })
      yield* Output.listing(input.json, rows, [
        ["ID", (d) => d.id],
        ["WEBHOOK", (d) => d.webhookId],
        ["EVENT", (d) => d.eventType],
        ["WEBHOOK-ID", (d) => d.messageId],
        ["STATUS", (d) => d.status],
        ["TRIES", (d) => d.attempts],
        ["CREATED", (d) => d.createdAt],
        ["NEXT", (d) => d.nextAttemptAt],
        ["LAST ERROR", (d) => d.lastError]
      ])
    }).pipe(Effect.provide(AdminLive))
).pipe(Command.withDescription("List webhook deliveries of a workspace, newest first."))

export const command = Command.make("webhooks").pipe(
  Command.withDescription("Manage signed webhooks: events POSTed to your URLs (docs/webhooks.md)."),
  Command.withSubcommands([add, list, remove, rotateSecret, test, deliveries])
)
