import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { CitedDomain, CitedUrl, DomainCitedUrl, RelatedPrompt } from "@sightline/domain/api/Resources"
import { CurrentPrincipal } from "@sightline/domain/api/Security"
import type * as Params from "@sightline/domain/api/Params"
import { SightlineApi } from "@sightline/domain/api/SightlineApi"
import { Access, CitedSources } from "@sightline/sql/read/index"
import * as Effect from "effect/Effect"
import { asJson, filtersOf, pageOf } from "./Common.js"

const queryOf = (urlParams: {
  readonly page?: number | undefined
  readonly per_page?: number | undefined
  readonly brand_id?: number | undefined
  readonly start_date?: string | undefined
  readonly end_date?: string | undefined
  readonly ai_model?: string | undefined
  readonly search?: string | undefined
}) =>
  Effect.gen(function*() {
    const filters = yield* filtersOf(urlParams)
    const brandId = yield* Access.resolveBrand(yield* CurrentPrincipal, urlParams.brand_id)
    return { brandId, filters, search: urlParams.search, page: pageOf(urlParams) }
  })

/** The domains read, shared by the REST handler and the MCP tools. */
export const listDomains = ({ urlParams }: { readonly urlParams: typeof Params.CitedSourceListParams.Type }) =>
  Effect.flatMap(queryOf(urlParams), CitedSources.listDomains)

export const CitedSourcesLive = HttpApiBuilder.group(SightlineApi, "citedSources", (handlers) =>
  handlers
    .handle("domains", (request) => listDomains(request).pipe(Effect.map(asJson(CitedDomain))))
    .handle("urls", ({ urlParams }) => Effect.flatMap(queryOf(urlParams), CitedSources.listUrls).pipe(Effect.map(asJson(CitedUrl))))
    .handle("domainUrls", ({ path, urlParams }) =>
      Effect.gen(function*() {
        const query = yield* queryOf(urlParams)
        yield* Access.checkDomainAccess(yield* CurrentPrincipal, path.domain_id)
        return yield* CitedSources.listDomainUrls(path.domain_id, query)
      }).pipe(Effect.map(asJson(DomainCitedUrl))))
    .handle("relatedPrompts", ({ path, urlParams }) =>
      Effect.gen(function*() {
        const query = yield* queryOf(urlParams)
        yield* Access.checkDomainAccess(yield* CurrentPrincipal, path.domain_id)
        return yield* CitedSources.listRelatedPrompts(path.domain_id, query)
      }).pipe(Effect.map(asJson(RelatedPrompt)))))
