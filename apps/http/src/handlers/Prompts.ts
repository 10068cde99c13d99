import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { NotFound } from "@sightline/domain/api/Errors"
import { PromptListItem, PromptResponse, SearchQuery } from "@sightline/domain/api/Resources"
import { CurrentPrincipal } from "@sightline/domain/api/Security"
import type * as Params from "@sightline/domain/api/Params"
import { SightlineApi } from "@sightline/domain/api/SightlineApi"
import { Access, Prompts } from "@sightline/sql/read/index"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { asJson, asJsonWithText, filtersOf, JSON_TEXT, pageOf } from "./Common.js"

/** A prompt's own brand governs access; a given `brand_id` is still checked. */
const promptAccess = (brandId: number | undefined, promptId: number) =>
  Effect.gen(function*() {
    const principal = yield* CurrentPrincipal
    yield* Access.checkRequestedBrand(principal, brandId)
    yield* Access.promptBrand(principal, promptId)
  })

type ItemPage = {
  readonly path: typeof Params.PromptPath.Type
  readonly urlParams: typeof Params.ItemFilterPageParams.Type
}

/** The read operations behind the endpoints, shared by the REST handlers and the MCP tools. */
export const listPrompts = ({ urlParams }: { readonly urlParams: typeof Params.PromptListParams.Type }) =>
  Effect.gen(function*() {
    const filters = yield* filtersOf(urlParams)
    const groupId = Option.getOrUndefined(urlParams.group_id ?? Option.none())
    const brandId = yield* Access.resolveBrandWithGroup(yield* CurrentPrincipal, urlParams.brand_id, groupId)
    return yield* Prompts.listPrompts(brandId, groupId, filters, pageOf(urlParams))
  })

export const listResponses = ({ path, urlParams }: ItemPage) =>
  Effect.gen(function*() {
    const filters = yield* filtersOf(urlParams)
    yield* promptAccess(urlParams.brand_id, path.monitored_prompt_id)
    return yield* Prompts.listResponses(path.monitored_prompt_id, filters, pageOf(urlParams))
  })

export const listCitations = ({ path, urlParams }: ItemPage) =>
  Effect.gen(function*() {
    const filters = yield* filtersOf(urlParams)
    yield* promptAccess(urlParams.brand_id, path.monitored_prompt_id)
    return yield* Prompts.listCitations(path.monitored_prompt_id, filters, pageOf(urlParams))
  })

/** The REST answer: the page's items as the JSON text PostgreSQL writes (read/Prompts.ts), spliced in as it is. */
const citationsJson = ({ path, urlParams }: ItemPage) =>
  Effect.gen(function*() {
    const filters = yield* filtersOf(urlParams)
    yield* promptAccess(urlParams.brand_id, path.monitored_prompt_id)
    const page = yield* Prompts.listCitationsJson(path.monitored_prompt_id, filters, pageOf(urlParams))
    return yield* asJsonWithText({ pagination: page.pagination, data: JSON_TEXT }, page.data_json)
  })

export const listSearchQueries = ({ path, urlParams }: ItemPage) =>
  Effect.gen(function*() {
    const filters = yield* filtersOf(urlParams)
    yield* promptAccess(urlParams.brand_id, path.monitored_prompt_id)
    return yield* Prompts.listSearchQueries(path.monitored_prompt_id, filters, pageOf(urlParams))
  })

export const PromptsLive = HttpApiBuilder.group(SightlineApi, "prompts", (handlers) =>
  handlers
    .handle("list", (request) => listPrompts(request).pipe(Effect.map(asJson(PromptListItem))))
    .handle("get", ({ path, urlParams }) =>
      Effect.gen(function*() {
        const filters = yield* filtersOf(urlParams)
        yield* promptAccess(urlParams.brand_id, path.monitored_prompt_id)
        const prompt = yield* Prompts.getPromptJson(path.monitored_prompt_id, filters)
        return yield* Option.match(prompt, {
          onNone: () => Effect.fail(NotFound.create("Monitored prompt not found.")),
          // The contract's order of keys (PromptDetail), the series spliced in as the text it is.
          onSome: ({ created_at, next_run_at, time_series_json, ...head }) =>
            asJsonWithText({ data: { ...head, time_series_data: JSON_TEXT, next_run_at, created_at } }, time_series_json)
        })
      }))
    .handle("responses", (request) => listResponses(request).pipe(Effect.map(asJson(PromptResponse))))
    .handle("citations", citationsJson)
    .handle("searchQueries", (request) => listSearchQueries(request).pipe(Effect.map(asJson(SearchQuery)))))
