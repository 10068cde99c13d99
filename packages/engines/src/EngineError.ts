import { AiModel } from "@sightline/domain/AiModel"
import * as Schema from "effect/Schema"

/**
 * Why an engine call failed. `code` is stable and recorded on the run (`prompt_runs.error_code`):
 * - rate_limited, server_error, timeout, network, conflict: transient; the run may be re-queued
 * - quota_exhausted, auth, bad_request, gone, incomplete, blocked, malformed_response, failed:
 *   terminal for this run (retrying would fail the same way or burn money)
 * `retryAfterMs` carries a server hint too long to sleep on, so the run is re-queued after it.
 */
export const EngineErrorCode = Schema.Literal(
  "rate_limited",
  "quota_exhausted",
  "auth",
  "bad_request",
  "gone",
  "server_error",
  "timeout",
  "network",
  "conflict",
  "malformed_response",
  "failed",
  "incomplete",
  "blocked"
)
export type EngineErrorCode = typeof EngineErrorCode.Type

export class EngineError extends Schema.TaggedError<EngineError>()("EngineError", {
  engine: AiModel,
  code: EngineErrorCode,
  message: Schema.String,
  status: Schema.optional(Schema.Number),
  retryable: Schema.Boolean,
  retryAfterMs: Schema.optional(Schema.Number)
}) {}

const TRANSIENT: ReadonlySet<EngineErrorCode> = new Set([
  "rate_limited",
  "server_error",
  "timeout",
  "network",
  "conflict"
])

export const isTransient = (code: EngineErrorCode): boolean => TRANSIENT.has(code)

/** The default code of a non-2xx HTTP status, before provider-specific rules refine it. */
export const codeOfStatus = (status: number): EngineErrorCode => {
  if (status === 401 || status === 403) return "auth"
  if (status === 408) return "timeout"
  if (status === 409) return "conflict"
  if (status === 410) return "gone"
  if (status === 429) return "rate_limited"
  if (status >= 500) return "server_error"
  return "bad_request"
}
