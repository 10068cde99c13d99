import type {} from "../../../packages/sql/test-support/globalSetup.js"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as SqlClient from "@effect/sql/SqlClient"
import { expect, layer } from "@effect/vitest"
import type { AiModel } from "@sightline/domain/AiModel"
import { ANALYSER_VERSION } from "@sightline/domain/analysis/ResponseAnalysis"
import { classifierOf } from "@sightline/domain/analysis/SourceTypes"
import { formatDecimal } from "@sightline/domain/DecimalString"
import * as Metrics from "@sightline/domain/Metrics"
import { planActions } from "@sightline/domain/ActionPlanner"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import { Engines } from "@sightline/engines"
import { ActionPlans } from "@sightline/sql/ActionPlans"
import { ApiKeys } from "@sightline/sql/ApiKeys"
import { Brands } from "@sightline/sql/Brands"
import { Competitors } from "@sightline/sql/Competitors"
import { Prompts } from "@sightline/sql/Prompts"
import { ResponseStore } from "@sightline/sql/ResponseStore"
import { Runs } from "@sightline/sql/Runs"
import { Workspaces } from "@sightline/sql/Workspaces"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"
import * as Schema from "effect/Schema"
import * as HttpConfig from "../../http/src/Config.js"
import { AppLive } from "../../http/src/Server.js"
import { get, type Reply, settings as httpSettings } from "../../http/test/support/Harness.js"
import { items } from "../../http/test/support/Json.js"
import * as GeminiFake from "../../../packages/engines/test/fakes/GeminiFake.js"
import * as OpenAiFake from "../../../packages/engines/test/fakes/OpenAiFake.js"
import * as PerplexityFake from "../../../packages/engines/test/fakes/PerplexityFake.js"
import * as SerpApiFake from "../../../packages/engines/test/fakes/SerpApiFake.js"
import * as XaiFake from "../../../packages/engines/test/fakes/XaiFake.js"
import { TestDatabase } from "../../../packages/sql/test-support/TestDatabase.js"
import * as Worker from "../src/Worker.js"
import { fromEnvironment } from "../src/WorkerSettings.js"

/**
 * The flow of issue 4, in-process: the admin repositories the CLI uses create a workspace, brand,
 * competitor, prompt and key; the worker runs once with env-style settings pointing one engine at
 * its fake; then the real HTTP app (the apps/http harness' settings, same database) serves what
 * was collected. One database and one server for all seven engines.
 */

const BRAND = "Acme CRM"
const COMPETITOR = "Globex Sales"

interface Case {
  readonly engine: AiModel
  /** Prefix of the worker's environment variables (OPENAI_API_KEY, OPENAI_BASE_URL, ...). */
  readonly env: "OPENAI" | "PERPLEXITY" | "GEMINI" | "XAI" | "SERPAPI"
  readonly start: () => Promise<{ readonly baseUrl: string; readonly close: () => Promise<void> }>
  /** The cited URLs the fake's answer yields (tracking parameters removed), by domain. */
  readonly citations: Readonly<Record<string, ReadonlyArray<string>>>
  /** The web searches the engine reports, in the fake's order. */
  readonly queries: ReadonlyArray<string>
}

const REVIEW = "https://www.example.com/crm-review"
const BEST = "https://sample.org/best-crm-2026"
const serp = { env: "SERPAPI", start: SerpApiFake.start, citations: { "example.com": [REVIEW], "sample.org": [BEST] }, queries: [] } as const

const cases: ReadonlyArray<Case> = [
  {
    engine: "chat_gpt", env: "OPENAI", start: OpenAiFake.start,
    citations: { "example.com": [REVIEW], "sample.org": [BEST] },
    queries: ["best CRM for small agency 2026", "Acme CRM vs Globex Sales pricing"]
  },
  { engine: "perplexity", env: "PERPLEXITY", start: PerplexityFake.start, citations: { "example.com": [REVIEW], "sample.org": [BEST] }, queries: [] },
  {
    engine: "gemini", env: "GEMINI", start: GeminiFake.start,
    citations: { "example.com": [REVIEW], "example.net": ["https://news.example.net/"], "sample.org": [BEST] },
    queries: ["best CRM small agency 2026", "Acme CRM vs Globex Sales"]
  },
  { engine: "grok", env: "XAI", start: XaiFake.start, citations: { "example.com": [REVIEW], "sample.org": [BEST] }, queries: ["best CRM small agency 2026"] },
  { engine: "google_ai", ...serp },
  { engine: "google_ai_mode", ...serp },
  { engine: "bing_copilot", ...serp }
]

