import type { AiModel } from "@sightline/domain/AiModel"
import { EngineError, type EngineErrorCode, isTransient } from "../EngineError.js"
import * as Json from "../Json.js"

const TRANSIENT_FAILURES = new Set(["server_error", "rate_limit_exceeded"])

/**
 * A Responses API body can be HTTP 200 and still say it failed: `status` failed / incomplete /
 * cancelled, or a non-null `error`. Returns that failure, if any.
 */
export const responsesApiFailure = (engine: AiModel, body: unknown): EngineError | undefined => {
  const status = Json.string(body, "status")
  const error = Json.record(body, "error")
  const make = (code: EngineErrorCode, message: string) =>
    new EngineError({ engine, code, message, retryable: isTransient(code) })
  if (status === "failed" || (error !== undefined && status !== "completed")) {
    const errorCode = Json.string(error, "code") ?? "unknown"
    const code: EngineErrorCode = errorCode === "rate_limit_exceeded"
      ? "rate_limited"
      : TRANSIENT_FAILURES.has(errorCode)
      ? "server_error"
      : "failed"
    return make(code, `the response failed (${errorCode}): ${Json.string(error, "message") ?? "no message"}`)
  }
  if (status === "incomplete") {
    const reason = Json.string(Json.record(body, "incomplete_details"), "reason") ?? "unknown"
    return make("incomplete", `the response is incomplete (${reason})`)
  }
  if (status === "cancelled") return make("failed", "the response was cancelled")
  return undefined
}
