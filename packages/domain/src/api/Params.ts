import * as Option from "effect/Option"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { AI_MODELS, AiModel, isAiModel } from "../AiModel.js"

/**
 * Query and path parameters. Every parameter carries its own error message (used for both type and
 * range failures) so a 400's `details` can say exactly what is wrong; the url-params structs decode
 * with `errors: "all"` so every bad parameter is reported at once.
 */

const withMessage = <A, I>(schema: Schema.Schema<A, I>, message: string, jsonSchema: object): Schema.Schema<A, I> =>
  schema.annotations({ message: () => ({ message, override: true }), jsonSchema })

/** A base-10 integer written with digits only: rejects "1e1", "0x10", " 1", "1.0", "+1". */
const integerInRange = (min: number, max: number, message: string, jsonSchema: object) =>
  withMessage(
    Schema.transformOrFail(Schema.String, Schema.Number, {
      strict: true,
      decode: (s, _, ast) => {
        const n = /^[0-9]{1,16}$/.test(s) ? Number(s) : Number.NaN
        return Number.isSafeInteger(n) && n >= min && n <= max
          ? ParseResult.succeed(n)
          : ParseResult.fail(new ParseResult.Type(ast, s, message))
      },
      encode: (n) => ParseResult.succeed(String(n))
    }),
    message,
    jsonSchema
  )

/**
 * The largest id: ids are PostgreSQL bigints, served as JSON numbers, so they stay within the
 * integers a double represents exactly (2^53 - 1).
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER
/** The largest page number: with at most 100 items a page, deeper than any real list reaches. */
export const MAX_PAGE = 1_000_000_000

export const PAGE_MESSAGE = `must be an integer between 1 and ${MAX_PAGE}`
export const PER_PAGE_MESSAGE = "must be an integer between 1 and 100"
export const ID_MESSAGE = `must be an integer between 1 and ${MAX_ID}`
export const DATE_MESSAGE = "must be a valid date in YYYY-MM-DD format"
export const AI_MODEL_MESSAGE = `must be one of ${AI_MODELS.join(", ")}`
export const SEARCH_MESSAGE = "must be a non-empty string"
export const TEXT_MESSAGE = "must not contain NUL characters or unpaired UTF-16 surrogates"

const idJsonSchema = { type: "integer", minimum: 1, maximum: MAX_ID } as const

export const Page = integerInRange(1, MAX_PAGE, PAGE_MESSAGE, {
  type: "integer",
  minimum: 1,
  maximum: MAX_PAGE,
  default: 1,
  description: "1-indexed page number."
})
export const PerPage = integerInRange(1, 100, PER_PAGE_MESSAGE, {
  type: "integer",
  minimum: 1,
  maximum: 100,
  default: 100,
  description: "Items per page."
})

/** A positive integer id (query parameter or path segment). */
export const Id = integerInRange(1, MAX_ID, ID_MESSAGE, idJsonSchema)

/**
 * Text PostgreSQL can store: no NUL (it ends a C string) and no lone surrogate (not encodable as
 * UTF-8). Every string parameter is checked first, so such a value is a 400, never a database error.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s)

/** A string parameter: the storable-text check with its own message, then `schema` with `message`. */
const textParam = <A>(schema: Schema.Schema<A, string>, message: string, jsonSchema: object): Schema.Schema<A, string> =>
  Schema.transformOrFail(Schema.String, Schema.String, {
    strict: true,
    decode: (s, _, ast) =>
      isStorableText(s) ? ParseResult.succeed(s) : ParseResult.fail(new ParseResult.Type(ast, s, TEXT_MESSAGE)),
    encode: ParseResult.succeed
  }).pipe(Schema.compose(withMessage(schema, message, jsonSchema))).annotations({ jsonSchema })

const isRealDate = (s: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (m === null) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(0)
  date.setUTCFullYear(y, mo - 1, d) // unlike Date.UTC, keeps years 0-99 as written
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
}

/** A real calendar date `YYYY-MM-DD` (UTC day). */
export const DateParam = textParam(
  Schema.String.pipe(Schema.filter(isRealDate)),
  DATE_MESSAGE,
  { type: "string", format: "date", description: "Inclusive UTC date, YYYY-MM-DD." }
)

