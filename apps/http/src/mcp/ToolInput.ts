import { ValidationError } from "@sightline/domain/api/Errors"
import * as Effect from "effect/Effect"
import * as AST from "effect/SchemaAST"
import * as JSONSchema from "effect/JSONSchema"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"

/**
 * A tool's input is a contract parameter struct (query and path parameters of the REST endpoint
 * the tool stands for): its JSON Schema is the OpenAPI document's, and arguments are checked by
 * the very schema the API decodes query strings with, so a tool answers the API's 400 details.
 */

/** Tools list 20 items a page unless asked (the API's 100 is a lot of text for an assistant). */
export const TOOL_PER_PAGE = 20

/** The JSON Schema of a contract struct for MCP's `inputSchema` (per_page defaulting to 20). */
export const inputSchemaOf = (params: Schema.Schema.AnyNoContext): unknown => {
  const { $schema: _drop, ...schema } = JSONSchema.make(params)
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    key === "per_page" && typeof value === "object" && value !== null ? { ...value, default: TOOL_PER_PAGE } : value)
}

/** JSON arguments as the query-string text the contract decodes (numbers and booleans as written). */
const asQueryText = (args: Readonly<Record<string, unknown>>): Record<string, string> => {
  const text: Record<string, string> = {}
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue
    text[name] = value === null ? "null" : typeof value === "object" ? JSON.stringify(value) : String(value)
  }
  return text
}

/** The contract's 400: every offending argument with its message ("is required" when absent). */
const validationError = (error: ParseResult.ParseError): ValidationError => {
  const details: Record<string, string> = {}
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(error)) {
    const [name] = issue.path
    details[typeof name === "string" ? name : "arguments"] ??= issue._tag === "Missing" ? "is required" : issue.message
  }
  return ValidationError.create(details)
}

/** Decodes tool arguments with a contract struct; `per_page` defaults to 20 when the struct has it. */
export const decodeArguments = <A, I>(params: Schema.Schema<A, I>, args: Readonly<Record<string, unknown>>) => {
  const paged = AST.getPropertySignatures(params.ast).some((property) => property.name === "per_page")
  const withDefaults = paged && args["per_page"] === undefined
    ? { ...args, per_page: TOOL_PER_PAGE }
    : args
  return Schema.decodeUnknown(params, { errors: "all", onExcessProperty: "ignore" })(asQueryText(withDefaults)).pipe(
    Effect.mapError(validationError)
  )
}
