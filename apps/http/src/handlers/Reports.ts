import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { ValidationError } from "@sightline/domain/api/Errors"
import { CitationReportRow } from "@sightline/domain/api/Resources"
import type * as Params from "@sightline/domain/api/Params"
import { CurrentPrincipal } from "@sightline/domain/api/Security"
import { SightlineApi } from "@sightline/domain/api/SightlineApi"
import { previousPeriod } from "@sightline/domain/ReportFigures"
import { Access, Reports } from "@sightline/sql/read/index"
import * as Effect from "effect/Effect"
import { asJson, filtersOf, pageOf } from "./Common.js"

/** Every id of a filter list must name an item of the brand: unknown 404, not visible 403, another brand's 400. */
const checkOwned = <E, R>(
  ids: ReadonlyArray<number> | undefined,
  brandId: number,
  parameter: string,
  ownerOf: (id: number) => Effect.Effect<number, E, R>
) =>
  Effect.forEach(ids ?? [], (id) =>
    Effect.flatMap(ownerOf(id), (owner) =>
      owner === brandId
        ? Effect.void
        : Effect.fail(ValidationError.create({ [parameter]: `${id} does not belong to brand ${brandId}` }))), { discard: true })

/** The report reads, shared by the REST handlers and the MCP tools. */
export const visibilityReport = ({ urlParams }: { readonly urlParams: typeof Params.VisibilityReportParams.Type }) =>
  Effect.gen(function*() {
    yield* filtersOf({ start_date: urlParams.start_date, end_date: urlParams.end_date })
    const period = { start_date: urlParams.start_date, end_date: urlParams.end_date }
    const includePrevious = urlParams.include_previous_period ?? false
    // Before year 1 there is no calendar date to compare with.
    if (includePrevious && previousPeriod(period).start_date < "0001-01-01") {
      return yield* Effect.fail(ValidationError.create({ include_previous_period: "the previous period would start before 0001-01-01" }))
    }
    const principal = yield* CurrentPrincipal
    const brandId = yield* Access.resolveBrand(principal, urlParams.brand_id)
    yield* checkOwned(urlParams.group_id, brandId, "group_id", (id) => Access.groupBrand(principal, id))
    yield* checkOwned(urlParams.prompt_id, brandId, "prompt_id", (id) => Access.promptBrand(principal, id))
    return yield* Reports.visibilityReport({
      brandId,
      period,
      dimensions: urlParams.dimensions ?? [],
      aiModels: urlParams.ai_model,
      groupIds: urlParams.group_id,
      promptIds: urlParams.prompt_id,
      includePrevious,
      page: pageOf(urlParams)
    })
  })

export const citationReport = ({ urlParams }: { readonly urlParams: typeof Params.CitationReportParams.Type }) =>
  Effect.gen(function*() {
    yield* filtersOf({ start_date: urlParams.start_date, end_date: urlParams.end_date })
    const brandId = yield* Access.resolveBrand(yield* CurrentPrincipal, urlParams.brand_id)
    return yield* Reports.citationReport({
      brandId,
      period: { start_date: urlParams.start_date, end_date: urlParams.end_date },
      level: urlParams.level ?? "domain",
      dimensions: urlParams.dimensions ?? [],
      aiModels: urlParams.ai_model,
      page: pageOf(urlParams)
    })
  })

/** The citations report's rows are written as decoded (`asJson`): a page of 100 sources and their co-mentions is ~1,200 objects to encode again. */
export const ReportsLive = HttpApiBuilder.group(SightlineApi, "reports", (handlers) =>
  handlers.handle("visibility", visibilityReport).handle(
    "citations",
    (request) => citationReport(request).pipe(Effect.map(asJson(CitationReportRow)))
  ))
