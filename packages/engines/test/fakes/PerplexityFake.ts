import { type FakeServer, type Scenario, startFake } from "./FakeServer.js"

const CONTENT = "Acme CRM tops most 2026 small-business lists and reviewers call it excellent [1][2]. Globex Sales is the budget option [2]."

const completion = (content: string, extra: Record<string, unknown>) => ({
  id: "b2c1e3a4-0000-4c1d-9e8f-123456789abc",
  model: "sonar-pro",
  created: 1785000000,
  object: "chat.completion",
  choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content }, delta: { role: "assistant", content: "" } }],
  usage: { prompt_tokens: 14, completion_tokens: 38, total_tokens: 52, num_search_queries: 2 },
  ...extra
})

const searchResults = [
  { title: "Acme CRM review", url: "https://www.example.com/crm-review", date: "2026-05-02", last_updated: "2026-06-10", snippet: "Acme CRM keeps pipelines simple...", source: "web" },
  { title: "Best CRMs of 2026", url: "https://sample.org/best-crm-2026", date: "2026-03-15", last_updated: null, snippet: "Globex Sales is the cheapest...", source: "web" }
]

/** Perplexity Sonar `/chat/completions`. */
export const perplexityScenarios: Record<string, Scenario> = {
  happy: () => ({
    status: 200,
    json: completion(CONTENT, { citations: ["https://www.example.com/crm-review", "https://sample.org/best-crm-2026"], search_results: searchResults })
  }),
  citations_only: () => ({
    status: 200,
    json: completion(CONTENT, { citations: ["https://news.example.net/crm-market", "https://sample.org/best-crm-2026"] })
  }),
  think: () => ({
    status: 200,
    json: completion(`<think>The user wants a CRM. Globex Sales first?</think>\n${CONTENT}`, { search_results: searchResults })
  }),
  rate_limit: () => ({
    status: 429,
    headers: { "retry-after": "0" },
    json: { error: { message: "Rate limit exceeded. Please retry after a short delay.", type: "request_rate_limit_exceeded", code: 429 } }
  }),
  unauthorized: () => ({
    status: 401,
    json: { error: { message: "Invalid API key.", type: "authentication_error", code: 401 } }
  })
}

export const start = (): Promise<FakeServer> => startFake({ name: "perplexity", basePath: "", scenarios: perplexityScenarios })
