import * as FiberRef from "effect/FiberRef"
import * as Option from "effect/Option"
import { globalValue } from "effect/GlobalValue"
import type { RateLimitDecision } from "./RateLimit.js"

/**
 * Mutable facts about the request in flight, shared between the edge middleware (which creates
 * it) and the auth middleware (which fills in the key and its rate-limit decision).
 */
export interface RequestState {
  readonly requestId: string
  keyId: number | null
  rateLimit: RateLimitDecision | null
  /** The per-IP bucket charged before the app ran, or null when the request was not charged to it. */
  ipBucket: string | null
  /** The `api-key` value the edge hashed, and its hash: the auth middleware need not hash it again. */
  hashedKey: { readonly key: string; readonly hash: string } | null
}

export const CurrentRequestState = globalValue(
  Symbol.for("@sightline/http/CurrentRequestState"),
  () => FiberRef.unsafeMake<Option.Option<RequestState>>(Option.none())
)
