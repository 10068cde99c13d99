import * as SqlClient from "@effect/sql/SqlClient"
import { AuthenticationFailed, RateLimitExceeded } from "@sightline/domain/api/Errors"
import { ApiKeyAuth } from "@sightline/domain/api/Security"
import { hash } from "@sightline/domain/ApiKeyFormat"
import { Read } from "@sightline/sql"
import * as Effect from "effect/Effect"
import * as FiberRef from "effect/FiberRef"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { Settings } from "./Config.js"
import { KeyUsage } from "./KeyUsage.js"
import { RateLimiter } from "./RateLimit.js"
import { CurrentRequestState } from "./RequestContext.js"

/**
 * The `api-key` security middleware: looks the key up by its SHA-256 hash on every request (so a
 * revocation applies at once), then charges the key's token bucket.
 */
export const layer = Layer.effect(
  ApiKeyAuth,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const limiter = yield* RateLimiter
    const usage = yield* KeyUsage
    const settings = yield* Settings

    const authenticate = (header: Redacted.Redacted<string>) =>
      Effect.gen(function*() {
        const value = Redacted.value(header).trim()
        if (value === "") return yield* Effect.fail(AuthenticationFailed.create(AuthenticationFailed.MISSING))
        const found = yield* Read.ApiKeyAuth.findKeyByHash(hash(value))
        if (Option.isNone(found) || found.value.revoked) {
          return yield* Effect.fail(AuthenticationFailed.create(AuthenticationFailed.INVALID))
        }
        const key = found.value
        if (key.expired) return yield* Effect.fail(AuthenticationFailed.create(AuthenticationFailed.EXPIRED))

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
      }).pipe(Effect.provideService(SqlClient.SqlClient, sql))

    return ApiKeyAuth.of({ apiKey: authenticate })
  })
)
