import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { check, guardedLookup, isPublicAddress } from "../src/TargetUrl.js"

describe("TargetUrl", () => {
  it("only public unicast addresses count as public", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "93.184.216.34"]) {
      expect(isPublicAddress(address), address).toBe(true)
    }
    for (
      const address of [
        "127.0.0.1", "127.8.9.10", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0",
        "224.0.0.1", "255.255.255.255", "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "::ffff:127.0.0.1",
        "::ffff:10.1.2.3", "[::1]"
      ]
    ) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })

  it.effect("refuses private, loopback and link-local targets, by literal or by what the host resolves to", () =>
    Effect.gen(function*() {
      for (
        const url of [
          "http://127.0.0.1:8080/hook", "http://[::1]/hook", "https://10.1.2.3/hook", "http://169.254.169.254/latest/meta-data",
          "http://[::ffff:192.168.0.1]/x", "http://localhost:3000/hook"
        ]
      ) {
        const result = yield* Effect.either(check(url, { allowPrivate: false }))
        expect(Either.isLeft(result), url).toBe(true)
        if (Either.isLeft(result)) {
          expect(result.left.message).toContain("WEBHOOKS_ALLOW_PRIVATE=true")
          expect(result.left.retryable).toBe(false)
        }
      }
    }))

  it.effect("allows them with allowPrivate, and refuses what is not an http(s) URL either way", () =>
    Effect.gen(function*() {
      const allowed = yield* check("http://127.0.0.1:8080/hook", { allowPrivate: true })
      expect(allowed.port).toBe("8080")
      for (const url of ["ftp://example.com/x", "not a url", "file:///etc/passwd", "javascript:alert(1)"]) {
        const result = yield* Effect.either(check(url, { allowPrivate: true }))
        expect(Either.isLeft(result), url).toBe(true)
      }
      const publicIp = yield* check("https://8.8.8.8/hook", { allowPrivate: false })
      expect(publicIp.hostname).toBe("8.8.8.8")
    }))

  it.effect("a host that does not resolve is refused as retryable (DNS may come back)", () =>
    Effect.gen(function*() {
      const result = yield* Effect.either(check("https://no-such-host.invalid/hook", { allowPrivate: false }))
      expect(Either.isLeft(result)).toBe(true)
      if (Either.isLeft(result)) expect(result.left.retryable).toBe(true)
    }))

  it("the connection's own DNS lookup refuses a host resolving to a private address (no rebinding)", async () => {
    const lookup = (host: string, all: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
        guardedLookup(host, { all }, (error, address) => resolve({ error, address })))
    const refused = await lookup("localhost", false)
    expect(refused.error?.code).toBe("EWEBHOOKPRIVATE")
    expect((await lookup("localhost", true)).error?.code).toBe("EWEBHOOKPRIVATE")
    const literal = await lookup("8.8.8.8", false)
    expect(literal).toEqual({ error: null, address: "8.8.8.8" })
  })
})
