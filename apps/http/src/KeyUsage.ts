import * as SqlClient from "@effect/sql/SqlClient"
import { Read } from "@sightline/sql"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schedule from "effect/Schedule"
import { Settings } from "./Config.js"

/**
 * Records `last_used_at` without a write on the request path: requests note the time in memory,
 * a background fiber writes the batch every second (KEY_USAGE_FLUSH_MS), and once more at shutdown.
 */
export class KeyUsage extends Context.Tag("@sightline/http/KeyUsage")<KeyUsage, {
  readonly touch: (keyId: number) => Effect.Effect<void>
  readonly flush: Effect.Effect<void>
}>() {}

export const layer = Layer.scoped(
  KeyUsage,
  Effect.gen(function*() {
    const settings = yield* Settings
    const sql = yield* SqlClient.SqlClient
    let pending = new Map<number, Date>()
    const flush = Effect.suspend(() => {
      if (pending.size === 0) return Effect.void
      const batch = Array.from(pending, ([keyId, at]) => ({ keyId, at }))
      pending = new Map()
      return Read.ApiKeyAuth.recordKeyUsage(batch).pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
        Effect.catchAllCause((cause) => Effect.logWarning("could not record API key usage", cause))
      )
    })
    yield* Effect.addFinalizer(() => flush)
    yield* flush.pipe(
      Effect.repeat(Schedule.spaced(Duration.millis(settings.keyUsageFlushMillis))),
      Effect.forkScoped
    )
    return KeyUsage.of({
      touch: (keyId) =>
        Effect.map(Clock.currentTimeMillis, (now) => {
          pending.set(keyId, new Date(now))
        }),
      flush
    })
  })
)