export const AiModelParam = textParam(
  Schema.String.pipe(Schema.compose(AiModel)),
  AI_MODEL_MESSAGE,
  { type: "string", minLength: 1, enum: AI_MODELS, description: "Only answers of this AI model." }
)

export const SearchParam = textParam(
  Schema.String.pipe(Schema.minLength(1)),
  SEARCH_MESSAGE,
  {
    type: "string",
    minLength: 1,
    description: "Case-insensitive substring of the domain or URL, matched literally. No NUL characters."
  }
)

/** `group_id` is nullable (spec): absent, empty or `null` means no group filter. */
export const GroupIdParam = withMessage(
  Schema.transformOrFail(Schema.String, Schema.OptionFromSelf(Schema.Number), {
    strict: true,
    decode: (s, _, ast) => {
      if (s === "" || s === "null") return ParseResult.succeed(Option.none())
      const n = /^[0-9]{1,16}$/.test(s) ? Number(s) : Number.NaN
      return Number.isSafeInteger(n) && n >= 1
        ? ParseResult.succeed(Option.some(n))
        : ParseResult.fail(new ParseResult.Type(ast, s, ID_MESSAGE))
    },
    encode: (o) => ParseResult.succeed(Option.match(o, { onNone: () => "", onSome: String }))
  }),
  ID_MESSAGE,
  { type: ["integer", "null"], minimum: 1, maximum: MAX_ID, description: "Only prompts of this group." }
)

const brandIdDoc = {
  ...idJsonSchema,
  description: "The brand; defaults to the key's brand, or the workspace's only brand."
}
export const BrandIdParam = withMessage(Id, ID_MESSAGE, brandIdDoc)

const parseAll = { parseOptions: { errors: "all" as const, onExcessProperty: "ignore" as const } }

/** Absent page / per_page mean 1 / 100 (applied by the server, so typed clients may omit them). */
export const DEFAULT_PAGE = 1
export const DEFAULT_PER_PAGE = 100

export const PageParams = Schema.Struct({
  page: Schema.optional(Page),
  per_page: Schema.optional(PerPage)
}).annotations(parseAll)

export const BrandListParams = PageParams

export const ScopedPageParams = Schema.Struct({
  ...PageParams.fields,
  brand_id: Schema.optional(BrandIdParam)
}).annotations(parseAll)

const filterFields = {
  start_date: Schema.optional(DateParam),
  end_date: Schema.optional(DateParam),
  ai_model: Schema.optional(AiModelParam)
}

/**
 * `brand_id` of an item endpoint: the item's own brand is used, but a given `brand_id` is checked
 * like on every brand-scoped endpoint (malformed 400, unknown 404, not visible 403).
 */
export const ItemBrandIdParam = withMessage(Id, ID_MESSAGE, {
  ...idJsonSchema,
  description: "Optional; the item's own brand is used. When given it must be a brand the key can see."
})

const itemBrandField = { brand_id: Schema.optional(ItemBrandIdParam) }

/** Query parameters of an item endpoint without filters. */
export const ItemParams = Schema.Struct(itemBrandField).annotations(parseAll)

/** Filters of an item endpoint (the brand comes from the item). */
export const ItemFilterParams = Schema.Struct({ ...filterFields, ...itemBrandField }).annotations(parseAll)

export const ItemFilterPageParams = Schema.Struct({ ...PageParams.fields, ...filterFields, ...itemBrandField })
  .annotations(parseAll)

export const PromptListParams = Schema.Struct({
  ...PageParams.fields,
  ...filterFields,
  brand_id: Schema.optional(BrandIdParam),
  group_id: Schema.optional(GroupIdParam)
}).annotations(parseAll)

export const CitedSourceListParams = Schema.Struct({
  ...PageParams.fields,
  ...filterFields,
  brand_id: Schema.optional(BrandIdParam),
  search: Schema.optional(SearchParam)
}).annotations(parseAll)

export const RelatedPromptParams = Schema.Struct({
  ...PageParams.fields,
  ...filterFields,
  brand_id: Schema.optional(BrandIdParam)
}).annotations(parseAll)

/** A brand and a required inclusive UTC date range: the dashboard's, the exports' and the reports' own. */
const brandRangeFields = {
  brand_id: withMessage(Id, ID_MESSAGE, { ...idJsonSchema, description: "The brand." }),
  start_date: DateParam,
  end_date: DateParam
}

