import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Redacted from "effect/Redacted"
import * as Gemini from "../src/adapters/Gemini.js"
import * as OpenAi from "../src/adapters/OpenAi.js"
import * as Perplexity from "../src/adapters/Perplexity.js"
import * as SerpApi from "../src/adapters/SerpApi.js"
import * as Xai from "../src/adapters/Xai.js"
import type { Engine, EngineRequest } from "../src/Engine.js"
import type { EngineError } from "../src/EngineError.js"
import { parseAnswer } from "../src/Parse.js"
import * as GeminiFake from "./fakes/GeminiFake.js"
import * as OpenAiFake from "./fakes/OpenAiFake.js"
import * as PerplexityFake from "./fakes/PerplexityFake.js"
import * as SerpApiFake from "./fakes/SerpApiFake.js"
import * as XaiFake from "./fakes/XaiFake.js"
import { fastRetry, withFake } from "./support.js"

const request: EngineRequest = { prompt: "What is the best CRM for a 5-person agency?", countryCode: "US", languageCode: "en" }
const apiKey = Redacted.make("sk-test-secret")

const askOk = (engine: Engine) =>
  engine.ask(request).pipe(
    Effect.map((result) => ({ result, parsed: parseAnswer(engine.engine, JSON.parse(JSON.stringify(result.payload))) }))
  )

const askErr = (engine: Engine): Effect.Effect<EngineError> =>
  engine.ask(request).pipe(Effect.either, Effect.flatMap(Either.match({
    onLeft: Effect.succeed,
    onRight: () => Effect.die("expected the call to fail")
  })))

const answerOf = <A extends { readonly parsed: ReturnType<typeof parseAnswer> }>(value: A) => {
  if (value.parsed._tag !== "Answer") throw new Error(`expected an answer, got: ${value.parsed.reason}`)
  return value.parsed
}

