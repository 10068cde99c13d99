import { type FakeServer, type RecordedRequest, type Scenario, startFake } from "./FakeServer.js"

const references = [
  { index: 0, title: "Acme CRM review", link: "https://www.example.com/crm-review", snippet: "Acme keeps pipelines simple…", source: "Example" },
  { index: 1, title: "Best CRMs of 2026", link: "https://sample.org/best-crm-2026", snippet: "Globex is cheapest…", source: "Sample" },
  { index: 2, title: "Unrelated", link: "https://unused.example.org/page", snippet: "…", source: "Unused" }
]

const overview = {
  text_blocks: [
    { type: "paragraph", snippet: "Popular CRMs for small agencies include Acme CRM and Globex Sales. Acme CRM is widely praised.", snippet_highlighted_words: ["Acme CRM"], reference_indexes: [0, 1] },
    { type: "list", list: [
      { title: "Acme CRM:", snippet: "simple pipelines and a free tier.", reference_indexes: [0] },
      { title: "Globex Sales:", snippet: "lowest per-seat price.", reference_indexes: [1] }
    ] }
  ],
  references
}

const metadata = (engine: string) => ({ search_metadata: { id: "6a1f0000", status: "Success" }, search_parameters: { engine } })

const byEngine = (request: RecordedRequest): Record<string, unknown> => {
  const engine = request.url.searchParams.get("engine") ?? ""
  switch (engine) {
    case "google":
      return { ...metadata(engine), ai_overview: overview, organic_results: [] }
    case "google_ai_overview":
      return { ...metadata(engine), ai_overview: overview }
    case "google_ai_mode":
      return {
        ...metadata(engine),
        reconstructed_markdown: "## Top picks\n\n- **Acme CRM**: simple pipelines, widely loved [1]\n- **Globex Sales**: cheapest per seat [2]\n",
        text_blocks: [
          { type: "heading", snippet: "Top picks" },
          { type: "list", list: [
            { snippet: "Acme CRM: simple pipelines, widely loved", reference_indexes: [0] },
            { snippet: "Globex Sales: cheapest per seat", reference_indexes: [1] }
          ] }
        ],
        references,
        subsequent_request_token: "eyJ0b2tlbiI6IjEyMyJ9"
      }
    case "bing_copilot":
      return {
        ...metadata(engine),
        header: "Best CRMs for small agencies",
        text_blocks: [
          { type: "paragraph", snippet: "Acme CRM and Globex Sales are frequently recommended; Acme CRM is excellent for small teams.", snippet_links: [{ text: "Acme CRM", link: "https://www.example.com/crm-review" }], reference_indexes: [0, 1] },
          { type: "heading", level: 2, snippet: "Pricing" },
          { type: "list", list: [{ snippet: "Globex Sales starts at $9/seat.", reference_indexes: [1] }] }
        ],
        references
      }
    default:
      return { search_metadata: { status: "Error" }, error: `Unsupported \`${engine}\` search engine.` }
  }
}

/** SerpApi `/search.json`, switching on `engine`. */
export const serpApiScenarios: Record<string, Scenario> = {
  happy: (request) => ({ status: 200, json: byEngine(request) }),
  // `google` returns only a page_token; the next request (engine=google_ai_overview) gets the overview.
  page_token: (request) => ({
    status: 200,
    json: { ...metadata(request.url.searchParams.get("engine") ?? ""), ai_overview: { page_token: "KIVu-nictZPdj" }, organic_results: [] }
  }),
  no_results: (request) => ({
    status: 200,
    json: { ...metadata(request.url.searchParams.get("engine") ?? ""), error: "Google hasn't returned any results for this query." }
  }),
  rate_limit: () => ({ status: 429, headers: { "retry-after": "0" }, json: { error: "Your account has exceeded the hourly searches limit." } }),
  out_of_searches: () => ({ status: 429, json: { error: "Your account has run out of searches." } }),
  search_error: () => ({ status: 200, json: { search_metadata: { status: "Error" }, error: "Missing query `q` parameter." } })
}

export const start = (): Promise<FakeServer> => startFake({ name: "serpapi", basePath: "", scenarios: serpApiScenarios })
