import type { HttpFailure } from "../HttpRetry.js"
import * as Json from "../Json.js"

/** The human-readable message of an error body, whichever of the common envelopes it uses. */
export const errorMessage = (failure: HttpFailure): string => {
  const body = failure.body
  const error = Json.isRecord(body) ? body["error"] : undefined
  const message = typeof error === "string"
    ? error
    : Json.string(error, "message") ?? Json.string(body, "message") ?? Json.string(body, "detail")
  const detail = Json.array(body, "detail").map((d) => Json.string(d, "msg")).filter((m) => m !== undefined)
  const text = message ?? (detail.length > 0 ? detail.join("; ") : failure.text.slice(0, 300))
  return `HTTP ${failure.status}: ${text === "" ? "no error message" : text}`
}
