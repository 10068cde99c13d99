import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import * as Schema from "effect/Schema"

/**
 * Every error body carries both shapes of the spec at once (docs/api-decisions.md, Errors), so a client
 * reading either works: `{ "error": { "code", "message" }, "code", "message", "details"? }`.
 * The classes are plain Schema classes (not TaggedErrors) so the wire body is exactly these fields.
 */
const bodyFields = <const Code extends string>(code: Code) => ({
  error: Schema.Struct({ code: Schema.Literal(code), message: Schema.String }),
  code: Schema.Literal(code),
  message: Schema.String
})

export const Details = Schema.Record({ key: Schema.String, value: Schema.String }).annotations({
  identifier: "ErrorDetails",
  description: "Maps each offending parameter to what is wrong with it."
})

export class ValidationError extends Schema.Class<ValidationError>("ValidationError")(
  { ...bodyFields("VALIDATION_ERROR"), details: Schema.optional(Details) },
  HttpApiSchema.annotations({ status: 400, description: "Invalid request parameters." })
) {
  static readonly CODE = "VALIDATION_ERROR"
  /** A request the HTTP parser refused (malformed request line or header): no parameter to name. */
  static malformed(): ValidationError {
    const message = "The request is not valid HTTP."
    return new ValidationError({ error: { code: "VALIDATION_ERROR", message }, code: "VALIDATION_ERROR", message })
  }
  static create(details: Record<string, string>, message = "The request parameters are invalid."): ValidationError {
    return new ValidationError({ error: { code: "VALIDATION_ERROR", message }, code: "VALIDATION_ERROR", message, details })
  }
}

export class AuthenticationFailed extends Schema.Class<AuthenticationFailed>("AuthenticationFailed")(
  bodyFields("AUTHENTICATION_FAILED"),
  HttpApiSchema.annotations({ status: 401, description: "Missing, invalid or expired API key." })
) {
  static readonly MISSING = "Authentication credentials were not provided."
  static readonly INVALID = "Invalid or inactive API key."
  static readonly EXPIRED = "API key has expired."
  static create(message: string): AuthenticationFailed {
    return new AuthenticationFailed({
      error: { code: "AUTHENTICATION_FAILED", message },
      code: "AUTHENTICATION_FAILED",
      message
    })
  }
}

export class PermissionDenied extends Schema.Class<PermissionDenied>("PermissionDenied")(
  bodyFields("PERMISSION_DENIED"),
  HttpApiSchema.annotations({ status: 403, description: "The key has no access to this resource." })
) {
  static readonly MESSAGE = "You do not have permission to access this resource."
  static create(message: string = PermissionDenied.MESSAGE): PermissionDenied {
    return new PermissionDenied({ error: { code: "PERMISSION_DENIED", message }, code: "PERMISSION_DENIED", message })
  }
}

export class NotFound extends Schema.Class<NotFound>("NotFound")(
  bodyFields("NOT_FOUND"),
  HttpApiSchema.annotations({ status: 404, description: "The requested resource does not exist." })
) {
  static create(message = "The requested resource was not found."): NotFound {
    return new NotFound({ error: { code: "NOT_FOUND", message }, code: "NOT_FOUND", message })
  }
}

export class MethodNotAllowed extends Schema.Class<MethodNotAllowed>("MethodNotAllowed")(
  bodyFields("METHOD_NOT_ALLOWED"),
  HttpApiSchema.annotations({ status: 405, description: "Only GET is supported." })
) {
  static create(method: string): MethodNotAllowed {
    const message = `Method ${method} is not allowed on this endpoint; use GET.`
    return new MethodNotAllowed({ error: { code: "METHOD_NOT_ALLOWED", message }, code: "METHOD_NOT_ALLOWED", message })
  }
}

