import { type FakeServer, type Scenario, startFake } from "./FakeServer.js"
import { INCOMPLETE_VERDICT, verdictFor } from "./JudgeVerdict.js"

/**
 * OpenAI (and, with xAI quirks, xAI) `/responses`. The happy answer names Acme CRM before Globex
 * Sales and speaks well of Acme CRM, so a brand "Acme CRM" with competitor "Globex Sales" gets
 * position 1 and a positive sentiment.
 */
export const ANSWER_TEXT =
  "For small teams, Acme CRM and Globex Sales are common picks. Acme CRM is praised for its excellent, simple pipeline view ([example.com](https://www.example.com/crm-review?utm_source=openai)), while Globex Sales wins on price ([sample.org](https://sample.org/best-crm-2026?utm_source=openai))."

const message = (text: string, annotations: ReadonlyArray<unknown>) => ({
  id: "msg_222",
  type: "message",
  role: "assistant",
  status: "completed",
  phase: "final_answer",
  content: [{ type: "output_text", text, annotations, logprobs: [] }]
})

const citations = [
  { type: "url_citation", url: "https://www.example.com/crm-review?utm_source=openai", title: "Acme CRM review", start_index: 110, end_index: 179 },
  { type: "url_citation", url: "https://sample.org/best-crm-2026?utm_source=openai", title: "Best CRMs of 2026", start_index: 214, end_index: 280 }
]

const response = (output: ReadonlyArray<unknown>, extra: Record<string, unknown> = {}) => ({
  id: "resp_0a1b2c3d",
  object: "response",
  created_at: 1785000000,
  status: "completed",
  model: "gpt-5-mini-2025-08-07",
  error: null,
  incomplete_details: null,
  output,
  usage: { input_tokens: 2140, output_tokens: 310, total_tokens: 2450 },
  ...extra
})

const searchCall = (action: Record<string, unknown>) => ({ id: "ws_111", type: "web_search_call", status: "completed", action })

const isJudgeRequest = (body: unknown): boolean => {
  if (typeof body !== "object" || body === null || !("text" in body)) return false
  return JSON.stringify(body.text).includes("\"json_schema\"")
}

const judgeInput = (body: unknown): string =>
  typeof body === "object" && body !== null && "input" in body && typeof body.input === "string" ? body.input : ""

/** A structured-output answer (the model judge's): the verdict as the message's JSON text. */
const judgeResponse = (verdict: unknown) =>
  response([message(JSON.stringify(verdict), [])], { model: "gpt-5-nano-2025-08-07" })

export const openAiScenarios: Record<string, Scenario> = {
  happy: (request) =>
    isJudgeRequest(request.body) ? { status: 200, json: judgeResponse(verdictFor(judgeInput(request.body))) } : ({
    status: 200,
    headers: { "x-request-id": "req_fake" },
    json: response([
      searchCall({
        type: "search",
        query: "best CRM for small agency 2026",
        queries: ["best CRM for small agency 2026", "Acme CRM vs Globex Sales pricing"],
        sources: [
          { type: "url", url: "https://www.example.com/crm-review" },
          { type: "url", url: "https://sample.org/best-crm-2026" },
          { type: "api", name: "oai-finance" }
        ]
      }),
      message(ANSWER_TEXT, citations)
    ])
  }),
  query_only: () => ({
    status: 200,
    json: response([searchCall({ type: "search", query: "acme crm reviews" }), message(ANSWER_TEXT, citations)])
  }),
  judge_incomplete: () => ({ status: 200, json: judgeResponse(INCOMPLETE_VERDICT) }),
  judge_not_json: () => ({ status: 200, json: response([message("Acme CRM is mentioned first.", [])]) }),
  incomplete: () => ({
    status: 200,
    json: response([message("Acme CRM is", [])], { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } })
  }),
  failed_200: () => ({
    status: 200,
    json: response([], { status: "failed", error: { code: "server_error", message: "The model failed to generate a response." } })
  }),
  rate_limit_retry_after: () => ({
    status: 429,
    headers: { "retry-after": "1" },
    json: { error: { message: "Rate limit reached for gpt-5-mini. Please try again in 1s.", type: "requests", param: null, code: "rate_limit_exceeded" } }
  }),
  rate_limit_retry_after_ms: () => ({
    status: 429,
    headers: { "retry-after-ms": "30" },
    json: { error: { message: "Rate limit reached. Please try again in 30ms.", type: "tokens", param: null, code: "rate_limit_exceeded" } }
  }),
  rate_limit_long: () => ({
    status: 429,
    headers: { "retry-after": "3600" },
    json: { error: { message: "Rate limit reached. Please try again in 1h.", type: "requests", param: null, code: "rate_limit_exceeded" } }
  }),
  insufficient_quota: () => ({
    status: 429,
    json: { error: { message: "You exceeded your current quota, please check your plan and billing details.", type: "insufficient_quota", param: null, code: "insufficient_quota" } }
  }),
  no_retry_header: () => ({
    status: 500,
    headers: { "x-should-retry": "false" },
    json: { error: { message: "Do not retry this one.", type: "server_error", code: "server_error" } }
  }),
  unauthorized: () => ({
    status: 401,
    json: { error: { message: "Incorrect API key provided.", type: "invalid_request_error", param: null, code: "invalid_api_key" } }
  })
}

export const start = (): Promise<FakeServer> => startFake({ name: "openai", basePath: "/v1", scenarios: openAiScenarios })
