import type * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"

/**
 * JSON text written by PostgreSQL, byte for byte what `JSON.stringify` writes for the same decoded
 * value (keys in the given order, no spaces, strings escaped by `to_json`, which escapes exactly
 * as JSON.stringify does: `"`, `\`, and control characters, as `\n` or `\u001f`). A read model
 * that returns such text hands it to the response as it is (handlers/Common.ts, `asJsonWithText`)
 * instead of parsing, decoding and writing again a large answer.
 */

/**
 * How a field's value is written into the JSON text: `json` is already JSON (a number, a boolean,
 * `to_json` of a string, or JSON text built here); `digits` is a string with nothing to escape (a
 * decimal, a date).
 */
export type Field = readonly [key: string, value: string | Statement.Fragment, kind: "json" | "digits"]

/**
 * The JSON text of an array of objects, one per row, keys in the given order, aggregated in `order`
 * (NULL for no rows). Every value must be non-NULL (a NULL would blank the whole object).
 */
export const jsonArray = (sql: SqlClient.SqlClient, fields: ReadonlyArray<Field>, order: string): Statement.Fragment => {
  const parts = fields.map(([key, value, kind], i) => {
    const expression = typeof value === "string" ? sql.literal(value) : value
    const name = `${i === 0 ? "{" : ","}"${key}":`
    return kind === "json"
      ? sql`${sql.literal(`'${name}'`)} || (${expression})::text`
      : sql`${sql.literal(`'${name}"'`)} || (${expression}) || '"'`
  })
  return sql`'[' || string_agg(${sql.join(" || ", false)(parts)} || '}', ',' ORDER BY ${sql.literal(order)}) || ']'`
}
