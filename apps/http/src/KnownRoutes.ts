import * as HttpApi from "@effect/platform/HttpApi"
import { HEALTH_GROUP, SightlineApi } from "@sightline/domain/api/SightlineApi"

/** Paths served outside the HttpApi contract. */
export const EXTRA_PATHS = ["/v1/openapi.json", "/docs"] as const

const collect = (include: (group: string) => boolean): ReadonlyArray<string> => {
  const paths: Array<string> = []
  HttpApi.reflect(SightlineApi, {
    onGroup() {},
    onEndpoint({ endpoint, group }) {
      if (include(group.identifier)) paths.push(endpoint.path)
    }
  })
  return paths
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Matches like the router: case-insensitive, optional trailing slash, duplicate slashes collapsed. */
const patternsOf = (templates: ReadonlyArray<string>): ReadonlyArray<RegExp> =>
  templates.map((template) =>
    new RegExp(
      "^" +
        template.replace(/\/$/, "").split("/").map((segment) => segment.startsWith(":") ? "[^/]+" : escape(segment)).join(
          "/"
        ) +
        "/?$",
      "i"
    )
  )

const known = patternsOf([...EXTRA_PATHS, ...collect(() => true)])
const api = patternsOf(collect((group) => group !== HEALTH_GROUP))
const health = patternsOf(collect((group) => group === HEALTH_GROUP))

export const normalisePath = (url: string): string => {
  const path = url.split("?")[0] ?? ""
  return path.replace(/\/{2,}/g, "/")
}

const matches = (patterns: ReadonlyArray<RegExp>) => (url: string): boolean => {
  const path = normalisePath(url)
  return patterns.some((pattern) => pattern.test(path))
}

/** Whether some GET route serves this path (so any other method on it is a 405, not a 404). */
export const isKnownPath = matches(known)

/** Whether the path is an endpoint that authenticates with an API key. */
export const isApiPath = matches(api)

/** Whether the path is a health probe (never rate limited). */
export const isHealthPath = matches(health)
