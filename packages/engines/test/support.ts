import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import type { RetryPolicy } from "../src/HttpRetry.js"
import type { FakeServer } from "./fakes/FakeServer.js"

/** Short delays so retry tests stay fast; the logic is the production one. */
export const fastRetry: RetryPolicy = { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 20, maxHintMs: 60_000, timeoutMs: 300 }

export const withFake = (start: () => Promise<FakeServer>): Effect.Effect<FakeServer, never, Scope.Scope> =>
  Effect.acquireRelease(Effect.promise(start), (fake) => Effect.promise(() => fake.close()))
