import * as HttpApi from "@effect/platform/HttpApi"
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import * as OpenApi from "@effect/platform/OpenApi"
import * as Schema from "effect/Schema"
import * as Errors from "./Errors.js"
import * as Params from "./Params.js"
import * as R from "./Resources.js"
import { ApiKeyAuth } from "./Security.js"

/**
 * The read-only API contract (docs/api.md, docs/api-decisions.md). Paths are declared with the spec's trailing
 * slash; the router serves both forms.
 */

export class BrandsGroup extends HttpApiGroup.make("brands")
  .add(
    HttpApiEndpoint.get("list", "/v1/brands/")
      .setUrlParams(Params.BrandListParams)
      .addSuccess(R.Paginated(R.Brand, "BrandPage"))
      .annotate(OpenApi.Summary, "List the brands the key can see")
  )
  .middleware(ApiKeyAuth)
  .annotate(OpenApi.Title, "Brands")
  .annotate(OpenApi.Description, "The brands an API key can see, with their country, language and aliases.")
{}

export class GroupsGroup extends HttpApiGroup.make("groups")
  .add(
    HttpApiEndpoint.get("list", "/v1/groups/")
      .setUrlParams(Params.ScopedPageParams)
      .addSuccess(R.Paginated(R.Group, "GroupPage"))
      .annotate(OpenApi.Summary, "List the prompt groups of a brand")
  )
  .add(
    HttpApiEndpoint.get("get", "/v1/groups/:group_id/")
      .setPath(Params.GroupPath)
      .setUrlParams(Params.ItemParams)
      .addSuccess(R.Single(R.Group, "GroupResponse"))
      .annotate(OpenApi.Summary, "Get a prompt group")
  )
  .middleware(ApiKeyAuth)
  .annotate(OpenApi.Title, "Groups")
  .annotate(OpenApi.Description, "Named sets of monitored prompts within a brand.")
{}

export class CompetitorsGroup extends HttpApiGroup.make("competitors")
  .add(
    HttpApiEndpoint.get("list", "/v1/monitored-competitors/")
      .setUrlParams(Params.ScopedPageParams)
      .addSuccess(R.Paginated(R.Competitor, "MonitoredCompetitorPage"))
      .annotate(OpenApi.Summary, "List the monitored competitors of a brand")
  )
  .add(
    HttpApiEndpoint.get("get", "/v1/monitored-competitors/:monitored_competitor_id/")
      .setPath(Params.CompetitorPath)
      .setUrlParams(Params.ItemParams)
      .addSuccess(R.Single(R.Competitor, "MonitoredCompetitorResponse"))
      .annotate(OpenApi.Summary, "Get a monitored competitor")
  )
  .middleware(ApiKeyAuth)
  .annotate(OpenApi.Title, "Monitored Competitors")
  .annotate(OpenApi.Description, "The competitors tracked alongside a brand in every answer.")
{}

export class PromptsGroup extends HttpApiGroup.make("prompts")
  .add(
    HttpApiEndpoint.get("list", "/v1/monitored-prompts/")
      .setUrlParams(Params.PromptListParams)
      .addSuccess(R.Paginated(R.PromptListItem, "MonitoredPromptPage"))
      .annotate(OpenApi.Summary, "List monitored prompts with their metrics")
  )
  .add(
    HttpApiEndpoint.get("get", "/v1/monitored-prompts/:monitored_prompt_id/")
      .setPath(Params.PromptPath)
      .setUrlParams(Params.ItemFilterParams)
      .addSuccess(R.Single(R.PromptDetail, "MonitoredPromptDetailResponse"))
      .annotate(OpenApi.Summary, "Get a monitored prompt with its time series")
  )
  .add(
    HttpApiEndpoint.get("responses", "/v1/monitored-prompts/:monitored_prompt_id/responses/")
      .setPath(Params.PromptPath)
      .setUrlParams(Params.ItemFilterPageParams)
      .addSuccess(R.Paginated(R.PromptResponse, "MonitoredPromptResponsePage"))
      .annotate(OpenApi.Summary, "List the collected answers of a prompt")
  )
  .add(
    HttpApiEndpoint.get("citations", "/v1/monitored-prompts/:monitored_prompt_id/citations/")
      .setPath(Params.PromptPath)
      .setUrlParams(Params.ItemFilterPageParams)
      .addSuccess(R.Paginated(R.PromptCitation, "MonitoredPromptCitationPage"))
      .annotate(OpenApi.Summary, "List the domains and URLs cited in a prompt's answers")
  )
  .add(
    HttpApiEndpoint.get("searchQueries", "/v1/monitored-prompts/:monitored_prompt_id/search-queries/")
      .setPath(Params.PromptPath)
      .setUrlParams(Params.ItemFilterPageParams)
      .addSuccess(R.Paginated(R.SearchQuery, "MonitoredPromptSearchQueryPage"))
      .annotate(OpenApi.Summary, "List the web searches made for a prompt's answers")
  )
  .middleware(ApiKeyAuth)
  .annotate(OpenApi.Title, "Monitored Prompts")
  .annotate(OpenApi.Description, "The prompts sent to AI engines, with their metrics, collected answers, citations and search queries.")
{}