const Repositories = Layer.mergeAll(Workspaces.Default, Brands.Default, Competitors.Default, Prompts.Default, ApiKeys.Default)
const WorkerServices = Layer.mergeAll(Runs.Default, ResponseStore.Default, ActionPlans.Default, SentimentLexiconLive)
const ApiServer = AppLive.pipe(
  Layer.provideMerge(NodeHttpServer.layerTest),
  Layer.provide(HttpConfig.layerFrom(httpSettings))
)
const SharedLayer = Layer.mergeAll(ApiServer, Repositories, WorkerServices).pipe(
  Layer.provideMerge(TestDatabase),
  Layer.provide(Logger.minimumLogLevel(LogLevel.Warning))
)

/** `pnpm worker --once` with this environment, in-process. */
const runWorkerOnce = (env: Record<string, string>) =>
  Effect.gen(function*() {
    const settings = yield* fromEnvironment
    const engines = Engines.layer(settings.engines).pipe(Layer.provide(FetchHttpClient.layer))
    yield* Worker.run(settings.worker, { once: true }).pipe(Effect.provide(engines))
  }).pipe(
    Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env)))),
    Logger.withMinimumLogLevel(LogLevel.Warning)
  )

const withFake = <F extends { close: () => Promise<void> }>(start: () => Promise<F>) =>
  Effect.acquireRelease(Effect.promise(start), (fake) => Effect.promise(() => fake.close()))

const Single = Schema.Struct({ data: Schema.Record({ key: Schema.String, value: Schema.Unknown }) })
const single = (reply: Reply) => {
  expect(reply.status, reply.text).toBe(200)
  return Schema.decodeUnknownSync(Single)(reply.body).data
}
const list = (reply: Reply) => {
  expect(reply.status, reply.text).toBe(200)
  return items(reply.body)
}

/** docs/api-decisions.md's position: 1 + tracked brands whose first mention comes earlier in the text. */
const positionIn = (text: string, name: string, tracked: ReadonlyArray<string>) => {
  const at = text.indexOf(name)
  expect(at, `${name} in ${text}`).toBeGreaterThanOrEqual(0)
  return 1 + tracked.filter((other) => other !== name && text.indexOf(other) >= 0 && text.indexOf(other) < at).length
}

const ResponseItem = Schema.Struct({
  id: Schema.Number,
  ai_model: Schema.String,
  response_markdown: Schema.String,
  response_text: Schema.String,
  brand_mentioned: Schema.Boolean,
  brand_sentiment: Schema.String,
  citations: Schema.Array(Schema.String),
  search_queries: Schema.Array(Schema.String),
  created_at: Schema.String,
  // Sightline's extra field: the analyser that produced the figures (docs/metrics.md).
  analyser_version: Schema.Literal(ANALYSER_VERSION)
})

const Scores = Schema.Array(Schema.Struct({ brand: Schema.Number, competitor: Schema.Number }))

