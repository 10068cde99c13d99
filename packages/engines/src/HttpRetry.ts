import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import type { AiModel } from "@sightline/domain/AiModel"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Random from "effect/Random"
import { EngineError, type EngineErrorCode, isTransient } from "./EngineError.js"

/**
 * The retry policy of the official Stainless SDKs (openai-node, perplexity-node), shared by every
 * adapter: 408/409/429/5xx are retried, `x-should-retry` overrides that, the delay comes from
 * `retry-after-ms`, then `retry-after` (seconds or HTTP date), then a provider body hint (Gemini's
 * RetryInfo), else exponential backoff with up to 25% jitter under a cap. A hint longer than
 * `maxHintMs` is not slept on: the call fails as rate_limited with the hint, and the run is
 * re-queued for later.
 */
export interface RetryPolicy {
  readonly maxRetries: number
  readonly baseDelayMs: number
  readonly maxDelayMs: number
  readonly maxHintMs: number
  /** Per-request timeout; a timed-out request counts as a retryable failure. */
  readonly timeoutMs: number
}

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxHintMs: 60_000,
  timeoutMs: 120_000
}

export interface HttpFailure {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
  readonly text: string
}

/** How one provider reads its error bodies. */
export interface ProviderRules {
  readonly engine: AiModel
  /** Refines the code and message of a non-2xx answer (e.g. insufficient_quota is terminal). */
  readonly classify: (failure: HttpFailure) => { readonly code: EngineErrorCode; readonly message: string }
  /** A wait hint carried in the body rather than in headers, in milliseconds. */
  readonly bodyRetryHint?: (body: unknown) => Option.Option<number>
}

export interface JsonResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
}

const RETRYABLE_STATUS = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500

/** The server's wait hint from headers, in ms (retry-after-ms, then retry-after seconds or date). */
export const headerRetryHint = (headers: Readonly<Record<string, string>>, now: number): Option.Option<number> => {
  const ms = headers["retry-after-ms"]
  if (ms !== undefined) {
    const value = Number.parseFloat(ms)
    if (Number.isFinite(value)) return Option.some(value)
  }
  const after = headers["retry-after"]
  if (after !== undefined) {
    const seconds = Number.parseFloat(after)
    if (/^\s*-?\d+(\.\d+)?\s*$/.test(after) && Number.isFinite(seconds)) return Option.some(seconds * 1000)
    const date = Date.parse(after)
    if (Number.isFinite(date)) return Option.some(date - now)
  }
  return Option.none()
}

/** Exponential backoff for retry number `retry` (0-based), minus up to 25% jitter. */
export const backoffMs = (policy: RetryPolicy, retry: number, random: number): number => {
  const delay = Math.min(policy.baseDelayMs * 2 ** retry, policy.maxDelayMs)
  return delay * (1 - random * 0.25)
}

const parseJson = (text: string): Option.Option<unknown> => {
  try {
    return Option.some(JSON.parse(text))
  } catch {
    return Option.none()
  }
}

type Outcome =
  | { readonly _tag: "Ok"; readonly response: JsonResponse }
  | { readonly _tag: "Failed"; readonly error: EngineError; readonly retry: boolean; readonly hint: Option.Option<number> }

/**
 * Sends a request and returns its JSON body, applying the retry policy. Every failure is an
 * EngineError; secrets in the URL (SerpApi's api_key) never reach an error message.
 */
export const sendJson = (
  request: HttpClientRequest.HttpClientRequest,
  policy: RetryPolicy,
  rules: ProviderRules
): Effect.Effect<JsonResponse, EngineError, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const fail = (code: EngineErrorCode, message: string, status?: number, retryAfterMs?: number) =>
      new EngineError({
        engine: rules.engine,
        code,
        message,
        retryable: isTransient(code),
        ...(status === undefined ? {} : { status }),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs })
      })

    const attempt: Effect.Effect<Outcome> = Effect.gen(function*() {
      const response = yield* client.execute(request)
      const text = yield* response.text
      const headers = response.headers
      const body = parseJson(text)
      if (response.status >= 200 && response.status < 300) {
        if (Option.isNone(body)) {
          return { _tag: "Failed", error: fail("malformed_response", "the response body is not valid JSON", response.status), retry: false, hint: Option.none() } satisfies Outcome
        }
        return { _tag: "Ok", response: { status: response.status, headers, body: body.value } } satisfies Outcome
      }
      const failure: HttpFailure = { status: response.status, headers, body: Option.getOrUndefined(body), text }
      const { code, message } = rules.classify(failure)
      const now = yield* Effect.clockWith((clock) => clock.currentTimeMillis)
      const hint = headerRetryHint(headers, now).pipe(
        Option.orElse(() => rules.bodyRetryHint?.(failure.body) ?? Option.none())
      )
      const shouldRetry = headers["x-should-retry"]
      const retry = shouldRetry === "true" ? true : shouldRetry === "false" ? false : RETRYABLE_STATUS(response.status) && isTransient(code)
      return { _tag: "Failed", error: fail(code, message, response.status), retry, hint } satisfies Outcome
    }).pipe(
      Effect.scoped,
      Effect.timeoutFail({ duration: Duration.millis(policy.timeoutMs), onTimeout: () => "timeout" as const }),
      Effect.catchAll((cause): Effect.Effect<Outcome> =>
        Effect.succeed({
          _tag: "Failed",
          error: cause === "timeout"
            ? fail("timeout", `no response within ${policy.timeoutMs} ms`)
            : fail("network", `the request could not be completed (${cause.reason})`),
          retry: true,
          hint: Option.none()
        })
      )
    )

    for (let retry = 0;; retry++) {
      const outcome = yield* attempt
      if (outcome._tag === "Ok") return outcome.response
      if (!outcome.retry) return yield* outcome.error
      const hint = Option.filter(outcome.hint, (ms) => ms >= 0)
      if (Option.isSome(hint) && hint.value > policy.maxHintMs) {
        return yield* fail(
          outcome.error.code,
          `${outcome.error.message} (server asks to wait ${Math.ceil(hint.value / 1000)} s)`,
          outcome.error.status,
          hint.value
        )
      }
      if (retry >= policy.maxRetries) {
        return yield* (Option.isSome(hint)
          ? fail(outcome.error.code, outcome.error.message, outcome.error.status, hint.value)
          : outcome.error)
      }
      const jitter = yield* Random.next
      const delay = Option.getOrElse(hint, () => backoffMs(policy, retry, jitter))
      yield* Effect.logDebug(`${rules.engine}: ${outcome.error.code}, retrying in ${Math.round(delay)} ms`)
      yield* Effect.sleep(Duration.millis(delay))
    }
  })