export class CitedSourcesGroup extends HttpApiGroup.make("citedSources")
  .add(
    HttpApiEndpoint.get("domains", "/v1/cited-sources/")
      .setUrlParams(Params.CitedSourceListParams)
      .addSuccess(R.Paginated(R.CitedDomain, "CitedSourceDomainPage"))
      .annotate(OpenApi.Summary, "List the domains cited in a brand's answers")
  )
  .add(
    HttpApiEndpoint.get("urls", "/v1/cited-sources/urls/")
      .setUrlParams(Params.CitedSourceListParams)
      .addSuccess(R.Paginated(R.CitedUrl, "CitedUrlPage"))
      .annotate(OpenApi.Summary, "List the URLs cited in a brand's answers, across domains")
  )
  .add(
    HttpApiEndpoint.get("domainUrls", "/v1/cited-sources/:domain_id/urls/")
      .setPath(Params.DomainPath)
      .setUrlParams(Params.CitedSourceListParams)
      .addSuccess(R.Paginated(R.DomainCitedUrl, "DomainCitedUrlPage"))
      .annotate(OpenApi.Summary, "List the cited URLs of one domain")
  )
  .add(
    HttpApiEndpoint.get("relatedPrompts", "/v1/cited-sources/:domain_id/related-prompts/")
      .setPath(Params.DomainPath)
      .setUrlParams(Params.RelatedPromptParams)
      .addSuccess(R.Paginated(R.RelatedPrompt, "RelatedPromptPage"))
      .annotate(OpenApi.Summary, "List the prompts whose answers cite a domain")
  )
  .middleware(ApiKeyAuth)
  .annotate(OpenApi.Title, "Cited Sources")
  .annotate(OpenApi.Description, "The domains and URLs AI answers cite, and the prompts that cite them.")
{}

export class ActionPlansGroup extends HttpApiGroup.make("actionPlans")
  .add(
    HttpApiEndpoint.get("list", "/v1/action-plans/")
      .setUrlParams(Params.ScopedPageParams)
      .addSuccess(R.Paginated(R.ActionPlan, "ActionPlanPage"))
      .annotate(OpenApi.Summary, "List the action plans of a brand")
  )
  .add(
    HttpApiEndpoint.get("get", "/v1/action-plans/:action_plan_id/")
      .setPath(Params.ActionPlanPath)
      .setUrlParams(Params.ItemParams)
      .addSuccess(R.Single(R.ActionPlanDetail, "ActionPlanDetailResponse"))
      .annotate(OpenApi.Summary, "Get an action plan with its actions")
  )
  .middleware(ApiKeyAuth)
  .annotate(OpenApi.Title, "Action Plans")
  .annotate(OpenApi.Description, "Recommendations derived from each prompt's answers, with the evidence behind them.")
{}

export class DashboardGroup extends HttpApiGroup.make("dashboard")
  .add(
    HttpApiEndpoint.get("get", "/v1/dashboard/")
      .setUrlParams(Params.DashboardParams)
      .addSuccess(R.Single(R.Dashboard, "DashboardResponse"))
      .annotate(OpenApi.Summary, "Aggregated metrics of a brand over a date range")
  )
  .middleware(ApiKeyAuth)
  .annotate(OpenApi.Title, "Dashboard")
  .annotate(OpenApi.Description, "Aggregated visibility, position, sentiment and share of voice of a brand over a date range.")
{}

