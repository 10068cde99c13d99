import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

/** Most hashes remembered; the oldest goes first when full. */
const CAPACITY = 10_000
/** How long a key seen valid skips the per-IP charge taken before authentication. */
const TTL_MS = 10 * 60_000

/**
 * API key hashes recently found valid. This never grants access (the auth middleware checks
 * the key on every request, trusting a verdict for half a second at most): it only spares the
 * request the per-IP charge the edge takes before any database work, so a valid key keeps working
 * from a client whose IP bucket was spent by requests without one.
 */
export class KnownKeys extends Context.Tag("@sightline/http/KnownKeys")<KnownKeys, {
  readonly isValid: (keyHash: string) => Effect.Effect<boolean>
  readonly rememberValid: (keyHash: string) => Effect.Effect<void>
  readonly forget: (keyHash: string) => Effect.Effect<void>
}>() {}

export const make = Effect.sync(() => {
  // Insertion order is age: re-inserting moves a hash to the end, the first is the oldest.
  const until = new Map<string, number>()
  return KnownKeys.of({
    isValid: (keyHash) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const expires = until.get(keyHash)
        if (expires === undefined) return false
        if (expires > now) return true
        until.delete(keyHash)
        return false
      }),
    rememberValid: (keyHash) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        until.delete(keyHash)
        if (until.size >= CAPACITY) {
          const oldest = until.keys().next()
          if (oldest.done !== true) until.delete(oldest.value)
        }
        until.set(keyHash, now + TTL_MS)
      }),
    forget: (keyHash) => Effect.sync(() => void until.delete(keyHash))
  })
})

export const layer = Layer.effect(KnownKeys, make)
