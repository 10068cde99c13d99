import * as Console from "effect/Console"
import * as Effect from "effect/Effect"

/**
 * What commands print. `--json` output is one JSON document on stdout with snake_case keys and
 * ISO 8601 timestamps; otherwise a friendly line or a plain table. Logs never go to stdout.
 */

const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** Plain JSON of a value: camelCase keys become snake_case, Dates ISO strings. */
export const toJson = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(toJson)
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [snakeCase(k), toJson(v)]))
  }
  return value
}

export const json = (value: unknown): Effect.Effect<void> => Console.log(JSON.stringify(toJson(value)))

export const line = (text: string): Effect.Effect<void> => Console.log(text)

const cell = (value: unknown): string => {
  if (value === null || value === undefined) return "-"
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.length === 0 ? "-" : value.map(cell).join(",")
  return String(value)
}

/** A left-aligned text table with a header row; "(none)" when there are no rows. */
export const table = <A>(
  rows: ReadonlyArray<A>,
  columns: ReadonlyArray<readonly [header: string, value: (row: A) => unknown]>
): Effect.Effect<void> => {
  if (rows.length === 0) return Console.log("(none)")
  const cells = [columns.map(([header]) => header), ...rows.map((row) => columns.map(([, value]) => cell(value(row))))]
  const widths = columns.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)))
  return Console.log(cells.map((r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd()).join("\n"))
}

/** Prints `{"id": N}` with --json, else the friendly sentence. */
export const created = (asJson: boolean, id: number, sentence: string): Effect.Effect<void> =>
  asJson ? json({ id }) : line(sentence)

/** Either the rows as JSON, or the table. */
export const listing = <A>(
  asJson: boolean,
  rows: ReadonlyArray<A>,
  columns: ReadonlyArray<readonly [header: string, value: (row: A) => unknown]>
): Effect.Effect<void> => asJson ? json(rows) : table(rows, columns)

/**
 * A command's own diagnostic line on stderr. Written to the stream directly because the CLI
 * silences `Console.error` while @effect/cli parses and runs (its error printing is replaced by ours).
 */
export const diagnostic = (text: string): Effect.Effect<void> =>
  Effect.sync(() => {
    process.stderr.write(`${text}\n`)
  })