export const DashboardParams = Schema.Struct({
  ...brandRangeFields,
  group_id: Schema.optional(GroupIdParam),
  ai_model: Schema.optional(AiModelParam)
}).annotations(parseAll)

/**
 * A path id. A path segment that is not a positive integer names no resource: the server answers
 * 404 for failures carrying this message (a bad query parameter is a 400).
 */
export const PATH_ID_MESSAGE = "is not a valid resource id"
export const PathId = integerInRange(1, MAX_ID, PATH_ID_MESSAGE, idJsonSchema)

export const CompetitorPath = Schema.Struct({ monitored_competitor_id: PathId })
export const PromptPath = Schema.Struct({ monitored_prompt_id: PathId })
export const DomainPath = Schema.Struct({ domain_id: PathId })
export const GroupPath = Schema.Struct({ group_id: PathId })
export const ActionPlanPath = Schema.Struct({ action_plan_id: PathId })

/** The body formats of the exports: NDJSON (one JSON object a line) or RFC 4180 CSV. */
export const EXPORT_FORMATS = ["ndjson", "csv"] as const
export type ExportFormat = typeof EXPORT_FORMATS[number]
export const FORMAT_MESSAGE = `must be one of ${EXPORT_FORMATS.join(", ")}`

export const ExportFormatParam = textParam(
  Schema.String.pipe(Schema.compose(Schema.Literal(...EXPORT_FORMATS))),
  FORMAT_MESSAGE,
  { type: "string", enum: EXPORT_FORMATS, default: "ndjson", description: "The body format: NDJSON (default) or CSV." }
)

/** The exports' query: a brand and an inclusive date range are required (a whole history is one request per range). */
export const ExportParams = Schema.Struct({
  ...brandRangeFields,
  ai_model: Schema.optional(AiModelParam),
  format: Schema.optional(ExportFormatParam)
}).annotations(parseAll)

/** The breakdowns of the visibility report (`dimensions`). */
export const REPORT_DIMENSIONS = ["date", "week", "month", "ai_model", "prompt", "group", "competitor"] as const
export type ReportDimension = typeof REPORT_DIMENSIONS[number]
const isReportDimension = (s: string): s is ReportDimension => REPORT_DIMENSIONS.some((d) => d === s)
/** At most this many dimensions in one report. */
export const MAX_DIMENSIONS = 3

export const DIMENSIONS_MESSAGE =
  `must be a comma list of up to ${MAX_DIMENSIONS} distinct values of ${REPORT_DIMENSIONS.join(", ")}, with at most one of date, week, month`
export const AI_MODEL_LIST_MESSAGE = `must be a comma list of ${AI_MODELS.join(", ")}`
export const ID_LIST_MESSAGE = `must be a comma list of integers between 1 and ${MAX_ID}`
export const BOOLEAN_MESSAGE = "must be true or false"

/**
 * A comma list parameter decoded to `target`: every item must pass `item` (blank items fail too);
 * duplicates are dropped. The whole list fails with `message` when one item does.
 */
const commaList = <A, I>(
  target: Schema.Schema<ReadonlyArray<A>, ReadonlyArray<I>>,
  item: (s: string) => Option.Option<I>,
  message: string,
  jsonSchema: object,
  check: (values: ReadonlyArray<I>) => boolean = () => true
) =>
  Schema.transformOrFail(Schema.String, Schema.encodedSchema(target), {
    strict: true,
    decode: (s, _, ast) => {
      const values: Array<I> = []
      for (const part of s.split(",")) {
        const parsed = item(part.trim())
        if (Option.isNone(parsed)) return ParseResult.fail(new ParseResult.Type(ast, s, message))
        if (!values.includes(parsed.value)) values.push(parsed.value)
      }
      return check(values) ? ParseResult.succeed(values) : ParseResult.fail(new ParseResult.Type(ast, s, message))
    },
    encode: (values) => ParseResult.succeed(values.map(String).join(","))
  }).pipe(Schema.compose(target)).annotations({ message: () => ({ message, override: true }), jsonSchema })

