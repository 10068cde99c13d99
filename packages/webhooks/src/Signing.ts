import { Webhook } from "standardwebhooks"

/**
 * The Standard Webhooks headers of one delivery attempt, signed with the standardwebhooks library.
 * With more than one secret (during a rotation) the signature header carries one `v1,` signature
 * per secret, space-separated, as the specification allows: a receiver holding either secret verifies.
 */
export const headers = (options: {
  readonly secrets: ReadonlyArray<string>
  readonly messageId: string
  readonly timestamp: Date
  readonly body: string
}): Record<string, string> => ({
  "content-type": "application/json",
  "webhook-id": options.messageId,
  "webhook-timestamp": String(Math.floor(options.timestamp.getTime() / 1000)),
  "webhook-signature": options.secrets
    .map((secret) => new Webhook(secret).sign(options.messageId, options.timestamp, options.body))
    .join(" ")
})
