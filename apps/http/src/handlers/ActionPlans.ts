import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { NotFound } from "@sightline/domain/api/Errors"
import { ActionPlan, ActionPlanDetail } from "@sightline/domain/api/Resources"
import { CurrentPrincipal } from "@sightline/domain/api/Security"
import type * as Params from "@sightline/domain/api/Params"
import { SightlineApi } from "@sightline/domain/api/SightlineApi"
import { Access, ActionPlans } from "@sightline/sql/read/index"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { asJson, pageOf } from "./Common.js"

/** The read operations behind the endpoints, shared by the REST handlers and the MCP tools. */
export const listActionPlans = ({ urlParams }: { readonly urlParams: typeof Params.ScopedPageParams.Type }) =>
  Effect.gen(function*() {
    const brandId = yield* Access.resolveBrand(yield* CurrentPrincipal, urlParams.brand_id)
    return yield* ActionPlans.listActionPlans(brandId, pageOf(urlParams))
  })

export const getActionPlan = ({ path, urlParams }: {
  readonly path: typeof Params.ActionPlanPath.Type
  readonly urlParams: typeof Params.ItemParams.Type
}) =>
  Effect.gen(function*() {
    const principal = yield* CurrentPrincipal
    yield* Access.checkRequestedBrand(principal, urlParams.brand_id)
    yield* Access.actionPlanBrand(principal, path.action_plan_id)
    const plan = yield* ActionPlans.getActionPlan(path.action_plan_id)
    return yield* Option.match(plan, {
      onNone: () => Effect.fail(NotFound.create("Action plan not found.")),
      onSome: (data) => Effect.succeed({ data })
    })
  })

export const ActionPlansLive = HttpApiBuilder.group(SightlineApi, "actionPlans", (handlers) =>
  handlers
    .handle("list", (request) => listActionPlans(request).pipe(Effect.map(asJson(ActionPlan))))
    .handle("get", (request) => getActionPlan(request).pipe(Effect.map(asJson(ActionPlanDetail)))))
