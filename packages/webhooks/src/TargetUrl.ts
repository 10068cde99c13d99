import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import ipaddr from "ipaddr.js"
import * as Dns from "node:dns"
import type { LookupAddress, LookupOptions } from "node:dns"
import * as Net from "node:net"

/**
 * Where a webhook may point. Only http(s) URLs, and (unless private targets are allowed, for tests
 * and on-prem receivers: WEBHOOKS_ALLOW_PRIVATE=true) only hosts whose every address is public
 * unicast: loopback, private (RFC 1918, unique-local), link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast, reserved and unspecified addresses are refused.
 * IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry. The check runs when a
 * webhook is added and again before every delivery, and the delivery's own DNS lookup is guarded
 * too (`guardedLookup`), so a host that starts resolving to a private address later is refused.
 */

export class WebhookTargetRefused extends Schema.TaggedError<WebhookTargetRefused>()("WebhookTargetRefused", {
  url: Schema.String,
  reason: Schema.String,
  /** True when the host did not resolve (may pass later); false for a refused address or form. */
  retryable: Schema.optionalWith(Schema.Boolean, { default: () => false })
}) {
  override get message() {
    return `Webhook URL ${JSON.stringify(this.url)} is refused: ${this.reason}`
  }
}

/** The ipaddr.js range name of an address ("unicast" for a public one); undefined when not an IP. */
export const rangeOf = (address: string): string | undefined => {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address
  if (!ipaddr.isValid(bare)) return undefined
  return ipaddr.process(bare).range()
}

/** True for a public unicast address. */
export const isPublicAddress = (address: string): boolean => rangeOf(address) === "unicast"

const refusedAddress = (address: string) =>
  `${address} is a ${rangeOf(address) ?? "non-public"} address; set WEBHOOKS_ALLOW_PRIVATE=true to allow private targets.`

/** Parses and checks the URL's form (absolute http or https, with a host). */
export const parse = (raw: string): Effect.Effect<URL, WebhookTargetRefused> => {
  const trimmed = raw.trim()
  if (!URL.canParse(trimmed)) {
    return Effect.fail(new WebhookTargetRefused({ url: raw, reason: "not an absolute URL (expected https://host/path)." }))
  }
  const url = new URL(trimmed)
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return Effect.fail(new WebhookTargetRefused({ url: raw, reason: "only http and https URLs are allowed." }))
  }
  if (url.hostname === "") return Effect.fail(new WebhookTargetRefused({ url: raw, reason: "the URL has no host." }))
  return Effect.succeed(url)
}

const lookupAll = (host: string) =>
  Effect.async<ReadonlyArray<LookupAddress>, WebhookTargetRefused>((resume) => {
    Dns.lookup(host, { all: true, verbatim: true }, (error, addresses) => {
      resume(
        error === null
          ? Effect.succeed(addresses)
          : Effect.fail(
            new WebhookTargetRefused({ url: host, reason: `its host does not resolve (${error.code ?? error.message}).`, retryable: true })
          )
      )
    })
  })

/**
 * Checks a webhook URL: its form, and unless `allowPrivate`, that its host (resolved now) has only
 * public addresses. Returns the parsed URL.
 */
export const check = (raw: string, options: { readonly allowPrivate: boolean }): Effect.Effect<URL, WebhookTargetRefused> =>
  Effect.gen(function*() {
    const url = yield* parse(raw)
    if (options.allowPrivate) return url
    const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname
    const addresses = Net.isIP(host) !== 0 ? [host] : (yield* lookupAll(host).pipe(
      Effect.mapError((e) => new WebhookTargetRefused({ url: raw, reason: e.reason, retryable: true }))
    )).map((a) => a.address)
    if (addresses.length === 0) {
      return yield* new WebhookTargetRefused({ url: raw, reason: "its host has no address." })
    }
    const refused = addresses.find((address) => !isPublicAddress(address))
    if (refused !== undefined) return yield* new WebhookTargetRefused({ url: raw, reason: refusedAddress(refused) })
    return url
  })

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | Array<LookupAddress>, family?: number) => void

/**
 * A `lookup` for sockets (an http.Agent option) that refuses non-public addresses: the connection
 * uses exactly the addresses checked here, so DNS answering differently between the check and the
 * connection (rebinding) cannot reach a private address.
 */
export const guardedLookup = (
  hostname: string,
  options: LookupOptions,
  callback: LookupCallback
): void => {
  Dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error !== null) return callback(error, [])
    const refused = addresses.find((a) => !isPublicAddress(a.address))
    if (refused !== undefined) {
      const denied: NodeJS.ErrnoException = new Error(`webhook target ${hostname}: ${refusedAddress(refused.address)}`)
      denied.code = "EWEBHOOKPRIVATE"
      return callback(denied, [])
    }
    if (options.all === true) return callback(null, addresses)
    const [first] = addresses
    if (first === undefined) return callback(new Error(`webhook target ${hostname}: no address`), [])
    callback(null, first.address, first.family)
  })
}
