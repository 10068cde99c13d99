import * as HttpApiMiddleware from "@effect/platform/HttpApiMiddleware"
import * as HttpApiSecurity from "@effect/platform/HttpApiSecurity"
import * as OpenApi from "@effect/platform/OpenApi"
import * as Context from "effect/Context"
import * as Schema from "effect/Schema"
import { AuthenticationFailed, RateLimitExceeded, ServiceUnavailable } from "./Errors.js"

/** Who is calling: the API key's workspace and, for a brand-restricted key, its brand. */
export interface Principal {
  readonly keyId: number
  readonly workspaceId: number
  readonly brandId: number | null
}

export class CurrentPrincipal extends Context.Tag("@sightline/domain/api/CurrentPrincipal")<
  CurrentPrincipal,
  Principal
>() {}

/** The `api-key` header scheme, shared by the server and the typed client. */
export const apiKeyHeader = HttpApiSecurity.apiKey({ key: "api-key", in: "header" }).pipe(
  HttpApiSecurity.annotate(OpenApi.Description, "An API key created with the CLI (`sl_` + 40 characters).")
)

export class ApiKeyAuth extends HttpApiMiddleware.Tag<ApiKeyAuth>()("@sightline/domain/api/ApiKeyAuth", {
  failure: Schema.Union(AuthenticationFailed, RateLimitExceeded, ServiceUnavailable),
  provides: CurrentPrincipal,
  security: { apiKey: apiKeyHeader }
}) {}
