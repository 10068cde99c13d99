import { describe, expect, it } from "@effect/vitest"
import * as Option from "effect/Option"
import * as fc from "effect/FastCheck"
import { retryInfoDelayMs } from "../src/adapters/Gemini.js"
import { backoffMs, defaultRetryPolicy, headerRetryHint } from "../src/HttpRetry.js"

describe("retry hints and backoff", () => {
  it("retry-after-ms wins over retry-after; retry-after takes seconds or an HTTP date", () => {
    const now = Date.parse("2026-01-01T00:00:00Z")
    expect(headerRetryHint({ "retry-after-ms": "250", "retry-after": "9" }, now)).toEqual(Option.some(250))
    expect(headerRetryHint({ "retry-after": "2" }, now)).toEqual(Option.some(2000))
    expect(headerRetryHint({ "retry-after": "Thu, 01 Jan 2026 00:00:03 GMT" }, now)).toEqual(Option.some(3000))
    expect(headerRetryHint({ "retry-after": "soon" }, now)).toEqual(Option.none())
    expect(headerRetryHint({}, now)).toEqual(Option.none())
  })

  it("parses Gemini's RetryInfo protobuf durations", () => {
    const body = (retryDelay: string) => ({ error: { details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay }] } })
    expect(retryInfoDelayMs(body("38s"))).toEqual(Option.some(38_000))
    expect(Option.map(retryInfoDelayMs(body("45.837906927s")), Math.round)).toEqual(Option.some(45_838))
    expect(retryInfoDelayMs({ error: { details: [] } })).toEqual(Option.none())
  })

  it.prop("backoff doubles from the base, stays under the cap, and loses at most 25% to jitter", [
    fc.integer({ min: 0, max: 20 }),
    fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })
  ], ([retry, random]) => {
    const delay = backoffMs(defaultRetryPolicy, retry, random)
    const nominal = Math.min(defaultRetryPolicy.baseDelayMs * 2 ** retry, defaultRetryPolicy.maxDelayMs)
    expect(delay).toBeLessThanOrEqual(nominal)
    expect(delay).toBeGreaterThan(nominal * 0.75 - 1e-9)
  })

  it.prop("a numeric retry-after is read as seconds", [fc.integer({ min: 0, max: 100_000 })], ([seconds]) => {
    expect(headerRetryHint({ "retry-after": String(seconds) }, 0)).toEqual(Option.some(seconds * 1000))
  })
})
