import * as HttpApi from "@effect/platform/HttpApi"
import { SightlineApi } from "@sightline/domain/api/SightlineApi"

/** Paths served outside the HttpApi contract. */
export const EXTRA_PATHS = ["/v1/openapi.json", "/docs", "/healthz"] as const

const templates = (): ReadonlyArray<string> => {
  const paths: Array<string> = [...EXTRA_PATHS]
  HttpApi.reflect(SightlineApi, {
    onGroup() {},
    onEndpoint({ endpoint }) {
      paths.push(endpoint.path)
    }
  })
  return paths
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Matches like the router: case-insensitive, optional trailing slash, duplicate slashes collapsed. */
const patterns: ReadonlyArray<RegExp> = templates().map((template) =>
  new RegExp(
    "^" + template.replace(/\/$/, "").split("/").map((segment) => segment.startsWith(":") ? "[^/]+" : escape(segment)).join("/") +
      "/?$",
    "i"
  )
)

export const normalisePath = (url: string): string => {
  const path = url.split("?")[0] ?? ""
  return path.replace(/\/{2,}/g, "/")
}

/** Whether some GET route serves this path (so any other method on it is a 405, not a 404). */
export const isKnownPath = (url: string): boolean => {
  const path = normalisePath(url)
  return patterns.some((pattern) => pattern.test(path))
}