describe("chat_gpt (OpenAI Responses)", () => {
  const setup = Effect.gen(function*() {
    const fake = yield* withFake(OpenAiFake.start)
    const engine = yield* OpenAi.make({ apiKey, baseUrl: fake.baseUrl, model: "gpt-5-mini", retry: fastRetry })
    return { fake, engine }
  })

  it.scopedLive("reads answer, url citations and queries; sends the web_search tool", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      const out = yield* askOk(engine)
      const parsed = answerOf(out)
      expect(out.result.model).toBe("gpt-5-mini-2025-08-07")
      expect(parsed.markdown).toBe(OpenAiFake.ANSWER_TEXT)
      expect(parsed.text).toContain("Acme CRM is praised for its excellent, simple pipeline view (example.com)")
      expect(parsed.citations).toEqual([
        "https://www.example.com/crm-review?utm_source=openai",
        "https://sample.org/best-crm-2026?utm_source=openai"
      ])
      expect(parsed.searchQueries).toEqual(["best CRM for small agency 2026", "Acme CRM vs Globex Sales pricing"])
      const sent = fake.requests[0]
      expect(sent?.url.pathname).toBe("/v1/responses")
      expect(sent?.headers.authorization).toBe("Bearer sk-test-secret")
      expect(sent?.body).toMatchObject({ model: "gpt-5-mini", input: request.prompt, tools: [{ type: "web_search" }] })
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("falls back to the deprecated action.query", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      fake.enqueue("query_only")
      expect(answerOf(yield* askOk(engine)).searchQueries).toEqual(["acme crm reviews"])
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("retries a 429 after retry-after-ms and after retry-after seconds", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      fake.enqueue("rate_limit_retry_after_ms", "rate_limit_retry_after")
      const started = Date.now()
      yield* askOk(engine)
      expect(fake.requests).toHaveLength(3)
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("a hint above the cap fails at once as rate_limited with the hint", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      fake.enqueue("rate_limit_long")
      const error = yield* askErr(engine)
      expect(error.code).toBe("rate_limited")
      expect(error.retryAfterMs).toBe(3_600_000)
      expect(fake.requests).toHaveLength(1)
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("insufficient_quota, 401 and x-should-retry: false are not retried", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      fake.enqueue("insufficient_quota", "unauthorized", "no_retry_header")
      expect((yield* askErr(engine)).code).toBe("quota_exhausted")
      expect((yield* askErr(engine)).code).toBe("auth")
      const noRetry = yield* askErr(engine)
      expect(noRetry.code).toBe("server_error")
      expect(noRetry.message).toContain("Do not retry this one.")
      expect(fake.requests).toHaveLength(3)
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("5xx is retried up to the limit, then fails", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      fake.enqueue("server_error", "unavailable", "server_error", "happy")
      const error = yield* askErr(engine)
      expect(error.code).toBe("server_error")
      expect(error.retryable).toBe(true)
      expect(fake.requests).toHaveLength(3)
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("HTTP 200 bodies that say failed or incomplete are failures", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      fake.enqueue("failed_200", "incomplete")
      const failed = yield* askErr(engine)
      expect(failed.code).toBe("server_error")
      expect(failed.message).toContain("The model failed")
      const incomplete = yield* askErr(engine)
      expect(incomplete.code).toBe("incomplete")
      expect(incomplete.message).toContain("max_output_tokens")
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("malformed JSON is a terminal failure; a hung server times out per request", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      fake.enqueue("malformed_json", "timeout", "timeout", "timeout")
      const malformed = yield* askErr(engine)
      expect(malformed.code).toBe("malformed_response")
      expect(malformed.retryable).toBe(false)
      const timeout = yield* askErr(engine)
      expect(timeout.code).toBe("timeout")
      expect(fake.requests).toHaveLength(4)
    }).pipe(Effect.provide(FetchHttpClient.layer)))
})

describe("grok (xAI Responses)", () => {
  const setup = Effect.gen(function*() {
    const fake = yield* withFake(XaiFake.start)
    const engine = yield* Xai.make({ apiKey, baseUrl: fake.baseUrl, model: "grok-4-1-fast-reasoning", retry: fastRetry })
    return { fake, engine }
  })

  it.scopedLive("reads action.query and annotation URLs", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      const parsed = answerOf(yield* askOk(engine))
      expect(parsed.text).toBe("Acme CRM is the usual pick for small agencies and customers love it; Globex Sales is cheaper.")
      expect(parsed.citations).toEqual(["https://www.example.com/crm-review", "https://sample.org/best-crm-2026"])
      expect(parsed.searchQueries).toEqual(["best CRM small agency 2026"])
      expect(fake.requests[0]?.body).toMatchObject({ input: [{ role: "user", content: request.prompt }], tools: [{ type: "web_search" }] })
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("reads the legacy arguments string and top-level citations", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      fake.enqueue("legacy_arguments")
      const parsed = answerOf(yield* askOk(engine))
      expect(parsed.searchQueries).toEqual(["acme crm pricing"])
      expect(parsed.citations).toContain("https://news.example.net/crm-market")
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("410 (Live Search) is terminal; 429 is retried; incomplete fails", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      fake.enqueue("gone")
      const gone = yield* askErr(engine)
      expect(gone.code).toBe("gone")
      expect(gone.message).toContain("Live search is deprecated")
      expect(fake.requests).toHaveLength(1)
      fake.enqueue("rate_limit", "happy")
      yield* askOk(engine)
      expect(fake.requests).toHaveLength(3)
      fake.enqueue("incomplete")
      expect((yield* askErr(engine)).code).toBe("incomplete")
    }).pipe(Effect.provide(FetchHttpClient.layer)))
})

describe("perplexity (Sonar)", () => {
  const setup = Effect.gen(function*() {
    const fake = yield* withFake(PerplexityFake.start)
    const engine = yield* Perplexity.make({ apiKey, baseUrl: fake.baseUrl, model: "sonar-pro", retry: fastRetry })
    return { fake, engine }
  })

  it.scopedLive("reads search_results, falls back to citations, strips <think> and markers", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      fake.enqueue("happy", "citations_only", "think")
      const happy = answerOf(yield* askOk(engine))
      expect(happy.citations).toEqual(["https://www.example.com/crm-review", "https://sample.org/best-crm-2026"])
      expect(happy.searchQueries).toEqual([])
      expect(happy.text).toBe("Acme CRM tops most 2026 small-business lists and reviewers call it excellent. Globex Sales is the budget option.")
      expect(answerOf(yield* askOk(engine)).citations).toEqual(["https://news.example.net/crm-market", "https://sample.org/best-crm-2026"])
      const think = answerOf(yield* askOk(engine))
      expect(think.markdown).not.toContain("think")
      expect(think.markdown.startsWith("Acme CRM")).toBe(true)
      expect(fake.requests[0]?.url.pathname).toBe("/chat/completions")
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("honours Retry-After on 429; 401 is terminal", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      fake.enqueue("rate_limit", "happy", "unauthorized")
      yield* askOk(engine)
      expect((yield* askErr(engine)).code).toBe("auth")
      expect(fake.requests).toHaveLength(3)
    }).pipe(Effect.provide(FetchHttpClient.layer)))
})

describe("gemini (generateContent + google_search)", () => {
  const setup = Effect.gen(function*() {
    const fake = yield* withFake(GeminiFake.start)
    const engine = yield* Gemini.make({ apiKey, baseUrl: fake.baseUrl, model: "gemini-2.5-flash", retry: fastRetry, redirectTimeoutMs: 1000 })
    return { fake, engine }
  })

  it.scopedLive("resolves grounding redirects through the fake redirect host; skips thought parts", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      const out = yield* askOk(engine)
      const parsed = answerOf(out)
      expect(out.result.payload.resolvedUrls).toEqual({
        [`${fake.origin}/grounding-api-redirect/AUZIYQExampleA1`]: "https://www.example.com/crm-review",
        [`${fake.origin}/grounding-api-redirect/AUZIYQExampleB2`]: "https://sample.org/best-crm-2026"
      })
      // the third redirect is expired (404): its title stands in for the domain
      expect(parsed.citations).toEqual(["https://www.example.com/crm-review", "https://sample.org/best-crm-2026", "https://news.example.net/"])
      expect(parsed.searchQueries).toEqual(["best CRM small agency 2026", "Acme CRM vs Globex Sales"])
      expect(parsed.text).not.toContain("Let me think")
      const sent = fake.requests[0]
      expect(sent?.url.pathname).toBe("/v1beta/models/gemini-2.5-flash:generateContent")
      expect(sent?.headers["x-goog-api-key"]).toBe("sk-test-secret")
      expect(sent?.body).toMatchObject({ tools: [{ google_search: {} }] })
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("keeps multi-byte text intact; an ungrounded answer has no sources", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      fake.enqueue("multibyte", "ungrounded")
      expect(answerOf(yield* askOk(engine)).text).toBe("Le café des équipes: Acme CRM est très apprécié, Globex Sales coûte moins cher. 🚀")
      const ungrounded = answerOf(yield* askOk(engine))
      expect(ungrounded.citations).toEqual([])
      expect(ungrounded.searchQueries).toEqual([])
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("waits for RetryInfo (no header); a per-day quota and a blocked prompt are terminal; 503 is retried", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup
      fake.enqueue("rate_limit_retry_info", "happy")
      yield* askOk(engine)
      expect(fake.requests).toHaveLength(2)
      fake.enqueue("per_day_quota")
      expect((yield* askErr(engine)).code).toBe("quota_exhausted")
      expect(fake.requests).toHaveLength(3)
      fake.enqueue("blocked")
      expect((yield* askErr(engine)).code).toBe("blocked")
      fake.enqueue("unavailable", "unavailable", "happy")
      yield* askOk(engine)
      expect(fake.requests).toHaveLength(7)
    }).pipe(Effect.provide(FetchHttpClient.layer)))
})

describe("SerpApi engines", () => {
  const setup = (engine: SerpApi.SerpApiEngine) =>
    Effect.gen(function*() {
      const fake = yield* withFake(SerpApiFake.start)
      return { fake, engine: yield* SerpApi.make(engine, { apiKey, baseUrl: fake.baseUrl, retry: fastRetry }) }
    })

  it.scopedLive("google_ai: inline overview; cited references only; market params", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup("google_ai")
      const parsed = answerOf(yield* askOk(engine))
      expect(parsed.citations).toEqual(["https://www.example.com/crm-review", "https://sample.org/best-crm-2026"])
      expect(parsed.markdown).toContain("- **Acme CRM:** simple pipelines and a free tier.")
      expect(parsed.searchQueries).toEqual([])
      const params = fake.requests[0]?.url.searchParams
      expect(params?.get("engine")).toBe("google")
      expect(params?.get("gl")).toBe("us")
      expect(params?.get("hl")).toBe("en")
      expect(params?.get("api_key")).toBe("sk-test-secret")
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("google_ai: follows a page_token with engine=google_ai_overview", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup("google_ai")
      fake.enqueue("page_token")
      const out = yield* askOk(engine)
      expect(answerOf(out).text).toContain("Popular CRMs for small agencies include Acme CRM and Globex Sales.")
      expect(fake.requests.map((r) => r.url.searchParams.get("engine"))).toEqual(["google", "google_ai_overview"])
      expect(fake.requests[1]?.url.searchParams.get("page_token")).toBe("KIVu-nictZPdj")
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("no AI answer is NoAnswer, not a failure", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup("google_ai")
      fake.enqueue("no_results")
      const out = yield* askOk(engine)
      expect(out.parsed._tag).toBe("NoAnswer")
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("google_ai_mode prefers reconstructed_markdown; bing_copilot renders header and blocks", () =>
    Effect.gen(function*() {
      const mode = answerOf(yield* askOk((yield* setup("google_ai_mode")).engine))
      expect(mode.markdown.startsWith("## Top picks")).toBe(true)
      expect(mode.text).toContain("Acme CRM: simple pipelines, widely loved")
      expect(mode.text).not.toMatch(/\[\d+\]/)
      const bing = answerOf(yield* askOk((yield* setup("bing_copilot")).engine))
      expect(bing.markdown.startsWith("# Best CRMs for small agencies")).toBe(true)
      expect(bing.markdown).toContain("## Pricing")
      expect(bing.citations).toEqual(["https://www.example.com/crm-review", "https://sample.org/best-crm-2026"])
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("out of searches is terminal, the hourly limit is retried, an Error status fails; the key never leaks", () =>
    Effect.gen(function*() {
      const { fake, engine } = yield* setup("bing_copilot")
      fake.enqueue("out_of_searches", "rate_limit", "happy", "search_error")
      const quota = yield* askErr(engine)
      expect(quota.code).toBe("quota_exhausted")
      expect(quota.message).not.toContain("sk-test-secret")
      yield* askOk(engine)
      const failed = yield* askErr(engine)
      expect(failed.code).toBe("failed")
      expect(fake.requests).toHaveLength(4)
    }).pipe(Effect.provide(FetchHttpClient.layer)))
})
