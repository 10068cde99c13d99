import type { FakeServer, Scenario } from "./FakeServer.js"
import { startFake } from "./FakeServer.js"
import { INCOMPLETE_VERDICT, verdictFor } from "./JudgeVerdict.js"

/** Where the fake's grounding redirects lead (the resolver must find these URLs). */
export const REDIRECT_TARGETS: Readonly<Record<string, string>> = {
  AUZIYQExampleA1: "https://www.example.com/crm-review",
  AUZIYQExampleB2: "https://sample.org/best-crm-2026"
}

const TEXT = "Acme CRM is a popular choice for small businesses and users find it reliable. Globex Sales is often recommended as a cheaper alternative."

const grounded = (fake: FakeServer, text: string) => ({
  candidates: [{
    content: { role: "model", parts: [{ text: "Let me think about CRMs.", thought: true }, { text }] },
    finishReason: "STOP",
    groundingMetadata: {
      webSearchQueries: ["best CRM small agency 2026", "Acme CRM vs Globex Sales"],
      searchEntryPoint: { renderedContent: "<div class=\"container\">…</div>" },
      groundingChunks: [
        { web: { uri: `${fake.origin}/grounding-api-redirect/AUZIYQExampleA1`, title: "example.com" } },
        { web: { uri: `${fake.origin}/grounding-api-redirect/AUZIYQExampleB2`, title: "sample.org" } },
        { web: { uri: `${fake.origin}/grounding-api-redirect/AUZIYQExpired00`, title: "news.example.net" } }
      ],
      groundingSupports: [
        { segment: { startIndex: 0, endIndex: 50, text: "Acme CRM is a popular choice for small businesses." }, groundingChunkIndices: [0], confidenceScores: [0.93] }
      ]
    }
  }],
  usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 24, totalTokenCount: 301 },
  modelVersion: "gemini-2.5-flash",
  responseId: "r-abc123"
})

/** Gemini `generateContent` with google_search grounding, plus its grounding redirect host. */
/** The user text of a structured-output request (the model judge's); undefined for other requests. */
const judgeInput = (body: unknown): string | undefined => {
  if (typeof body !== "object" || body === null || !("generationConfig" in body)) return undefined
  if (!JSON.stringify(body.generationConfig).includes("application/json")) return undefined
  const contents: unknown = "contents" in body ? body.contents : undefined
  const first: unknown = Array.isArray(contents) ? contents[0] : undefined
  const parts: unknown = typeof first === "object" && first !== null && "parts" in first ? first.parts : undefined
  const part: unknown = Array.isArray(parts) ? parts[0] : undefined
  return typeof part === "object" && part !== null && "text" in part && typeof part.text === "string" ? part.text : ""
}

/** A structured-output answer (the model judge's): the verdict as the candidate's JSON text. */
const judgeAnswer = (verdict: unknown) => ({
  candidates: [{ content: { role: "model", parts: [{ text: JSON.stringify(verdict) }] }, finishReason: "STOP" }],
  usageMetadata: { promptTokenCount: 410, candidatesTokenCount: 60, totalTokenCount: 470 },
  modelVersion: "gemini-2.5-flash-lite",
  responseId: "r-judge1"
})

export const geminiScenarios: Record<string, Scenario> = {
  happy: (request, fake) => {
    const input = judgeInput(request.body)
    return input === undefined ? { status: 200, json: grounded(fake, TEXT) } : { status: 200, json: judgeAnswer(verdictFor(input)) }
  },
  judge_incomplete: () => ({ status: 200, json: judgeAnswer(INCOMPLETE_VERDICT) }),
  multibyte: (_request, fake) => ({
    status: 200,
    json: grounded(fake, "Le café des équipes: Acme CRM est très apprécié, Globex Sales coûte moins cher. 🚀")
  }),
  ungrounded: () => ({
    status: 200,
    json: {
      candidates: [{ content: { role: "model", parts: [{ text: "Acme CRM and Globex Sales are both CRMs." }] }, finishReason: "STOP" }],
      modelVersion: "gemini-2.5-flash"
    }
  }),
  blocked: () => ({ status: 200, json: { promptFeedback: { blockReason: "SAFETY" }, modelVersion: "gemini-2.5-flash" } }),
  rate_limit_retry_info: () => ({
    status: 429,
    json: {
      error: {
        code: 429,
        message: "You exceeded your current quota. Please retry in 0.05s.",
        status: "RESOURCE_EXHAUSTED",
        details: [
          { "@type": "type.googleapis.com/google.rpc.QuotaFailure", violations: [{ quotaId: "GenerateRequestsPerMinutePerProjectPerModel" }] },
          { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "0.05s" }
        ]
      }
    }
  }),
  per_day_quota: () => ({
    status: 429,
    json: {
      error: {
        code: 429,
        message: "You exceeded your current quota.",
        status: "RESOURCE_EXHAUSTED",
        details: [
          { "@type": "type.googleapis.com/google.rpc.QuotaFailure", violations: [{ quotaId: "GenerateRequestsPerDayPerProjectPerModel-FreeTier" }] },
          { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "38s" }
        ]
      }
    }
  }),
  unavailable: () => ({ status: 503, json: { error: { code: 503, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" } } })
}

export const start = (): Promise<FakeServer> =>
  startFake({
    name: "gemini",
    basePath: "",
    scenarios: geminiScenarios,
    passthrough: (request) => {
      const match = /^\/grounding-api-redirect\/(.+)$/.exec(request.url.pathname)
      if (match?.[1] === undefined) return undefined
      const target = REDIRECT_TARGETS[match[1]]
      // An unknown token behaves like an expired one.
      return target === undefined ? { status: 404, json: { error: "not found" } } : { status: 302, headers: { location: target } }
    }
  })
