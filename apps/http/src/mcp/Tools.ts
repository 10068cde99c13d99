import { compareProportions, MIN_SAMPLE } from "@sightline/domain/Confidence"
import { formatDecimal } from "@sightline/domain/DecimalString"
import { NotFound, ValidationError } from "@sightline/domain/api/Errors"
import * as Params from "@sightline/domain/api/Params"
import type { Dashboard as DashboardData, PromptResponse } from "@sightline/domain/api/Resources"
import { CurrentPrincipal } from "@sightline/domain/api/Security"
import { Access, Prompts } from "@sightline/sql/read/index"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as ActionPlans from "../handlers/ActionPlans.js"
import * as Catalog from "../handlers/Catalog.js"
import * as CitedSources from "../handlers/CitedSources.js"
import * as Dashboard from "../handlers/Dashboard.js"
import * as PromptEndpoints from "../handlers/Prompts.js"
import * as Reports from "../handlers/Reports.js"
import type { ToolRead } from "./Caller.js"
import { findDefinition, METRIC_NAMES } from "./MetricDefinitions.js"
import { decodeArguments, inputSchemaOf } from "./ToolInput.js"

/**
 * The MCP tools: one per read capability of the API, each a thin adapter over the REST endpoint's
 * own read operation (handlers/*.ts) taking the endpoint's parameter schemas, plus compare_periods
 * and explain_metric. Adding a tool (e.g. a report endpoint) is one `tool({...})` entry in TOOLS:
 * a name, a description, the endpoint's parameter struct and its operation.
 */
export interface ToolSpec {
  readonly name: string
  readonly title: string
  readonly description: string
  /** JSON Schema of the arguments (MCP `inputSchema`), from the contract's parameter schemas. */
  readonly inputSchema: unknown
  readonly run: (args: Readonly<Record<string, unknown>>) => ToolRead<unknown>
}

/** A tool whose arguments are decoded by `input` (a contract parameter struct) before `run`. */
const tool = <A, I>(options: {
  readonly name: string
  readonly title: string
  readonly description: string
  readonly input: Schema.Schema<A, I>
  readonly run: (params: A) => ToolRead<unknown>
}): ToolSpec => ({
  name: options.name,
  title: options.title,
  description: options.description,
  inputSchema: inputSchemaOf(options.input),
  run: (args) => Effect.flatMap(decodeArguments(options.input, args), options.run)
})

/** An endpoint operation called with one decoded argument struct as both its path and its query. */
const asEndpoint = <P, Q, R>(operation: (request: { readonly path: P; readonly urlParams: Q }) => R) => (params: P & Q) =>
  operation({ path: params, urlParams: params })
const asQuery = <A, R>(operation: (request: { readonly urlParams: A }) => R) => (params: A) =>
  operation({ urlParams: params })

// --- answers: clipped in lists, readable in parts ----------------------------------------------

/** Characters of an answer shown in list_responses; the rest is read with get_response_text. */
export const CLIP_CHARS = 500
/** The largest slice get_response_text returns at once. */
export const MAX_TEXT_SLICE = 8_000

const clipped = (response: PromptResponse) => {
  const { response_markdown: _markdown, response_text: text, ...rest } = response
  const truncated = text.length > CLIP_CHARS
  return {
    ...rest,
    response_text: truncated ? `${text.slice(0, CLIP_CHARS)}…` : text,
    response_text_length: text.length,
    response_text_truncated: truncated
  }
}

const listResponses = (params: typeof ResponsesInput.Type) =>
  Effect.map(PromptEndpoints.listResponses({ path: params, urlParams: params }), (page) => {
    const data = page.data.map(clipped)
    return {
      pagination: page.pagination,
      data,
      ...(data.some((r) => r.response_text_truncated)
        ? { more_text: `Answers are clipped to ${CLIP_CHARS} characters: call get_response_text with a response_id to read one in full.` }
        : {})
    }
  })

const ResponsesInput = Schema.Struct({ ...Params.PromptPath.fields, ...Params.ItemFilterPageParams.fields })

const Offset = Schema.NumberFromString.pipe(
  Schema.int(),
  Schema.between(0, Number.MAX_SAFE_INTEGER),
  Schema.annotations({ message: () => "must be a whole number of characters, 0 or more", jsonSchema: { type: "integer", minimum: 0, default: 0, description: "Characters to skip." } })
)
const Length = Schema.NumberFromString.pipe(
  Schema.int(),
  Schema.between(1, MAX_TEXT_SLICE),
  Schema.annotations({ message: () => `must be a whole number between 1 and ${MAX_TEXT_SLICE}`, jsonSchema: { type: "integer", minimum: 1, maximum: MAX_TEXT_SLICE, default: MAX_TEXT_SLICE, description: "Characters to return." } })
)
const ResponseTextInput = Schema.Struct({
  response_id: Params.Id.annotations({ jsonSchema: { type: "integer", minimum: 1, description: "The answer's id (list_responses' `id`)." } }),
  offset: Schema.optional(Offset),
  length: Schema.optional(Length)
})

