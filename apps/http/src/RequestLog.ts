import * as HashMap from "effect/HashMap"
import * as Logger from "effect/Logger"
import * as Inspectable from "effect/Inspectable"

/**
 * One JSON object per line: time, level, message, then the log annotations (request_id, method,
 * path, status, duration_ms, key_id on request lines) as top-level fields.
 */
export const jsonLogger = Logger.make(({ annotations, cause, date, logLevel, message }) => {
  const line: Record<string, unknown> = {
    time: date.toISOString(),
    level: logLevel.label.toLowerCase(),
    message: Array.isArray(message) && message.length === 1 ? message[0] : message
  }
  for (const [key, value] of HashMap.toEntries(annotations)) line[key] = value
  if (cause._tag !== "Empty") line["cause"] = Inspectable.toStringUnknown(cause)
  globalThis.console.log(JSON.stringify(line))
})

export const layer = Logger.replace(Logger.defaultLogger, jsonLogger)
