import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { NotFound } from "@sightline/domain/api/Errors"
import { Brand, Competitor, Group } from "@sightline/domain/api/Resources"
import { CurrentPrincipal } from "@sightline/domain/api/Security"
import type * as Params from "@sightline/domain/api/Params"
import { SightlineApi } from "@sightline/domain/api/SightlineApi"
import { Access, Catalog } from "@sightline/sql/read/index"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { asJson, pageOf } from "./Common.js"

const orNotFound = (what: string) => <A>(option: Option.Option<A>) =>
  Option.match(option, { onNone: () => Effect.fail(NotFound.create(`${what} not found.`)), onSome: Effect.succeed })

/** The read operations behind the endpoints, shared by the REST handlers and the MCP tools. */
export const listBrands = ({ urlParams }: { readonly urlParams: typeof Params.BrandListParams.Type }) =>
  Effect.flatMap(CurrentPrincipal, (principal) => Catalog.listBrands(principal, pageOf(urlParams)))

export const listCompetitors = ({ urlParams }: { readonly urlParams: typeof Params.ScopedPageParams.Type }) =>
  Effect.gen(function*() {
    const brandId = yield* Access.resolveBrand(yield* CurrentPrincipal, urlParams.brand_id)
    return yield* Catalog.listCompetitors(brandId, pageOf(urlParams))
  })

export const BrandsLive = HttpApiBuilder.group(SightlineApi, "brands", (handlers) =>
  handlers.handle("list", (request) => listBrands(request).pipe(Effect.map(asJson(Brand)))))

export const GroupsLive = HttpApiBuilder.group(SightlineApi, "groups", (handlers) =>
  handlers
    .handle("list", ({ urlParams }) =>
      Effect.gen(function*() {
        const brandId = yield* Access.resolveBrand(yield* CurrentPrincipal, urlParams.brand_id)
        return yield* Catalog.listGroups(brandId, pageOf(urlParams))
      }).pipe(Effect.map(asJson(Group))))
    .handle("get", ({ path, urlParams }) =>
      Effect.gen(function*() {
        const principal = yield* CurrentPrincipal
        yield* Access.checkRequestedBrand(principal, urlParams.brand_id)
        yield* Access.groupBrand(principal, path.group_id)
        const group = yield* Catalog.getGroup(path.group_id).pipe(Effect.flatMap(orNotFound("Group")))
        return { data: group }
      }).pipe(Effect.map(asJson(Group)))))

export const CompetitorsLive = HttpApiBuilder.group(SightlineApi, "competitors", (handlers) =>
  handlers
    .handle("list", (request) => listCompetitors(request).pipe(Effect.map(asJson(Competitor))))
    .handle("get", ({ path, urlParams }) =>
      Effect.gen(function*() {
        const principal = yield* CurrentPrincipal
        yield* Access.checkRequestedBrand(principal, urlParams.brand_id)
        yield* Access.competitorBrand(principal, path.monitored_competitor_id)
        const competitor = yield* Catalog.getCompetitor(path.monitored_competitor_id).pipe(
          Effect.flatMap(orNotFound("Monitored competitor"))
        )
        return { data: competitor }
      }).pipe(Effect.map(asJson(Competitor)))))
