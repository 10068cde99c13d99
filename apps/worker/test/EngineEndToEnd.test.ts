import * as SqlClient from "@effect/sql/SqlClient"
import { expect, layer } from "@effect/vitest"
import type { AiModel } from "@sightline/domain/AiModel"
import * as GeminiFake from "../../../packages/engines/test/fakes/GeminiFake.js"
import * as OpenAiFake from "../../../packages/engines/test/fakes/OpenAiFake.js"
import * as PerplexityFake from "../../../packages/engines/test/fakes/PerplexityFake.js"
import * as SerpApiFake from "../../../packages/engines/test/fakes/SerpApiFake.js"
import * as XaiFake from "../../../packages/engines/test/fakes/XaiFake.js"
import * as Effect from "effect/Effect"
import * as Worker from "../src/Worker.js"
import { enginesLayer, seedBrand, settings, WorkerTestLayer } from "./support.js"

const withFake = <F extends { close: () => Promise<void> }>(start: () => Promise<F>) =>
  Effect.acquireRelease(Effect.promise(start), (fake) => Effect.promise(() => fake.close()))

interface Case {
  readonly engine: AiModel
  readonly provider: "openai" | "perplexity" | "gemini" | "xai" | "serpapi"
  readonly start: () => Promise<{ readonly baseUrl: string; readonly close: () => Promise<void> }>
  readonly domains: ReadonlyArray<string>
  readonly queries: ReadonlyArray<string>
  readonly model: string | null
}

const cases: ReadonlyArray<Case> = [
  { engine: "chat_gpt", provider: "openai", start: OpenAiFake.start, domains: ["example.com", "sample.org"], queries: ["Acme CRM vs Globex Sales pricing", "best CRM for small agency 2026"], model: "gpt-5-mini-2025-08-07" },
  { engine: "perplexity", provider: "perplexity", start: PerplexityFake.start, domains: ["example.com", "sample.org"], queries: [], model: "sonar-pro" },
  { engine: "gemini", provider: "gemini", start: GeminiFake.start, domains: ["example.com", "example.net", "sample.org"], queries: ["Acme CRM vs Globex Sales", "best CRM small agency 2026"], model: "gemini-2.5-flash" },
  { engine: "grok", provider: "xai", start: XaiFake.start, domains: ["example.com", "sample.org"], queries: ["best CRM small agency 2026"], model: "grok-4-1-fast-reasoning" },
  { engine: "google_ai", provider: "serpapi", start: SerpApiFake.start, domains: ["example.com", "sample.org"], queries: [], model: null },
  { engine: "google_ai_mode", provider: "serpapi", start: SerpApiFake.start, domains: ["example.com", "sample.org"], queries: [], model: null },
  { engine: "bing_copilot", provider: "serpapi", start: SerpApiFake.start, domains: ["example.com", "sample.org"], queries: [], model: null }
]

layer(WorkerTestLayer, { timeout: 60_000, excludeTestServices: true })("worker --once against each provider's fake", (it) => {
  for (const c of cases) {
    it.scoped(`${c.engine}: stores the answer, its analysis and an action plan; advances the prompt`, () =>
      Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        const fake = yield* withFake(c.start)
        const { brandId, competitorId, promptId } = yield* seedBrand({ engines: [c.engine] })

        yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({ [c.provider]: fake.baseUrl })))

        const responses = yield* sql`
          SELECT id, engine, model, brand_mentioned, brand_position, brand_sentiment::float8 AS sentiment,
                 response_text, response_markdown
          FROM responses WHERE prompt_id = ${promptId}`
        expect(responses).toHaveLength(1)
        const response = responses[0]
        expect(response).toMatchObject({ engine: c.engine, model: c.model, brand_mentioned: true, brand_position: 1 })
        expect(response?.["sentiment"]).toBeGreaterThan(50)
        expect(String(response?.["response_text"])).toContain("Globex Sales")
        const responseId = Number(response?.["id"])

        const mentions = yield* sql`SELECT competitor_id, position FROM response_mentions WHERE response_id = ${responseId}`
        expect(mentions).toEqual([{ competitor_id: competitorId, position: 2 }])

        const domains = yield* sql`
          SELECT d.domain FROM response_citations c JOIN domains d ON d.id = c.domain_id
          WHERE c.response_id = ${responseId} ORDER BY d.domain`
        expect(domains.map((d) => d["domain"])).toEqual(c.domains)
        const urls = yield* sql`SELECT u.url FROM response_citations c JOIN urls u ON u.id = c.url_id WHERE c.response_id = ${responseId}`
        for (const url of urls) expect(String(url["url"])).not.toContain("utm_")

        const queries = yield* sql`SELECT query FROM response_search_queries WHERE response_id = ${responseId} ORDER BY query`
        expect(queries.map((q) => q["query"])).toEqual(c.queries)

        const payloads = yield* sql`SELECT payload FROM response_payloads WHERE response_id = ${responseId}`
        expect(payloads).toHaveLength(1)

        const runs = yield* sql`SELECT status, response_id, attempts, worker_id, error_code FROM prompt_runs WHERE prompt_id = ${promptId}`
        expect(runs).toEqual([{ status: "succeeded", response_id: responseId, attempts: 1, worker_id: "worker-a", error_code: null }])

        const advanced = yield* sql`SELECT next_run_at > now() + interval '23 hours' AS advanced FROM prompts WHERE id = ${promptId}`
        expect(advanced[0]?.["advanced"]).toBe(true)

        const plans = yield* sql`
          SELECT a.id, a.brand_id, a.generated_at IS NOT NULL AS generated, a.insights_summary,
                 (SELECT count(*)::int FROM actions WHERE action_plan_id = a.id) AS actions
          FROM action_plans a WHERE a.prompt_id = ${promptId}`
        expect(plans).toHaveLength(1)
        expect(plans[0]).toMatchObject({ brand_id: brandId, generated: true })
        expect(String(plans[0]?.["insights_summary"])).not.toBe("")
      }))
  }
})
