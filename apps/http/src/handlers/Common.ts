import { ValidationError } from "@sightline/domain/api/Errors"
import { DEFAULT_PAGE, DEFAULT_PER_PAGE } from "@sightline/domain/api/Params"
import type { PageRequest, ResponseFilters } from "@sightline/sql/read/Query"
import * as Effect from "effect/Effect"

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
