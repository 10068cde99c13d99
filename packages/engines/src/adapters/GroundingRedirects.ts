import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"

/**
 * Resolves Gemini grounding redirect URIs (…/grounding-api-redirect/…) to the publisher URL: a
 * HEAD request with redirects NOT followed, reading the 3xx `Location`. Short timeout, results
 * cached per URI; a failure leaves the URI unresolved (the parser then falls back to the chunk's
 * domain). Which URIs are redirects is decided by path, so tests point them at a local fake host.
 */
export interface GroundingRedirects {
  readonly resolve: (uri: string) => Effect.Effect<Option.Option<string>>
}

export const make = (options: { readonly timeoutMs: number }): Effect.Effect<GroundingRedirects, never, HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const cache = new Map<string, string>()
    return {
      resolve: (uri) =>
        Effect.gen(function*() {
          const cached = cache.get(uri)
          if (cached !== undefined) return Option.some(cached)
          const response = yield* client.execute(HttpClientRequest.head(uri)).pipe(
            Effect.provideService(FetchHttpClient.RequestInit, { redirect: "manual" }),
            Effect.scoped,
            Effect.timeout(Duration.millis(options.timeoutMs))
          )
          const location = response.headers["location"]
          if (response.status < 300 || response.status >= 400 || location === undefined) return Option.none()
          const resolved = new URL(location, uri).toString()
          cache.set(uri, resolved)
          return Option.some(resolved)
        }).pipe(
          Effect.catchAll((error) =>
            Effect.logWarning(`could not resolve a grounding redirect: ${error._tag}`).pipe(Effect.as(Option.none()))
          )
        )
    }
  })
