import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { WebhookSettings } from "./Settings.js"
import * as Signing from "./Signing.js"
import * as TargetUrl from "./TargetUrl.js"

/** One signed POST of a webhook message. */
export interface Message {
  readonly url: string
  /** The current secret first; a rotated-out one still in its grace period after it. */
  readonly secrets: ReadonlyArray<string>
  /** The stable `webhook-id`. */
  readonly messageId: string
  /** The exact JSON body (signed as is). */
  readonly body: string
}

/** What one attempt came to. `retryable` false: trying again cannot help (the target is refused). */
export interface Attempt {
  readonly delivered: boolean
  readonly status: number | null
  readonly error: string | null
  readonly retryable: boolean
}

/** How much of a failed response's body is kept for `webhooks deliveries`. */
const ERROR_BODY_CHARS = 300

/**
 * Sends webhook messages: the target is checked first (TargetUrl.check), the request is signed
 * (Signing), redirects are never followed (a 3xx is a failed attempt), and the whole attempt, from
 * connecting to reading the response, is bounded by WEBHOOKS_TIMEOUT_MS. Only a 2xx counts as
 * delivered.
 */
export class WebhookSender extends Context.Tag("@sightline/webhooks/WebhookSender")<WebhookSender, {
  readonly send: (message: Message) => Effect.Effect<Attempt>
}>() {}

const make = (settings: WebhookSettings) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const timeout = Duration.millis(settings.timeoutMs)

    const send = Effect.fn("WebhookSender.send")(function*(message: Message) {
      const checked = yield* TargetUrl.check(message.url, { allowPrivate: settings.allowPrivate }).pipe(Effect.either)
      if (checked._tag === "Left") {
        const refused: Attempt = { delivered: false, status: null, error: checked.left.message, retryable: checked.left.retryable }
        return refused
      }
      const now = new Date(yield* Clock.currentTimeMillis)
      const request = HttpClientRequest.post(checked.right).pipe(
        HttpClientRequest.setHeaders(Signing.headers({ ...message, timestamp: now })),
        HttpClientRequest.bodyText(message.body, "application/json")
      )
      const attempt = client.execute(request).pipe(
        Effect.flatMap((response) =>
          response.status >= 200 && response.status < 300
            ? Effect.as(Effect.ignore(response.text), { delivered: true, status: response.status, error: null, retryable: true })
            : Effect.map(Effect.orElseSucceed(response.text, () => ""), (text): Attempt => ({
              delivered: false,
              status: response.status,
              error: response.status >= 300 && response.status < 400
                ? `redirect to ${response.headers["location"] ?? "(no location)"} not followed`
                : `HTTP ${response.status}${text.trim() === "" ? "" : `: ${text.trim().slice(0, ERROR_BODY_CHARS)}`}`,
              retryable: true
            }))
        ),
        Effect.timeoutFail({ duration: timeout, onTimeout: () => `timed out after ${settings.timeoutMs} ms` }),
        Effect.catchAll((error) =>
          Effect.succeed<Attempt>({
            delivered: false,
            status: null,
            error: typeof error === "string" ? error : error.message,
            retryable: true
          })
        )
      )
      return yield* attempt
    })

    return { send }
  })

/**
 * The sender over Node's HTTP client. Unless private targets are allowed, every connection's DNS
 * lookup is guarded as well (TargetUrl.guardedLookup).
 */
export const layer = (settings: WebhookSettings): Layer.Layer<WebhookSender> =>
  Layer.effect(WebhookSender, make(settings)).pipe(
    Layer.provide(NodeHttpClient.layerWithoutAgent),
    Layer.provide(
      NodeHttpClient.makeAgentLayer(settings.allowPrivate ? { keepAlive: true } : { keepAlive: true, lookup: TargetUrl.guardedLookup })
    )
  )