const getResponseText = (params: typeof ResponseTextInput.Type) =>
  Effect.gen(function*() {
    yield* Access.responseBrand(yield* CurrentPrincipal, params.response_id)
    const offset = params.offset ?? 0
    const found = yield* Prompts.getResponseText(params.response_id, offset, params.length ?? MAX_TEXT_SLICE)
    if (Option.isNone(found)) return yield* Effect.fail(NotFound.create("Response not found."))
    const end = offset + found.value.text.length
    return {
      response_id: params.response_id,
      offset,
      text: found.value.text,
      total_length: found.value.total_length,
      ...(end < found.value.total_length ? { next_offset: end } : {})
    }
  })

// --- compare_periods -----------------------------------------------------------------------------

const CompareInput = Schema.Struct({
  ...Params.DashboardParams.fields,
  previous_start_date: Params.DateParam.annotations({ jsonSchema: { type: "string", format: "date", description: "First day of the period compared against (inclusive UTC date, YYYY-MM-DD)." } }),
  previous_end_date: Params.DateParam.annotations({ jsonSchema: { type: "string", format: "date", description: "Last day of the period compared against (inclusive UTC date, YYYY-MM-DD)." } })
})

const points = (delta: number) => formatDecimal(100 * delta)

/** A visibility change judged by the shared significance test, never on small samples. */
const change = (current: { successes: number; trials: number }, previous: { successes: number; trials: number }) => {
  const result = compareProportions(current, previous)
  const enoughData = current.trials >= MIN_SAMPLE && previous.trials >= MIN_SAMPLE
  return { delta_points: points(result.delta), z: Number(result.z.toFixed(2)), significant: enoughData && result.significant, enough_data: enoughData }
}

const comparePeriods = (params: typeof CompareInput.Type) =>
  Effect.gen(function*() {
    const dashboardOf = (start_date: string, end_date: string) =>
      Effect.map(Dashboard.getDashboard({ urlParams: { ...params, start_date, end_date } }), (r) => r.data)
    const current = yield* dashboardOf(params.start_date, params.end_date)
    const previous = yield* dashboardOf(params.previous_start_date, params.previous_end_date)
    const summary = (d: DashboardData, start_date: string, end_date: string) => ({
      start_date,
      end_date,
      responses: d.total_responses,
      brand_mentions: d.total_brand_mentions,
      visibility: d.brand_mention_rate,
      average_sentiment: d.average_brand_sentiment
    })
    const contenders = current.brands_ranking.map((now) => {
      const before = previous.brands_ranking.find((b) => b.name === now.name && b.own_brand === now.own_brand)
      return {
        name: now.name,
        own_brand: now.own_brand,
        visibility: now.visibility,
        previous_visibility: before?.visibility ?? "0.00",
        ...change(
          { successes: now.mentions, trials: current.total_responses },
          { successes: before?.mentions ?? 0, trials: previous.total_responses }
        )
      }
    })
    return {
      current: summary(current, params.start_date, params.end_date),
      previous: summary(previous, params.previous_start_date, params.previous_end_date),
      visibility_change: change(
        { successes: current.total_brand_mentions, trials: current.total_responses },
        { successes: previous.total_brand_mentions, trials: previous.total_responses }
      ),
      brands: contenders,
      method:
        `Visibility = responses mentioning the brand / responses (docs/metrics.md). significant: pooled two-proportion z-test at 95 % (|z| >= 1.96), only when both periods have at least ${MIN_SAMPLE} responses.`
    }
  })

// --- explain_metric ------------------------------------------------------------------------------

const ExplainInput = Schema.Struct({
  metric: Schema.String.annotations({
    jsonSchema: { type: "string", enum: METRIC_NAMES, description: "The metric (or section) to explain." }
  })
})

const explainMetric = (params: typeof ExplainInput.Type) => {
  const definition = findDefinition(params.metric)
  return definition === undefined
    ? Effect.fail(ValidationError.create({ metric: `must be one of ${METRIC_NAMES.join(", ")}` }))
    : Effect.succeed({ metric: params.metric, heading: definition.heading, definition: definition.markdown })
}

// --- the tools -----------------------------------------------------------------------------------

const RANGE = "Dates are inclusive UTC days (YYYY-MM-DD); ai_model narrows to one engine."
const PAGED = "Paginated: 20 items a page unless per_page says otherwise (max 100); `pagination` tells the total."
const BRAND = "brand_id defaults to the key's brand or the workspace's only brand."

