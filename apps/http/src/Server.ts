import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpApiScalar from "@effect/platform/HttpApiScalar"
import * as HttpMiddleware from "@effect/platform/HttpMiddleware"
import { SightlineApi } from "@sightline/domain/api/SightlineApi"
import * as Layer from "effect/Layer"
import * as Auth from "./Auth.js"
import * as Edge from "./Edge.js"
import { ActionPlansLive } from "./handlers/ActionPlans.js"
import { BrandsLive, CompetitorsLive, GroupsLive } from "./handlers/Catalog.js"
import { CitedSourcesLive } from "./handlers/CitedSources.js"
import { DashboardLive } from "./handlers/Dashboard.js"
import { ExportsLive } from "./handlers/Exports.js"
import { PromptsLive } from "./handlers/Prompts.js"
import { ReportsLive } from "./handlers/Reports.js"
import * as Health from "./Health.js"
import * as KeyUsage from "./KeyUsage.js"
import * as KnownKeys from "./KnownKeys.js"
import * as McpHttp from "./mcp/McpHttp.js"
import * as RateLimit from "./RateLimit.js"

/** The contract with its handlers and the api-key middleware. */
export const ApiLive = HttpApiBuilder.api(SightlineApi).pipe(
  Layer.provide([
    BrandsLive,
    GroupsLive,
    CompetitorsLive,
    PromptsLive,
    CitedSourcesLive,
    ActionPlansLive,
    DashboardLive,
    ReportsLive,
    ExportsLive,
    Health.layer
  ]),
  Layer.provide(Auth.layer),
  Layer.provide(KeyUsage.layer)
)

/** MCP over streamable HTTP at /mcp, with the API's own authenticator (the same instance). */
export const McpLive = McpHttp.layer.pipe(
  Layer.provide(HttpApiBuilder.Router.Live),
  Layer.provide(Auth.layer),
  Layer.provide(KeyUsage.layer)
)

/**
 * The /docs page works offline: Scalar's script is served inline by @effect/platform, its default
 * fonts (fonts.scalar.com) are off, and so are its cloud features (the developer toolbar with
 * Share and Generate SDKs, telemetry). The api-key scheme is pre-selected for "Test request".
 * `showToolbar` and `telemetry` exist in the bundled Scalar but not in @effect/platform's type.
 */
const docsPage: HttpApiScalar.ScalarConfig & {
  readonly showToolbar: "never"
  readonly telemetry: false
  readonly authentication: { readonly preferredSecurityScheme: string }
} = {
  withDefaultFonts: false,
  showToolbar: "never",
  telemetry: false,
  authentication: { preferredSecurityScheme: "apiKey" }
}

/**
 * The whole HTTP application, served on whatever HttpServer is provided (a real port in main, a
 * test server in tests), with the given rate limiter. Needs a SqlClient and the Settings.
 */
export const appWith = <E, R>(rateLimiter: Layer.Layer<RateLimit.RateLimiter, E, R>) =>
  HttpApiBuilder.serve().pipe(
    // Sightline configures no tracer: the HTTP tracer middleware would still parse the URL and
    // redact the headers of every request for a span nobody records.
    HttpMiddleware.withTracerDisabledWhen(() => true),
    Layer.provide(HttpApiBuilder.middlewareOpenApi({ path: "/v1/openapi.json" })),
    Layer.provide(HttpApiScalar.layer({ path: "/docs", scalar: docsPage })),
    Layer.provide(Edge.layer),
    Layer.provide(Layer.merge(ApiLive, McpLive)),
    Layer.provide(KnownKeys.layer),
    Layer.provide(rateLimiter)
  )

/** The application with in-memory rate limits (one process: tests). */
export const AppLive = appWith(RateLimit.layerMemory)

/** The application with the rate limit store RATE_LIMIT_STORE names (main). */
export const AppConfigured = appWith(RateLimit.layer)