const idItem = (s: string): Option.Option<number> => {
  const n = /^[0-9]{1,16}$/.test(s) ? Number(s) : Number.NaN
  return Number.isSafeInteger(n) && n >= 1 ? Option.some(n) : Option.none()
}

const isTimeDimension = (d: string) => d === "date" || d === "week" || d === "month"

export const DimensionsParam = commaList(
  Schema.Array(Schema.Literal(...REPORT_DIMENSIONS)),
  (s) => isReportDimension(s) ? Option.some(s) : Option.none(),
  DIMENSIONS_MESSAGE,
  {
    type: "string",
    description: `Comma list of 0 to ${MAX_DIMENSIONS} breakdowns: ${REPORT_DIMENSIONS.join(", ")} ` +
      "(at most one of date, week, month). Absent: one row for the whole range.",
    examples: ["ai_model", "week,competitor"]
  },
  (values) => values.length <= MAX_DIMENSIONS && values.filter(isTimeDimension).length <= 1
)

export const AiModelListParam = commaList(
  Schema.Array(AiModel),
  (s) => isAiModel(s) ? Option.some(s) : Option.none(),
  AI_MODEL_LIST_MESSAGE,
  { type: "string", description: `Only answers of these AI models (comma list of ${AI_MODELS.join(", ")}).` }
)

const idList = (description: string) =>
  commaList(Schema.Array(Schema.Number), idItem, ID_LIST_MESSAGE, {
    type: "string",
    pattern: "^[0-9]+(,[0-9]+)*$",
    description
  })

export const GroupIdListParam = idList("Only prompts of these groups (comma list of group ids).")
export const PromptIdListParam = idList("Only these prompts (comma list of prompt ids).")

export const BooleanParam = withMessage(
  Schema.transformOrFail(Schema.String, Schema.Boolean, {
    strict: true,
    decode: (s, _, ast) =>
      s === "true" ? ParseResult.succeed(true) : s === "false" ? ParseResult.succeed(false) :
      ParseResult.fail(new ParseResult.Type(ast, s, BOOLEAN_MESSAGE)),
    encode: (b) => ParseResult.succeed(b ? "true" : "false")
  }),
  BOOLEAN_MESSAGE,
  {
    type: "boolean",
    default: false,
    description: "Add each row's figures for the period of equal length just before, the change and its significance."
  }
)

export const VisibilityReportParams = Schema.Struct({
  ...PageParams.fields,
  ...brandRangeFields,
  dimensions: Schema.optional(DimensionsParam),
  ai_model: Schema.optional(AiModelListParam),
  group_id: Schema.optional(GroupIdListParam),
  prompt_id: Schema.optional(PromptIdListParam),
  include_previous_period: Schema.optional(BooleanParam)
}).annotations(parseAll)

/** The splits of the citations report (`dimensions`). */
export const CITATION_DIMENSIONS = ["ai_model", "date"] as const
export type CitationDimension = typeof CITATION_DIMENSIONS[number]
const isCitationDimension = (s: string): s is CitationDimension => CITATION_DIMENSIONS.some((d) => d === s)
export const CITATION_DIMENSIONS_MESSAGE = `must be a comma list of ${CITATION_DIMENSIONS.join(", ")}`
export const LEVEL_MESSAGE = "must be domain or url"

export const CitationDimensionsParam = commaList(
  Schema.Array(Schema.Literal(...CITATION_DIMENSIONS)),
  (s) => isCitationDimension(s) ? Option.some(s) : Option.none(),
  CITATION_DIMENSIONS_MESSAGE,
  {
    type: "string",
    description: "Split each domain's (or URL's) row by AI model and/or UTC day: a comma list of ai_model, date.",
    examples: ["ai_model", "ai_model,date"]
  }
)

export const LevelParam = withMessage(
  Schema.String.pipe(Schema.compose(Schema.Literal("domain", "url"))),
  LEVEL_MESSAGE,
  { type: "string", enum: ["domain", "url"], default: "domain", description: "One row per cited domain (default) or per cited URL." }
)

export const CitationReportParams = Schema.Struct({
  ...PageParams.fields,
  ...brandRangeFields,
  level: Schema.optional(LevelParam),
  dimensions: Schema.optional(CitationDimensionsParam),
  ai_model: Schema.optional(AiModelListParam)
}).annotations(parseAll)
