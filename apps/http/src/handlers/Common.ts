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
 * A 200 answer whose body is this JSON text, with the headers `HttpServerResponse.unsafeJson` sets.
 * The body stays a string (not UTF-8 bytes made by a TextEncoder first), which Node writes out
 * with the response head in one piece.
 */
const jsonText = (text: string) =>
  HttpServerResponse.raw(text, { contentType: "application/json", contentLength: Buffer.byteLength(text) })

/**
 * A page or item the read model decoded with the contract's `item` schema, as the endpoint's JSON
 * answer. Such a schema decodes to what it encodes from (`Schema<A, A>`, which this signature
 * demands), so the rows are checked once, when decoded, and HttpApi's encode (a second walk of
 * every value, to the same JSON) is skipped.
 */
export const asJson = <A>(_item: Schema.Schema<A, A>) => (body: Page<A> | { readonly data: A }) =>
  jsonText(JSON.stringify(body))

/**
 * Stands, in a body given to `asJsonWithText`, for the value that is already JSON text. JSON.stringify
 * writes it as `"\u0000json text\u0000"`, which no other value can produce: a stored string cannot
 * hold U+0000 (PostgreSQL text has no NUL), and a backslash in a string is written doubled.
 */
export const JSON_TEXT = "\u0000json text\u0000"
const JSON_TEXT_WRITTEN = JSON.stringify(JSON_TEXT)

/**
 * A JSON answer one of whose values is JSON text written elsewhere (PostgreSQL builds a prompt's
 * long time series as text, exactly as JSON.stringify writes it): `body` holds JSON_TEXT in its
 * place, and `text` is spliced in there instead of being parsed, decoded and written again. The
 * same bytes and headers as `asJson` sends for the parsed value.
 */
export const asJsonWithText = (body: unknown, text: string) => {
  const written = JSON.stringify(body)
  const at = written.indexOf(JSON_TEXT_WRITTEN)
  return at < 0
    ? Effect.dieMessage("asJsonWithText: the body has no JSON_TEXT")
    : Effect.succeed(jsonText(written.slice(0, at) + text + written.slice(at + JSON_TEXT_WRITTEN.length)))
}
