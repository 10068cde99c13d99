import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

/** Most hashes each memory holds; the oldest entry goes first when full. */
const CAPACITY = 10_000
/**
 * How long an unknown, revoked or expired key's hash is answered from memory: short, so a key
 * changed in the database (created, restored) works within a second, as a revocation applies.
 */
const INVALID_TTL_MS = 1_000
/** How long a key seen valid skips the per-IP bucket charged before authentication. */
const VALID_TTL_MS = 10 * 60_000

/**
 * A small bounded memory of API key hashes by what the database last said about them. Neither
 * memory ever grants access: a key remembered as valid is still looked up on every request (so a
 * revocation applies at once); it only spares that request the per-IP charge taken up front. A key
 * remembered as invalid (unknown, revoked, expired) is refused without a query for a second, so a
 * flood of bad keys costs at most one query a second per key.
 */
export class KeyVerdicts extends Context.Tag("@sightline/http/KeyVerdicts")<KeyVerdicts, {
  /** The 401 message remembered for this hash, if any. */
  readonly invalid: (keyHash: string) => Effect.Effect<string | undefined>
  readonly isValid: (keyHash: string) => Effect.Effect<boolean>
  readonly rememberInvalid: (keyHash: string, message: string) => Effect.Effect<void>
  readonly rememberValid: (keyHash: string) => Effect.Effect<void>
}>() {}

interface Entry<A> {
  readonly value: A
  readonly until: number
}

/** A Map kept in insertion order: re-inserting moves an entry to the end, the first is the oldest. */
const boundedTtl = <A>(ttlMs: number) => {
  const entries = new Map<string, Entry<A>>()
  return {
    get: (key: string, now: number): A | undefined => {
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      if (entry.until > now) return entry.value
      entries.delete(key)
      return undefined
    },
    set: (key: string, value: A, now: number) => {
      entries.delete(key)
      if (entries.size >= CAPACITY) {
        const oldest = entries.keys().next()
        if (oldest.done !== true) entries.delete(oldest.value)
      }
      entries.set(key, { value, until: now + ttlMs })
    },
    delete: (key: string) => entries.delete(key)
  }
}

export const make = Effect.sync(() => {
  const invalid = boundedTtl<string>(INVALID_TTL_MS)
  const valid = boundedTtl<true>(VALID_TTL_MS)
  return KeyVerdicts.of({
    invalid: (keyHash) => Effect.map(Clock.currentTimeMillis, (now) => invalid.get(keyHash, now)),
    isValid: (keyHash) => Effect.map(Clock.currentTimeMillis, (now) => valid.get(keyHash, now) === true),
    rememberInvalid: (keyHash, message) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        valid.delete(keyHash)
        invalid.set(keyHash, message, now)
      }),
    rememberValid: (keyHash) => Effect.map(Clock.currentTimeMillis, (now) => valid.set(keyHash, true, now))
  })
})

export const layer = Layer.effect(KeyVerdicts, make)
