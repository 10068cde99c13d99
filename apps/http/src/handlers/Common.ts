import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { ValidationError } from "@sightline/domain/api/Errors"
import { DEFAULT_PAGE, DEFAULT_PER_PAGE } from "@sightline/domain/api/Params"
import type { Page, PageRequest, ResponseFilters } from "@sightline/sql/read/Query"
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"

export const pageOf = (params: {
  readonly page?: number | undefined
  readonly per_page?: number | undefined
}): PageRequest => ({
  page: params.page ?? DEFAULT_PAGE,
  perPage: params.per_page ?? DEFAULT_PER_PAGE
})

/** The response filters of a request; `start_date` after `end_date` is a 400. */
export const filtersOf = (params: {
  readonly start_date?: string | undefined
  readonly end_date?: string | undefined
  readonly ai_model?: string | undefined
}): Effect.Effect<ResponseFilters, ValidationError> =>
  params.start_date !== undefined && params.end_date !== undefined && params.start_date > params.end_date
    ? Effect.fail(ValidationError.create({ start_date: "must not be after end_date" }))
    : Effect.succeed({ startDate: params.start_date, endDate: params.end_date, aiModel: params.ai_model })

/**
 * A page or item the read model decoded with the contract's `item` schema, as the endpoint's JSON
 * answer. Such a schema decodes to what it encodes from (`Schema<A, A>`, which this signature
 * demands), so the rows are checked once, when decoded, and HttpApi's encode (a second walk of
 * every value, to the same JSON) is skipped.
 */
export const asJson = <A>(_item: Schema.Schema<A, A>) => (body: Page<A> | { readonly data: A }) =>
  HttpServerResponse.unsafeJson(body)
