import type { FakeServer, Scenario } from "./FakeServer.js"
import { startFake } from "./FakeServer.js"

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
export const geminiScenarios: Record<string, Scenario> = {
  happy: (_request, fake) => ({ status: 200, json: grounded(fake, TEXT) }),
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
