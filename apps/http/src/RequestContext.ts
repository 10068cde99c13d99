import { Logging } from "@sightline/runtime"
import * as FiberRef from "effect/FiberRef"
import * as FiberRefs from "effect/FiberRefs"
import { globalValue } from "effect/GlobalValue"
import * as HashMap from "effect/HashMap"
import * as Logger from "effect/Logger"
import * as Option from "effect/Option"
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

/**
 * `logger` writing the id of the request in flight (`request_id`) on each line logged while it is
 * served. The edge sets the request's state once per request; annotating the fiber's logs with the
 * id as well would copy (and hash, to compare) the fiber's refs a second time.
 */
export const withRequestId = <Output>(logger: Logger.Logger<unknown, Output>) =>
  Logger.mapInputOptions(logger, (options: Logger.Logger.Options<unknown>) => {
    const state = FiberRefs.getOrDefault(options.context, CurrentRequestState)
    return Option.isNone(state)
      ? options
      : { ...options, annotations: HashMap.set(options.annotations, "request_id", state.value.requestId) }
  })

/** The JSON logger of the API's processes: with each request's id on its lines. */
export const logger = withRequestId(Logging.jsonLogger)