export class RateLimitExceeded extends Schema.Class<RateLimitExceeded>("RateLimitExceeded")(
  bodyFields("RATE_LIMIT_EXCEEDED"),
  HttpApiSchema.annotations({ status: 429, description: "Rate limit exceeded; retry after `Retry-After` seconds." })
) {
  static create(retryAfterSeconds: number): RateLimitExceeded {
    const message = `Rate limit exceeded. Retry in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`
    return new RateLimitExceeded({ error: { code: "RATE_LIMIT_EXCEEDED", message }, code: "RATE_LIMIT_EXCEEDED", message })
  }
}

export class InternalServerError extends Schema.Class<InternalServerError>("InternalServerError")(
  bodyFields("INTERNAL_SERVER_ERROR"),
  HttpApiSchema.annotations({ status: 500, description: "Unexpected server error." })
) {
  static readonly MESSAGE = "An unexpected error occurred."
  static create(): InternalServerError {
    const message = InternalServerError.MESSAGE
    return new InternalServerError({ error: { code: "INTERNAL_SERVER_ERROR", message }, code: "INTERNAL_SERVER_ERROR", message })
  }
}

export class RequestTimeout extends Schema.Class<RequestTimeout>("RequestTimeout")(
  bodyFields("REQUEST_TIMEOUT"),
  HttpApiSchema.annotations({ status: 408, description: "The request was not received in time." })
) {
  static create(): RequestTimeout {
    const message = "The request was not received in time."
    return new RequestTimeout({ error: { code: "REQUEST_TIMEOUT", message }, code: "REQUEST_TIMEOUT", message })
  }
}

export class UriTooLong extends Schema.Class<UriTooLong>("UriTooLong")(
  bodyFields("URI_TOO_LONG"),
  HttpApiSchema.annotations({ status: 414, description: "The request URL is longer than the server accepts." })
) {
  static create(limit: number): UriTooLong {
    const message = `The request URL is longer than ${limit} bytes.`
    return new UriTooLong({ error: { code: "URI_TOO_LONG", message }, code: "URI_TOO_LONG", message })
  }
}

export class HeadersTooLarge extends Schema.Class<HeadersTooLarge>("HeadersTooLarge")(
  bodyFields("REQUEST_HEADER_FIELDS_TOO_LARGE"),
  HttpApiSchema.annotations({ status: 431, description: "The request line and headers are larger than the server accepts." })
) {
  static create(limit: number): HeadersTooLarge {
    const message = `The request line and headers are larger than ${limit} bytes.`
    return new HeadersTooLarge({
      error: { code: "REQUEST_HEADER_FIELDS_TOO_LARGE", message },
      code: "REQUEST_HEADER_FIELDS_TOO_LARGE",
      message
    })
  }
}

export class ServiceUnavailable extends Schema.Class<ServiceUnavailable>("ServiceUnavailable")(
  bodyFields("SERVICE_UNAVAILABLE"),
  HttpApiSchema.annotations({
    status: 503,
    description: "The database is unreachable or the server is shutting down; retry after `Retry-After` seconds."
  })
) {
  static readonly MESSAGE = "The service is temporarily unavailable. Retry shortly."
  /** Seconds a client should wait before retrying (the `Retry-After` header of every 503). */
  static readonly RETRY_AFTER_SECONDS = 2
  static create(message: string = ServiceUnavailable.MESSAGE): ServiceUnavailable {
    return new ServiceUnavailable({ error: { code: "SERVICE_UNAVAILABLE", message }, code: "SERVICE_UNAVAILABLE", message })
  }
}

/** Every error body the API can answer with. */
export const ApiErrorBody = Schema.Union(
  ValidationError,
  AuthenticationFailed,
  PermissionDenied,
  NotFound,
  MethodNotAllowed,
  RequestTimeout,
  UriTooLong,
  RateLimitExceeded,
  HeadersTooLarge,
  InternalServerError,
  ServiceUnavailable
)
export type ApiErrorBody = typeof ApiErrorBody.Type

/** The errors a data endpoint may fail with in its handler (auth and rate limits come from middleware). */
export type ResourceError = ValidationError | PermissionDenied | NotFound
