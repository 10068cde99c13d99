import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { CurrentPrincipal } from "@sightline/domain/api/Security"
import type * as Params from "@sightline/domain/api/Params"
import { SightlineApi } from "@sightline/domain/api/SightlineApi"
import { Access, Dashboard } from "@sightline/sql/read/index"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { asJsonWithText, filtersOf, JSON_TEXT } from "./Common.js"

type DashboardRequest = { readonly urlParams: typeof Params.DashboardParams.Type }

/** The dashboard's query for a request: its filters, and its brand and group once access is checked. */
const queryOf = ({ urlParams }: DashboardRequest) =>
  Effect.gen(function*() {
    const filters = yield* filtersOf(urlParams)
    const principal = yield* CurrentPrincipal
    const brandId = yield* Access.resolveBrand(principal, urlParams.brand_id)
    const groupId = Option.getOrUndefined(urlParams.group_id ?? Option.none())
    if (groupId !== undefined) yield* Access.resolveBrandWithGroup(principal, brandId, groupId)
    return { brandId, groupId, filters }
  })

/** The dashboard read, decoded: for the MCP tools. */
export const getDashboard = (request: DashboardRequest) =>
  Effect.map(Effect.flatMap(queryOf(request), Dashboard.getDashboard), (data) => ({ data }))

/** The REST answer: the dashboard as the JSON text PostgreSQL writes (read/Dashboard.ts), spliced in as it is. */
export const DashboardLive = HttpApiBuilder.group(SightlineApi, "dashboard", (handlers) =>
  handlers.handle("get", (request) =>
    Effect.flatMap(
      Effect.flatMap(queryOf(request), Dashboard.getDashboardJson),
      (text) => asJsonWithText({ data: JSON_TEXT }, text)
    )))
