import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { Dashboard as DashboardSchema } from "@sightline/domain/api/Resources"
import { CurrentPrincipal } from "@sightline/domain/api/Security"
import type * as Params from "@sightline/domain/api/Params"
import { SightlineApi } from "@sightline/domain/api/SightlineApi"
import { Access, Dashboard } from "@sightline/sql/read/index"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { asJson, filtersOf } from "./Common.js"

/** The dashboard read, shared by the REST handler and the MCP tools. */
export const getDashboard = ({ urlParams }: { readonly urlParams: typeof Params.DashboardParams.Type }) =>
  Effect.gen(function*() {
    const filters = yield* filtersOf(urlParams)
    const principal = yield* CurrentPrincipal
    const brandId = yield* Access.resolveBrand(principal, urlParams.brand_id)
    const groupId = Option.getOrUndefined(urlParams.group_id ?? Option.none())
    if (groupId !== undefined) yield* Access.resolveBrandWithGroup(principal, brandId, groupId)
    const data = yield* Dashboard.getDashboard({ brandId, groupId, filters })
    return { data }
  })

export const DashboardLive = HttpApiBuilder.group(SightlineApi, "dashboard", (handlers) =>
  handlers.handle("get", (request) => getDashboard(request).pipe(Effect.map(asJson(DashboardSchema)))))
