import { SqlError } from "@effect/sql/SqlError"
import * as Cause from "effect/Cause"
import { errorCode } from "./ErrorCode.js"

/**
 * Errors that mean "the database cannot be reached right now", as opposed to a bad statement:
 * the connection was refused, reset or terminated (a server restart, `pg_terminate_backend`), the
 * server is starting up or shutting down, it has no connection slot left, or a connect timed out.
 */
const UNAVAILABLE_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300" // too_many_connections
])

const UNAVAILABLE_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection timed out|connection error/i

const isUnavailableError = (u: unknown, depth = 0): boolean => {
  if (typeof u !== "object" || u === null || depth > 5) return false
  const code = errorCode(u)
  // Class 08: connection exceptions.
  if (code !== undefined && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true
  if (u instanceof Error && !(u instanceof SqlError) && code === undefined && UNAVAILABLE_MESSAGES.test(u.message)) {
    return true
  }
  if (u instanceof AggregateError && u.errors.some((e) => isUnavailableError(e, depth + 1))) return true
  return "cause" in u && isUnavailableError(u.cause, depth + 1)
}

/** Whether a failure or defect of a database call says the database is unreachable. */
export const isUnavailable = (u: unknown): boolean => u instanceof SqlError && isUnavailableError(u.cause)

/** Whether a cause holds a failure or defect saying the database is unreachable. */
export const causeIsUnavailable = (cause: Cause.Cause<unknown>): boolean =>
  [...Cause.failures(cause), ...Cause.defects(cause)].some(isUnavailable)
