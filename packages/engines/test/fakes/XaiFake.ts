import { type FakeServer, type Scenario, startFake } from "./FakeServer.js"

const TEXT = "**Acme CRM** is the usual pick for small agencies and customers love it; Globex Sales is cheaper."

const response = (output: ReadonlyArray<unknown>, extra: Record<string, unknown> = {}) => ({
  id: "1d1a0870-0000-4485-9e15-000000000001",
  object: "response",
  model: "grok-4-1-fast-reasoning",
  status: "completed",
  error: null,
  incomplete_details: null,
  output,
  usage: { input_tokens: 4144, output_tokens: 49, total_tokens: 4193, num_sources_used: 0, num_server_side_tools_used: 1 },
  ...extra
})

const message = {
  id: "msg_1d1a0870",
  type: "message",
  role: "assistant",
  status: "completed",
  content: [{
    type: "output_text",
    text: TEXT,
    logprobs: [],
    annotations: [
      { type: "url_citation", url: "https://www.example.com/crm-review", start_index: 0, end_index: 0, title: "https://www.example.com/crm-review" },
      { type: "url_citation", url: "https://sample.org/best-crm-2026", start_index: 0, end_index: 0, title: "https://sample.org/best-crm-2026" }
    ]
  }]
}

/** xAI `/responses` (recorded 2026 shape) and the dead Live Search 410. */
export const xaiScenarios: Record<string, Scenario> = {
  happy: () => ({
    status: 200,
    json: response([
      {
        id: "ws_1d1a0870_call-0",
        type: "web_search_call",
        status: "completed",
        action: {
          type: "search",
          query: "best CRM small agency 2026",
          sources: [{ type: "url", url: "https://www.example.com/crm-review" }, { type: "url", url: "https://sample.org/best-crm-2026" }]
        }
      },
      message
    ])
  }),
  legacy_arguments: () => ({
    status: 200,
    json: response([
      { id: "ws_legacy", type: "web_search_call", status: "completed", name: "web_search", arguments: "{\"query\":\"acme crm pricing\",\"num_results\":5}" },
      message
    ], { citations: ["https://news.example.net/crm-market"] })
  }),
  incomplete: () => ({
    status: 200,
    json: response([message], { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } })
  }),
  rate_limit: () => ({
    status: 429,
    headers: { "retry-after": "0" },
    json: { code: "Some resource has been exhausted", error: "Too many requests: rate limit of 8 requests per second exceeded for model grok-4-1-fast-reasoning." }
  }),
  gone: () => ({
    status: 410,
    json: { error: "Live search is deprecated. Please switch to the Agent Tools API: https://docs.x.ai/docs/guides/tools/overview" }
  })
}

export const start = (): Promise<FakeServer> => startFake({ name: "xai", basePath: "/v1", scenarios: xaiScenarios })
