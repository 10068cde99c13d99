import * as SqlClient from "@effect/sql/SqlClient"
import { AuthenticationFailed, RateLimitExceeded, ServiceUnavailable } from "@sightline/domain/api/Errors"
import { ApiKeyAuth } from "@sightline/domain/api/Security"
import { hash } from "@sightline/domain/ApiKeyFormat"
import { Read, Unavailable } from "@sightline/sql"
import * as Effect from "effect/Effect"
import * as FiberRef from "effect/FiberRef"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { Settings } from "./Config.js"
import { KeyUsage } from "./KeyUsage.js"
import { KeyVerdicts } from "./KeyVerdicts.js"
import { RateLimiter } from "./RateLimit.js"
import { CurrentRequestState } from "./RequestContext.js"

/**
 * The `api-key` security middleware. A valid key is looked up by its SHA-256 hash on every request
 * (so a revocation applies at once), then its own token bucket is charged. A key known to be
 * invalid is refused from memory (KeyVerdicts), without a query. The edge charged the client's IP
 * bucket before this ran unless the key was recently valid; that charge is given back when the key
 * turns out valid, or when the database cannot answer (the caller earned neither).
 */
export const layer = Layer.effect(
  ApiKeyAuth,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const limiter = yield* RateLimiter
    const usage = yield* KeyUsage
    const verdicts = yield* KeyVerdicts
    const settings = yield* Settings

    const refundIp = Effect.gen(function*() {
      const state = yield* FiberRef.get(CurrentRequestState)
      if (Option.isNone(state) || state.value.ipBucket === null) return
      yield* limiter.refund(state.value.ipBucket, settings.defaultRateLimitPerMinute)
      state.value.ipBucket = null
      state.value.rateLimit = null
    })

    const lookUp = (keyHash: string) =>
      Read.ApiKeyAuth.findKeyByHash(keyHash).pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
        Effect.catchAllDefect((defect) =>
          Unavailable.isUnavailable(defect)
            ? Effect.zipRight(refundIp, Effect.fail(ServiceUnavailable.create()))
            : Effect.die(defect)
        )
      )

    const refuse = (keyHash: string, message: string) =>
      Effect.zipRight(verdicts.rememberInvalid(keyHash, message), Effect.fail(AuthenticationFailed.create(message)))

    const authenticate = (header: Redacted.Redacted<string>) =>
      Effect.gen(function*() {
        const value = Redacted.value(header).trim()
        if (value === "") return yield* Effect.fail(AuthenticationFailed.create(AuthenticationFailed.MISSING))
        const keyHash = hash(value)
        const remembered = yield* verdicts.invalid(keyHash)
        if (remembered !== undefined) return yield* Effect.fail(AuthenticationFailed.create(remembered))

        const found = yield* lookUp(keyHash)
        if (Option.isNone(found) || found.value.revoked) return yield* refuse(keyHash, AuthenticationFailed.INVALID)
        const key = found.value
        if (key.expired) return yield* refuse(keyHash, AuthenticationFailed.EXPIRED)

        yield* verdicts.rememberValid(keyHash)
        yield* refundIp
        const decision = yield* limiter.consume(
          `key:${key.id}`,
          key.rate_limit_per_minute ?? settings.defaultRateLimitPerMinute
        )
        const state = yield* FiberRef.get(CurrentRequestState)
        if (Option.isSome(state)) {
          state.value.keyId = key.id
          state.value.rateLimit = decision
        }
        if (!decision.allowed) return yield* Effect.fail(RateLimitExceeded.create(decision.retryAfterSeconds))
        yield* usage.touch(key.id)
        return { keyId: key.id, workspaceId: key.workspace_id, brandId: key.brand_id }
      })

    return ApiKeyAuth.of({ apiKey: authenticate })
  })
)
