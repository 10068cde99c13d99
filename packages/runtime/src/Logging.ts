import * as Cause from "effect/Cause"
import * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as HashMap from "effect/HashMap"
import * as Inspectable from "effect/Inspectable"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"

/**
 * Lines queued and written to stderr once per turn of the event loop, and at exit. Node writes to
 * a pipe or a file synchronously, so a write per line would block the request path once per
 * request; a batch costs one write however many requests a turn answered.
 */
const makeBatchedStderr = () => {
  let pending: Array<string> = []
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (pending.length === 0) return
    const chunk = pending.join("")
    pending = []
    process.stderr.write(chunk)
  }
  process.once("exit", flush)
  const write = (line: string) => {
    pending.push(line)
    if (!scheduled) {
      scheduled = true
      setImmediate(flush)
    }
  }
  return { write, flush }
}

const stderrLines = makeBatchedStderr()
const writeLine = stderrLines.write

/** Writes the queued log lines now (the logger layer does it when it is released). */
export const flush = Effect.sync(stderrLines.flush)

/**
 * A message with fields of its own, written as top-level fields of its line after the annotations:
 * `Effect.logInfo(Logging.withFields("request", { status: 200 }))`. For a line logged on every
 * request: `Effect.annotateLogs` would copy (and hash, to compare) the fiber's annotations to add
 * fields to one line.
 */
export class MessageWithFields {
  constructor(readonly message: string, readonly fields: Readonly<Record<string, unknown>>) {}
}

export const withFields = (message: string, fields: Readonly<Record<string, unknown>>) =>
  new MessageWithFields(message, fields)

/**
 * One JSON object per line on stderr: time, level, message, then the log annotations (request_id,
 * key_id, prompt_id, ...) as top-level fields. stdout stays for data (the CLI's --json) and for
 * what a person must read (the demo key).
 */
/** One line for a cause: the message of its first failure or defect. */
const summary = (cause: Cause.Cause<unknown>): string => {
  if (Cause.isInterruptedOnly(cause)) return "interrupted"
  const error = Cause.squash(cause)
  return error instanceof Error ? error.message : Inspectable.toStringUnknown(error)
}

export const jsonLogger = Logger.make(({ annotations, cause, date, logLevel, message }) => {
  const single: unknown = Array.isArray(message) && message.length === 1 ? message[0] : message
  const line: Record<string, unknown> = {
    time: date.toISOString(),
    level: logLevel.label.toLowerCase(),
    message: single instanceof MessageWithFields ? single.message : single
  }
  // A failure logged with no message of its own (runMain reporting how a process ended) is named
  // by its cause, so the line says what happened before the cause's details.
  if (Array.isArray(message) && message.length === 0 && cause._tag !== "Empty") line["message"] = summary(cause)
  for (const [key, value] of HashMap.toEntries(annotations)) line[key] = value
  if (single instanceof MessageWithFields) Object.assign(line, single.fields)
  if (cause._tag !== "Empty") line["cause"] = Inspectable.toStringUnknown(cause)
  writeLine(`${JSON.stringify(line)}\n`)
})

/**
 * The one spelling of log levels, for LOG_LEVEL and the CLI's --log-level alike: Effect's own
 * labels in lower case (`warn`, `off`), any case accepted.
 */
export const LEVEL_NAMES = ["all", "trace", "debug", "info", "warn", "error", "fatal", "off"] as const

/** The level a name spells (any case), if any. */
export const levelNamed = (name: string): LogLevel.LogLevel | undefined =>
  LogLevel.allLevels.find((level) => level.label === name.trim().toUpperCase())

/** The JSON logger (or one built on it), from LOG_LEVEL up (`defaultLevel` when unset). */
export const layer = (defaultLevel: LogLevel.LogLevel = LogLevel.Info, logger: Logger.Logger<unknown, void> = jsonLogger) =>
  Layer.unwrapEffect(
    Config.logLevel("LOG_LEVEL").pipe(
      Config.withDefault(defaultLevel),
      Effect.map((level) =>
        Layer.mergeAll(
          Logger.replace(Logger.defaultLogger, logger),
          Logger.minimumLogLevel(level),
          Layer.scopedDiscard(Effect.addFinalizer(() => flush))
        )
      ),
      Effect.orDie
    )
  )