export const TOOLS: ReadonlyArray<ToolSpec> = [
  tool({
    name: "list_brands",
    title: "Brands",
    description: `The brands this API key can see, with id, website, country, language and aliases. Start here to find brand ids. ${PAGED}`,
    input: Params.BrandListParams,
    run: asQuery(Catalog.listBrands)
  }),
  tool({
    name: "list_competitors",
    title: "Monitored competitors",
    description: `The competitors tracked alongside a brand in every answer. ${BRAND} ${PAGED}`,
    input: Params.ScopedPageParams,
    run: asQuery(Catalog.listCompetitors)
  }),
  tool({
    name: "list_prompts",
    title: "Monitored prompts",
    description:
      `The prompts sent to AI engines for a brand, each with its mention rate (visibility), average position, average sentiment and response count over the range. ${BRAND} ${RANGE} ${PAGED}`,
    input: Params.PromptListParams,
    run: asQuery(PromptEndpoints.listPrompts)
  }),
  tool({
    name: "list_responses",
    title: "Collected answers of a prompt",
    description:
      `The AI answers collected for one monitored prompt, newest first: engine, time, whether the brand is mentioned, its sentiment label, citations and search queries. Answer texts are clipped to ${CLIP_CHARS} characters; read one whole with get_response_text. ${RANGE} ${PAGED}`,
    input: ResponsesInput,
    run: listResponses
  }),
  tool({
    name: "get_response_text",
    title: "Full text of an answer",
    description:
      `The text of one collected answer, in slices of up to ${MAX_TEXT_SLICE} characters: pass next_offset back as offset to read on.`,
    input: ResponseTextInput,
    run: getResponseText
  }),
  tool({
    name: "list_citations",
    title: "Citations of a prompt",
    description: `The domains cited in one prompt's answers, most cited first, with their URLs and counts. ${RANGE} ${PAGED}`,
    input: Schema.Struct({ ...Params.PromptPath.fields, ...Params.ItemFilterPageParams.fields }),
    run: asEndpoint(PromptEndpoints.listCitations)
  }),
  tool({
    name: "list_search_queries",
    title: "Search queries of a prompt",
    description: `The web searches the engines ran while answering one prompt, most frequent first. ${RANGE} ${PAGED}`,
    input: Schema.Struct({ ...Params.PromptPath.fields, ...Params.ItemFilterPageParams.fields }),
    run: asEndpoint(PromptEndpoints.listSearchQueries)
  }),
  tool({
    name: "list_cited_sources",
    title: "Cited sources",
    description:
      `The domains cited across a brand's answers with how many answers cite them and their impact (share of answers citing). search filters domains by substring. ${BRAND} ${RANGE} ${PAGED}`,
    input: Params.CitedSourceListParams,
    run: asQuery(CitedSources.listDomains)
  }),
  tool({
    name: "list_action_plans",
    title: "Action plans",
    description: `The action plans of a brand, one per prompt: a summary of what to improve. Get the actions with get_action_plan. ${BRAND} ${PAGED}`,
    input: Params.ScopedPageParams,
    run: asQuery(ActionPlans.listActionPlans)
  }),
  tool({
    name: "get_action_plan",
    title: "Action plan",
    description: "One action plan with its prioritised actions and the evidence behind each.",
    input: Schema.Struct({ ...Params.ActionPlanPath.fields, ...Params.ItemParams.fields }),
    run: asEndpoint(ActionPlans.getActionPlan)
  }),
  tool({
    name: "get_dashboard",
    title: "Dashboard",
    description:
      "A brand's totals over a date range: responses, mentions, visibility (mention rate), average sentiment, the ranking of the brand and its competitors by visibility with their share of voice, the best and worst 5 prompts, a daily series and a per-engine breakdown. brand_id, start_date and end_date are required; group_id narrows to a prompt group.",
    input: Params.DashboardParams,
    run: asQuery(Dashboard.getDashboard)
  }),
  tool({
    name: "visibility_report",
    title: "Visibility report",
    description:
      `A brand's visibility (mention rate) and share of voice broken down by up to 3 dimensions (date, week or month; ai_model; prompt; group; competitor), each rate with its 95 % Wilson interval and low_sample when fewer than ${MIN_SAMPLE} answers stand behind it. include_previous_period=true adds the period of equal length before, the change and whether it is significant (pooled two-proportion z-test at 95 %). brand_id, start_date and end_date are required; dimensions, ai_model, group_id and prompt_id are comma lists. ${PAGED}`,
    input: Params.VisibilityReportParams,
    run: asQuery(Reports.visibilityReport)
  }),
  tool({
    name: "citations_report",
    title: "Citations report",
    description:
      `The domains (or URLs with level=url) cited in a brand's answers over a date range, most cited first: citations, answers citing, share of all citations, answers among those naming the brand, competitors named alongside, and the source type (own, competitor, ugc, editorial, reference, other). dimensions=ai_model,date splits the rows. ${PAGED}`,
    input: Params.CitationReportParams,
    run: asQuery(Reports.citationReport)
  }),
  tool({
    name: "compare_periods",
    title: "Compare two periods",
    description:
      `The dashboard of two date ranges side by side: visibility of the brand and each competitor now and before, the change in percentage points, and whether it is statistically significant (pooled two-proportion z-test at 95 %, needs ${MIN_SAMPLE}+ responses in each period).`,
    input: CompareInput,
    run: comparePeriods
  }),
  tool({
    name: "explain_metric",
    title: "Explain a metric",
    description: "The exact definition of a metric Sightline reports (from docs/metrics.md), with its worked example and SQL form.",
    input: ExplainInput,
    run: explainMetric
  })
]
