import { describe, expect, it } from "@effect/vitest"
import * as WebhookSecret from "@sightline/domain/WebhookSecret"
import * as Effect from "effect/Effect"
import { defaultRetryPolicy } from "../src/RetryPolicy.js"
import * as Sender from "../src/Sender.js"
import type { WebhookSettings } from "../src/Settings.js"
import * as Receiver from "../test-support/Receiver.js"

const settings = (overrides: Partial<WebhookSettings> = {}): WebhookSettings => ({
  allowPrivate: true,
  timeoutMs: 1_000,
  retry: defaultRetryPolicy,
  concurrency: 1,
  visibilityCheckIntervalMs: 60_000,
  retentionDays: 30,
  ...overrides
})

const send = (message: Sender.Message, options: Partial<WebhookSettings> = {}) =>
  Effect.flatMap(Sender.WebhookSender, (sender) => sender.send(message)).pipe(
    Effect.provide(Sender.layer(settings(options)))
  )

const body = JSON.stringify({ type: "webhook.test", timestamp: "2026-11-22T10:00:00.000Z", data: { webhook_id: 1, message: "hi" } })

describe("WebhookSender", () => {
  it.scopedLive("signs with the Standard Webhooks headers; the receiver verifies with the same library", () =>
    Effect.gen(function*() {
      const secret = WebhookSecret.generate()
      const receiver = yield* Receiver.start({ secret })
      const attempt = yield* send({ url: receiver.url, secrets: [secret], messageId: "msg_abc", body })
      expect(attempt).toEqual({ delivered: true, status: 204, error: null, retryable: true })
      const [received] = receiver.requests
      expect(received?.verified, received?.error).toBe(true)
      expect(received?.id).toBe("msg_abc")
      expect(received?.body).toBe(body)
      expect(received?.payload).toEqual(JSON.parse(body))
      expect(Math.abs(Number(received?.timestamp) - Date.now() / 1000)).toBeLessThan(10)
      // A receiver with another secret rejects it.
      expect(() => Receiver.verifyWith(WebhookSecret.generate(), received)).toThrow()
    }))

  it.scopedLive("during a rotation both secrets sign: a receiver with either one verifies", () =>
    Effect.gen(function*() {
      const fresh = WebhookSecret.generate()
      const old = WebhookSecret.generate()
      const receiver = yield* Receiver.start({ secret: old })
      yield* send({ url: receiver.url, secrets: [fresh, old], messageId: "msg_rot", body })
      receiver.setSecret(fresh)
      yield* send({ url: receiver.url, secrets: [fresh, old], messageId: "msg_rot", body })
      expect(receiver.requests.map((r) => r.verified)).toEqual([true, true])
      expect(receiver.requests[0]?.signature.split(" ")).toHaveLength(2)
    }))

  it.scopedLive("never follows a redirect: the 3xx is a failed attempt and the other URL is not called", () =>
    Effect.gen(function*() {
      const secret = WebhookSecret.generate()
      const elsewhere = yield* Receiver.start({ secret })
      const receiver = yield* Receiver.start({ secret, otherwise: { redirect: elsewhere.url } })
      const attempt = yield* send({ url: receiver.url, secrets: [secret], messageId: "msg_r", body })
      expect(attempt.delivered).toBe(false)
      expect(attempt.status).toBe(307)
      expect(attempt.error).toContain("not followed")
      expect(receiver.requests).toHaveLength(1)
      expect(elsewhere.requests).toHaveLength(0)
    }))

  it.scopedLive("a 500 is a failed, retryable attempt with the receiver's answer kept; a hanging receiver times out", () =>
    Effect.gen(function*() {
      const secret = WebhookSecret.generate()
      const receiver = yield* Receiver.start({ secret })
      receiver.enqueue(500, "hang")
      const failed = yield* send({ url: receiver.url, secrets: [secret], messageId: "msg_5", body })
      expect(failed).toEqual({ delivered: false, status: 500, error: "HTTP 500: receiver says no", retryable: true })
      const started = Date.now()
      const hung = yield* send({ url: receiver.url, secrets: [secret], messageId: "msg_5", body }, { timeoutMs: 300 })
      expect(hung).toEqual({ delivered: false, status: null, error: "timed out after 300 ms", retryable: true })
      expect(Date.now() - started).toBeLessThan(5_000)
    }))

  it.scopedLive("refuses a private target unless allowed: nothing reaches the receiver, and retrying cannot help", () =>
    Effect.gen(function*() {
      const secret = WebhookSecret.generate()
      const receiver = yield* Receiver.start({ secret })
      const viaName = receiver.url.replace("127.0.0.1", "localhost")
      for (const url of [receiver.url, viaName]) {
        const attempt = yield* send({ url, secrets: [secret], messageId: "msg_p", body }, { allowPrivate: false })
        expect(attempt.delivered).toBe(false)
        expect(attempt.retryable).toBe(false)
        expect(attempt.error).toContain("WEBHOOKS_ALLOW_PRIVATE")
      }
      expect(receiver.requests).toHaveLength(0)
    }))
})