layer(SharedLayer, { timeout: 60_000, excludeTestServices: true })("issue 4: CLI repositories -> worker --once -> HTTP API, per engine", (it) => {
  for (const c of cases) {
    it.scoped(`${c.engine}: the API shows the answer, its analysis, cited sources and an action plan`, () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const fake = yield* withFake(c.start)

        // What `pnpm cli workspaces create / brands create / competitors add / prompts add / keys create` do.
        const workspace = yield* Workspaces.create(`Issue 4 ${c.engine}`)
        const brand = yield* Brands.create({
          workspaceId: workspace.id, name: BRAND, website: "https://acme.example", country: "US", language: "en"
        })
        const competitor = yield* Competitors.add({ brandId: brand.id, name: COMPETITOR, website: "https://globex.example" })
        const promptText = `Which CRM should a 5-person agency use? (${c.engine})`
        const prompt = yield* Prompts.add({ brandId: brand.id, text: promptText, models: [c.engine] })
        const { key } = yield* ApiKeys.create({ workspaceId: workspace.id, name: "issue 4" })

        yield* runWorkerOnce({ [`${c.env}_API_KEY`]: "x", [`${c.env}_BASE_URL`]: fake.baseUrl, WORKER_ID: `e2e-${c.engine}` })

        const [scores] = yield* sql`
          SELECT r.brand_sentiment::float8 AS brand, m.sentiment::float8 AS competitor
          FROM responses r JOIN response_mentions m ON m.response_id = r.id AND m.competitor_id = ${competitor.id}
          WHERE r.prompt_id = ${prompt.id}`.pipe(Effect.flatMap(Schema.decodeUnknown(Scores)))
        expect(scores, "one stored response mentioning both brands").toBeDefined()
        const brandScore = scores?.brand ?? Number.NaN
        const competitorScore = scores?.competitor ?? Number.NaN

        // Responses of the prompt.
        const responses = list(yield* get(`/v1/monitored-prompts/${prompt.id}/responses/`, key))
        expect(responses).toHaveLength(1)
        // Decoded strictly: exactly the spec's fields (plus the extra analyser_version), with their types.
        const response = Schema.decodeUnknownSync(ResponseItem, { onExcessProperty: "error" })(responses[0])
        expect(response).toMatchObject({ ai_model: c.engine, brand_mentioned: true })
        const text = response.response_text
        for (const name of [BRAND, COMPETITOR]) {
          expect(text).toContain(name)
          expect(response.response_markdown).toContain(name)
        }
        expect(text).not.toMatch(/\]\(http|\*\*|^#/m)
        expect(response.brand_sentiment).toBe(Metrics.sentimentLabel(brandScore))
        // Every fake speaks well of Acme CRM ("excellent", "praised", "love", "reliable").
        expect(response.brand_sentiment).toBe("positive")
        expect([...response.citations].sort()).toEqual(Object.values(c.citations).flat().sort())
        expect(response.search_queries).toEqual(c.queries)
        expect(response.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/)
        const collectedOn = response.created_at.slice(0, 10)

        // Expected metrics, from the answer text and the stored scores.
        const tracked = [BRAND, COMPETITOR]
        const brandPosition = formatDecimal(Metrics.averagePosition([positionIn(text, BRAND, tracked)]))
        const competitorPosition = formatDecimal(Metrics.averagePosition([positionIn(text, COMPETITOR, tracked)]))
        const mentionRate = formatDecimal(Metrics.mentionRate(1, 1))
        expect(brandPosition).toBe("1.00")
        expect(competitorPosition).toBe("2.00")

        // Citations and search queries of the prompt (count desc, then domain / query asc).
        const citations = list(yield* get(`/v1/monitored-prompts/${prompt.id}/citations/`, key))
        expect(citations).toEqual(Object.keys(c.citations).sort().map((domain) => ({
          domain,
          count: 1,
          urls: [...(c.citations[domain] ?? [])].sort().map((url) => ({ url, count: 1 }))
        })))
        const queries = list(yield* get(`/v1/monitored-prompts/${prompt.id}/search-queries/`, key))
        expect(queries).toEqual([...c.queries].sort().map((query) => ({ query, count: 1 })))

        // The prompt in the list and its detail.
        const prompts = list(yield* get("/v1/monitored-prompts/", key))
        expect(prompts).toEqual([{
          id: prompt.id,
          prompt: promptText,
          brand_mentions: 1,
          brand_average_position: brandPosition,
          mention_rate: mentionRate,
          average_sentiment: formatDecimal(brandScore),
          responses: 1,
          created_at: expect.stringMatching(/Z$/)
        }])
        const detail = single(yield* get(`/v1/monitored-prompts/${prompt.id}/`, key))
        expect(detail).toMatchObject({
          id: prompt.id,
          prompt: promptText,
          total_responses: 1,
          total_brand_mentions: 1,
          brand_mention_rate: mentionRate,
          brand_average_position: brandPosition,
          time_series_data: [{
            date: collectedOn,
            brands: expect.arrayContaining([
              { name: BRAND, mention_rate: mentionRate, average_sentiment: formatDecimal(brandScore), own_brand: true },
              { name: COMPETITOR, mention_rate: mentionRate, average_sentiment: formatDecimal(competitorScore), own_brand: false }
            ])
          }]
        })
        expect(Date.parse(String(detail["next_run_at"]))).toBeGreaterThan(Date.now() + 23 * 3600_000)

        // Competitor positions show in the dashboard's ranking.
        const dashboard = single(
          yield* get(`/v1/dashboard/?brand_id=${brand.id}&start_date=${collectedOn}&end_date=${collectedOn}`, key)
        )
        expect(dashboard).toMatchObject({
          total_prompts: 1, total_responses: 1, total_brand_mentions: 1, brand_mention_rate: mentionRate,
          average_brand_sentiment: formatDecimal(brandScore), competitors_count: 1
        })
        expect(dashboard["brands_ranking"]).toEqual(expect.arrayContaining([
          expect.objectContaining({ name: BRAND, own_brand: true, mentions: 1, average_position: brandPosition }),
          expect.objectContaining({ name: COMPETITOR, own_brand: false, mentions: 1, average_position: competitorPosition })
        ]))

        // Cited sources: the fake's domains, each cited by this one response.
        const domains = list(yield* get("/v1/cited-sources/", key))
        expect(domains).toEqual(Object.keys(c.citations).sort().map((domain) => ({
          domain_id: expect.any(Number),
          domain,
          ai_models: [c.engine],
          impact: Metrics.impact(1, 1),
          prompts_count: 1,
          responses_count: 1,
          urls_count: c.citations[domain]?.length,
          source_type: classifierOf({
            ownWebsite: "https://acme.example",
            competitorWebsites: ["https://globex.example"],
            overrides: new Map()
          })(domain)
        })))
        const first = domains[0] ?? {}
        const related = list(yield* get(`/v1/cited-sources/${String(first["domain_id"])}/related-prompts/`, key))
        expect(related).toEqual([{ prompt_id: prompt.id, prompt: promptText }])

        // The action plan of the prompt, and its actions.
        const plans = list(yield* get("/v1/action-plans/", key))
        expect(plans).toEqual([{
          id: expect.any(Number),
          actions_count: expect.any(Number),
          generated_at: expect.stringMatching(/Z$/),
          prompt: promptText,
          prompt_id: prompt.id,
          insights_summary: expect.stringMatching(/\S/)
        }])
        const plan = plans[0] ?? {}
        const planDetail = single(yield* get(`/v1/action-plans/${String(plan["id"])}/`, key))
        expect(planDetail).toMatchObject(plan)
        const actions = Schema.decodeUnknownSync(Schema.Array(Schema.Struct({
          id: Schema.Number,
          title: Schema.NonEmptyString,
          description: Schema.String,
          priority: Schema.Literal("high", "medium", "low"),
          category: Schema.String,
          created_at: Schema.String
        })))(planDetail["actions"])
        expect(actions.length).toBe(plan["actions_count"])
        // The planner applied to what the API shows must give the stored plan. Every fake names Acme
        // CRM first and well, in answers citing its domains, so no action is due; the summary says why.
        const expected = planActions({
          promptId: prompt.id,
          prompt: promptText,
          brandName: BRAND,
          responses: 1,
          brandMentions: 1,
          brandAveragePosition: Number(brandPosition),
          brandAverageSentiment: brandScore,
          competitors: [{ name: COMPETITOR, mentions: 1, averagePosition: Number(competitorPosition) }],
          engines: [{ engine: c.engine, responses: 1, brandMentions: 1, competitorResponses: 1, competitorsMentioned: [COMPETITOR] }],
          domains: Object.keys(c.citations).map((domain) => ({
            domain, responses: 1, responsesMentioningBrand: 1, competitorsMentioned: [COMPETITOR]
          })),
          negativeMentions: []
        })
        expect(plan["insights_summary"]).toBe(expected.insightsSummary)
        expect(plan["insights_summary"]).toContain(`${BRAND} was mentioned in 1 of 1 answer`)
        expect(actions.map(({ category, priority, title }) => ({ title, priority, category }))).toEqual(
          expected.actions.map(({ category, priority, title }) => ({ title, priority, category }))
        )
      }))
  }

  it.scoped("chat_gpt, a brand the answer never names: not_mentioned, zero metrics and a plan with actions", () =>
    Effect.gen(function*() {
      const fake = yield* withFake(OpenAiFake.start)
      const brandName = "Initech Desk"
      const workspace = yield* Workspaces.create("Issue 4 unmentioned brand")
      const brand = yield* Brands.create({
        workspaceId: workspace.id, name: brandName, website: "https://initech.example", country: "US", language: "en"
      })
      for (const name of [COMPETITOR, BRAND]) {
        yield* Competitors.add({ brandId: brand.id, name, website: `https://${name.split(" ")[0]?.toLowerCase()}.example` })
      }
      const promptText = "Which CRM should a 5-person agency use? (unmentioned)"
      const prompt = yield* Prompts.add({ brandId: brand.id, text: promptText, models: ["chat_gpt"] })
      const { key } = yield* ApiKeys.create({ workspaceId: workspace.id, name: "issue 4", brandId: brand.id })

      yield* runWorkerOnce({ OPENAI_API_KEY: "x", OPENAI_BASE_URL: fake.baseUrl, WORKER_ID: "e2e-unmentioned" })

      const responses = list(yield* get(`/v1/monitored-prompts/${prompt.id}/responses/`, key))
      expect(responses).toHaveLength(1)
      const response = Schema.decodeUnknownSync(ResponseItem, { onExcessProperty: "error" })(responses[0])
      expect(response).toMatchObject({ ai_model: "chat_gpt", brand_mentioned: false, brand_sentiment: "not_mentioned" })
      expect(response.response_text).not.toContain(brandName)
      const collectedOn = response.created_at.slice(0, 10)
      const none = formatDecimal(0)

      expect(list(yield* get("/v1/monitored-prompts/", key))).toEqual([expect.objectContaining({
        id: prompt.id, brand_mentions: 0, responses: 1, mention_rate: none, brand_average_position: none, average_sentiment: none
      })])
      expect(single(yield* get(`/v1/monitored-prompts/${prompt.id}/`, key))).toMatchObject({
        total_responses: 1, total_brand_mentions: 0, brand_mention_rate: none, brand_average_position: none
      })

      const tracked = [brandName, COMPETITOR, BRAND]
      const positions: Record<string, number> = { [BRAND]: positionIn(response.response_text, BRAND, tracked), [COMPETITOR]: positionIn(response.response_text, COMPETITOR, tracked) }
      const dashboard = single(
        yield* get(`/v1/dashboard/?brand_id=${brand.id}&start_date=${collectedOn}&end_date=${collectedOn}`, key)
      )
      expect(dashboard).toMatchObject({ total_responses: 1, total_brand_mentions: 0, brand_mention_rate: none, competitors_count: 2 })
      expect(dashboard["brands_ranking"]).toEqual(expect.arrayContaining([
        expect.objectContaining({ name: brandName, own_brand: true, mentions: 0, average_position: none, visibility: none }),
        ...[BRAND, COMPETITOR].map((name) =>
          expect.objectContaining({ name, own_brand: false, mentions: 1, average_position: formatDecimal(positions[name] ?? 0) })
        )
      ]))

      // Competitors named, the brand never: the planner's visibility, content and citation actions.
      const plans = list(yield* get("/v1/action-plans/", key))
      expect(plans).toHaveLength(1)
      const plan = plans[0] ?? {}
      expect(plan).toMatchObject({ prompt_id: prompt.id, prompt: promptText })
      const detail = single(yield* get(`/v1/action-plans/${String(plan["id"])}/`, key))
      const competitorsNamed = [COMPETITOR, BRAND]
      const expected = planActions({
        promptId: prompt.id,
        prompt: promptText,
        brandName,
        responses: 1,
        brandMentions: 0,
        brandAveragePosition: null,
        brandAverageSentiment: null,
        competitors: competitorsNamed.map((name) => ({ name, mentions: 1, averagePosition: positions[name] ?? null })),
        engines: [{ engine: "chat_gpt", responses: 1, brandMentions: 0, competitorResponses: 1, competitorsMentioned: competitorsNamed }],
        domains: ["example.com", "sample.org"].map((domain) => ({
          domain, responses: 1, responsesMentioningBrand: 0, competitorsMentioned: competitorsNamed
        })),
        negativeMentions: []
      })
      expect(expected.actions.map((a) => a.category)).toEqual(["visibility", "content", "citations", "citations"])
      expect(detail).toMatchObject({ actions_count: expected.actions.length, insights_summary: expected.insightsSummary })
      expect(detail["actions"]).toEqual(expected.actions.map(({ category, description, priority, title }) => ({
        id: expect.any(Number), title, description, priority, category, created_at: expect.stringMatching(/Z$/)
      })))
    }))
})
