import * as Schema from "effect/Schema"

const Item = Schema.Record({ key: Schema.String, value: Schema.Unknown })

/** The `data` array of a list body (decoded, so a wrong shape fails the test). */
export const items = (body: unknown): ReadonlyArray<Record<string, unknown>> =>
  Schema.decodeUnknownSync(Schema.Struct({ data: Schema.Array(Item) }))(body).data

export const ErrorBody = Schema.Struct({
  error: Schema.Struct({ code: Schema.String, message: Schema.String }),
  code: Schema.String,
  message: Schema.String,
  details: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.String }))
})

/** The error body, decoded strictly: no field beyond the documented ones. */
export const errorBody = (body: unknown) =>
  Schema.decodeUnknownSync(ErrorBody, { onExcessProperty: "error" })(body)