export class ReportsGroup extends HttpApiGroup.make("reports")
  .add(
    HttpApiEndpoint.get("visibility", "/v1/reports/visibility/")
      .setUrlParams(Params.VisibilityReportParams)
      .addSuccess(R.VisibilityReport)
      .annotate(OpenApi.Summary, "Visibility and share of voice, broken down, with uncertainty and the previous period")
      .annotate(
        OpenApi.Description,
        "One row per combination of the requested dimensions (date, ISO week or calendar month; AI model; prompt; " +
          "group; competitor). Every rate carries its 95 % Wilson interval and the answers behind it; rows from " +
          "fewer than 30 answers are flagged `low_sample`. With `include_previous_period=true` each row adds the " +
          "figures of the period of equal length just before, the change, and whether it is significant " +
          "(pooled two-proportion z-test at 95 %). Time buckets of the previous period are matched by position."
      )
  )
  .add(
    HttpApiEndpoint.get("citations", "/v1/reports/citations/")
      .setUrlParams(Params.CitationReportParams)
      .addSuccess(R.CitationReport)
      .annotate(OpenApi.Summary, "Cited domains or URLs with their share of citations, brand and competitor co-mentions, and source type")
      .annotate(
        OpenApi.Description,
        "One row per cited domain (or URL with `level=url`), optionally split by AI model and UTC day: citations, " +
          "answers citing it, its share of all citations in scope, how many of those answers name the brand, the " +
          "competitors named alongside, and its source type (own, competitor, ugc, editorial, reference, other). " +
          "Ordered by citations, then name."
      )
  )
  .middleware(ApiKeyAuth)
  .annotate(OpenApi.Title, "Reports")
  .annotate(OpenApi.Description, "Breakdowns of a brand's figures that answer one question per call, with honest uncertainty.")
{}

/** NDJSON, the exports' default body; `format=csv` answers `text/csv` instead (documented by the transform below). */
export const NDJSON_CONTENT_TYPE = "application/x-ndjson"
export const CSV_CONTENT_TYPE = "text/csv"

const exportEndpoint = <const Name extends string>(name: Name, summary: string) =>
  HttpApiEndpoint.get(name, `/v1/exports/${name}/`)
    .setUrlParams(Params.ExportParams)
    .addSuccess(HttpApiSchema.Text({ contentType: NDJSON_CONTENT_TYPE }))
    .annotate(OpenApi.Summary, summary)

export class ExportsGroup extends HttpApiGroup.make("exports")
  .add(exportEndpoint("responses", "Stream every answer of a brand in a date range, with its analysis"))
  .add(exportEndpoint("citations", "Stream every citation of a brand's answers in a date range"))
  .add(exportEndpoint("prompts", "Stream every monitored prompt of a brand with its metrics over a date range"))
  .middleware(ApiKeyAuth)
  .annotate(OpenApi.Title, "Exports")
  .annotate(
    OpenApi.Description,
    "Whole result sets streamed from a database cursor, one NDJSON line (default) or CSV record (format=csv) per row, for BI tools."
  )
{}

export const HEALTH_GROUP = "health"

export const Liveness = Schema.Struct({ status: Schema.Literal("ok") }).annotations({ identifier: "Liveness" })
export const Readiness = Schema.Struct({ status: Schema.Literal("ok"), database: Schema.Literal("ok") }).annotations({
  identifier: "Readiness"
})

/** Probes for supervisors and load balancers: no key, never rate limited. */
export class HealthGroup extends HttpApiGroup.make(HEALTH_GROUP)
  .add(
    HttpApiEndpoint.get("live", "/healthz")
      .addSuccess(Liveness)
      .annotate(OpenApi.Summary, "Liveness: the process is up (does not touch the database)")
  )
  .add(
    HttpApiEndpoint.get("ready", "/readyz")
      .addSuccess(Readiness)
      .annotate(OpenApi.Summary, "Readiness: the database answers within 2 s (503 otherwise)")
  )
  .annotate(OpenApi.Title, "Health")
  .annotate(OpenApi.Description, "Liveness and readiness probes for supervisors and load balancers: no key, never rate limited.")
{}

