import * as SqlClient from "@effect/sql/SqlClient"
import { AuthenticationFailed, RateLimitExceeded, ServiceUnavailable } from "@sightline/domain/api/Errors"
import { ApiKeyAuth, type Principal } from "@sightline/domain/api/Security"
import { hash } from "@sightline/domain/ApiKeyFormat"
import { Read, Unavailable } from "@sightline/sql"
import type { StoredApiKey } from "@sightline/sql/read/ApiKeyAuth"
import * as Cache from "effect/Cache"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as FiberRef from "effect/FiberRef"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { Settings } from "./Config.js"
import { KeyUsage } from "./KeyUsage.js"
import { KnownKeys } from "./KnownKeys.js"
import { RateLimiter } from "./RateLimit.js"
import { CurrentRequestState, type RequestState } from "./RequestContext.js"

/** What the database says of a key hash: the key, or the 401 message. */
type Verdict =
  | { readonly _tag: "Valid"; readonly key: StoredApiKey }
  | { readonly _tag: "Refused"; readonly message: string }

/** Key hashes whose verdict is remembered at once (a small bounded cache). */
const VERDICT_CAPACITY = 10_000
/**
 * How long a refused hash (unknown, revoked, expired) is answered without a query: a flood of one
 * bad key costs one lookup a second, and a key restored in the database works within a second.
 */
const REFUSED_TTL = Duration.seconds(1)
/**
 * How long a valid key is trusted without a query. The contract lets a revoked key work for up to
 * a second (docs/api-decisions.md, API keys); half a second spares the lookup on nearly every
 * request of a busy key. Never past the key's expiry.
 */
const VALID_TTL_MILLIS = 500

/**
 * The `api-key` security middleware. A key is looked up by its SHA-256 hash, and the verdict kept
 * for a moment (a valid key half a second, so a revocation applies within one; a refused key a
 * second); concurrent lookups of one hash share a single query. Then the key's own token bucket is
 * charged.
 *
 * The edge charged the client's IP bucket before this ran, unless the key was recently valid; that
 * charge is given back when the key turns out valid, or when the database cannot answer (the
 * caller earned neither).
 */
export class Authenticator extends Context.Tag("@sightline/http/Authenticator")<Authenticator, {
  /** Checks an `api-key` value and charges its rate limit: the key's principal, or the 401/429/503. */
  readonly authenticate: (
    header: Redacted.Redacted<string>
  ) => Effect.Effect<Principal, AuthenticationFailed | RateLimitExceeded | ServiceUnavailable>
}>() {}

const authenticatorLayer = Layer.effect(
  Authenticator,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const limiter = yield* RateLimiter
    const usage = yield* KeyUsage
    const known = yield* KnownKeys
    const settings = yield* Settings

    const lookUp = (keyHash: string) =>
      Read.ApiKeyAuth.findKeyByHash(keyHash).pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
        Effect.map((found): Verdict =>
          Option.isNone(found) || found.value.revoked
            ? { _tag: "Refused", message: AuthenticationFailed.INVALID }
            : found.value.expired
            ? { _tag: "Refused", message: AuthenticationFailed.EXPIRED }
            : { _tag: "Valid", key: found.value }
        ),
        Effect.catchAllDefect((defect) =>
          Unavailable.isUnavailable(defect) ? Effect.fail(ServiceUnavailable.create()) : Effect.die(defect)
        )
      )

    const verdicts = yield* Cache.makeWith({
      capacity: VERDICT_CAPACITY,
      lookup: lookUp,
      // A failed lookup (the database unavailable) is not kept.
      timeToLive: (exit) =>
        Exit.isFailure(exit)
          ? Duration.zero
          : exit.value._tag === "Refused"
          ? REFUSED_TTL
          : Duration.millis(Math.max(0, Math.min(VALID_TTL_MILLIS, exit.value.key.expires_in_millis)))
    })

    const refundIp = (state: Option.Option<RequestState>) => {
      if (Option.isNone(state) || state.value.ipBucket === null) return Effect.void
      const bucket = state.value.ipBucket
      state.value.ipBucket = null
      state.value.rateLimit = null
      return limiter.refund(bucket, settings.defaultRateLimitPerMinute)
    }

    const authenticate = (header: Redacted.Redacted<string>) =>
      Effect.gen(function*() {
        const value = Redacted.value(header).trim()
        if (value === "") return yield* Effect.fail(AuthenticationFailed.create(AuthenticationFailed.MISSING))
        const state = yield* FiberRef.get(CurrentRequestState)
        const hashed = Option.isSome(state) ? state.value.hashedKey : null
        const keyHash = hashed !== null && hashed.key === value ? hashed.hash : hash(value)
        const verdict = yield* verdicts.get(keyHash).pipe(Effect.tapError(() => refundIp(state)))
        if (verdict._tag === "Refused") {
          yield* known.forget(keyHash)
          return yield* Effect.fail(AuthenticationFailed.create(verdict.message))
        }
        const key = verdict.key
        yield* known.rememberValid(keyHash)
        yield* refundIp(state)
        const decision = yield* limiter.consume(
          `key:${key.id}`,
          key.rate_limit_per_minute ?? settings.defaultRateLimitPerMinute
        )
        if (Option.isSome(state)) {
          state.value.keyId = key.id
          state.value.rateLimit = decision
        }
        if (!decision.allowed) return yield* Effect.fail(RateLimitExceeded.create(decision.retryAfterSeconds))
        yield* usage.touch(key.id)
        return { keyId: key.id, workspaceId: key.workspace_id, brandId: key.brand_id }
      })

    return Authenticator.of({ authenticate })
  })
)

/**
 * The API's security middleware and the same authenticator for the MCP transports (one instance:
 * one negative cache, one view of the key's bucket).
 */
export const layer = Layer.effect(
  ApiKeyAuth,
  Effect.map(Authenticator, (authenticator) => ApiKeyAuth.of({ apiKey: authenticator.authenticate }))
).pipe(Layer.provideMerge(authenticatorLayer))