export class SightlineApi extends HttpApi.make("sightline")
  .add(BrandsGroup)
  .add(GroupsGroup)
  .add(CompetitorsGroup)
  .add(PromptsGroup)
  .add(CitedSourcesGroup)
  .add(ActionPlansGroup)
  .add(DashboardGroup)
  .add(ReportsGroup)
  .add(ExportsGroup)
  .add(HealthGroup)
  .addError(Errors.ValidationError)
  .addError(Errors.PermissionDenied)
  .addError(Errors.NotFound)
  .addError(Errors.UriTooLong)
  .addError(Errors.InternalServerError)
  .addError(Errors.ServiceUnavailable)
  .annotate(OpenApi.Title, "Sightline API")
  .annotate(OpenApi.Version, "1.0.0")
  .annotate(
    OpenApi.Description,
    "Read-only API reporting how a brand, its competitors and its monitored prompts appear in AI answers."
  )
  .annotate(OpenApi.License, { name: "MIT", url: "https://opensource.org/licenses/MIT" })
  // Relative: the server that serves the document (and its /docs page) is the one to call.
  .annotate(OpenApi.Servers, [{ url: "/", description: "This Sightline server" }])
  // Every operation needs the key (but the health probes, which say so); saying so at the top lets
  // the docs page pre-select it.
  .annotate(OpenApi.Override, { security: [{ apiKey: [] }] })
  .annotate(HttpApi.AdditionalSchemas, [Errors.MethodNotAllowed, Errors.RequestTimeout, Errors.HeadersTooLarge])
  .annotate(OpenApi.Transform, (spec) => documentExports(documentRetryAfter(dropIntegerNoise(replaceDecodeError(spec)))))
{}

/**
 * effect/Schema's `Int` carries `title: "int"` and `description: "an integer"`, which generated
 * clients and the docs page show as if they were ours; the type already says it.
 */
const dropIntegerNoise = (spec: Record<string, unknown>): Record<string, unknown> => {
  const out: unknown = JSON.parse(JSON.stringify(spec), (_key, value: unknown) => {
    if (!isObject(value)) return value
    const { description, title, ...rest } = value
    return {
      ...rest,
      ...(title === undefined || title === "int" ? {} : { title }),
      ...(description === undefined || description === "an integer" ? {} : { description })
    }
  })
  return isObject(out) ? out : spec
}

/**
 * HttpApi documents its built-in `HttpApiDecodeError` as every endpoint's 400; the server answers
 * with `ValidationError` instead (apps/http maps it), so the document says so.
 */
const replaceDecodeError = (spec: Record<string, unknown>): Record<string, unknown> => {
  const json = JSON.stringify(spec, (key, value: unknown) => {
    if (key === "400" && isObject(value)) return { ...value, description: "Invalid request parameters." }
    if (key === "anyOf" && Array.isArray(value)) {
      const kept = value.filter((v: unknown) => !isRef(v, "HttpApiDecodeError"))
      return kept
    }
    return value
  })
  const out: unknown = JSON.parse(json, (_key, value: unknown) => {
    if (isObject(value) && Array.isArray(value["anyOf"]) && value["anyOf"].length === 1) {
      return value["anyOf"][0]
    }
    return value
  })
  if (!isObject(out)) return spec
  const components = out["components"]
  if (isObject(components) && isObject(components["schemas"])) {
    delete components["schemas"]["HttpApiDecodeError"]
    delete components["schemas"]["Issue"]
    delete components["schemas"]["PropertyKey"]
  }
  return out
}

const RETRY_AFTER = {
  "Retry-After": {
    description: "Seconds to wait before retrying.",
    schema: { type: "integer", minimum: 1 }
  }
}

/** Every 429 and 503 response carries `Retry-After`; the document says so. */
const documentRetryAfter = (spec: Record<string, unknown>): Record<string, unknown> => {
  const out: unknown = JSON.parse(JSON.stringify(spec, (key, value: unknown) =>
    (key === "429" || key === "503") && isObject(value) && "content" in value
      ? { ...value, headers: RETRY_AFTER }
      : value))
  return isObject(out) ? out : spec
}

const EXPORT_BODY = {
  type: "string",
  description: "One record per row; the row's fields are documented in docs/api.md (Exports)."
}

/**
 * An endpoint declares one content type per status; the exports answer NDJSON or, with
 * `format=csv`, RFC 4180 CSV with a header line. The document lists both bodies.
 */
const documentExports = (spec: Record<string, unknown>): Record<string, unknown> => {
  const out: unknown = JSON.parse(JSON.stringify(spec), (key, value: unknown) =>
    key === "200" && isObject(value) && isObject(value["content"]) && NDJSON_CONTENT_TYPE in value["content"]
      ? {
        ...value,
        description: "The rows, streamed: NDJSON by default, CSV (header line first) with format=csv.",
        content: {
          [NDJSON_CONTENT_TYPE]: { schema: EXPORT_BODY },
          [`${CSV_CONTENT_TYPE}; charset=utf-8`]: { schema: EXPORT_BODY }
        }
      }
      : value)
  return isObject(out) ? out : spec
}

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)
const isRef = (u: unknown, name: string): boolean =>
  isObject(u) && u["$ref"] === `#/components/schemas/${name}`
