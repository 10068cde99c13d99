import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { AI_MODELS } from "../src/AiModel.js"
import { planActions, type PromptEvidence } from "../src/ActionPlanner.js"
import { wilsonInterval } from "../src/Confidence.js"

const evidence: PromptEvidence = {
  promptId: 7,
  prompt: "best CRM for startups",
  brandName: "Acme",
  responses: 10,
  brandMentions: 3,
  brandAveragePosition: 3,
  brandAverageSentiment: 45.5,
  competitors: [
    { name: "Beta", mentions: 8, averagePosition: 1.25 },
    { name: "Gamma", mentions: 4, averagePosition: 2.5 },
    { name: "Delta", mentions: 0, averagePosition: null }
  ],
  engines: [
    { engine: "perplexity", responses: 4, brandMentions: 0, competitorResponses: 3, competitorsMentioned: ["Gamma", "Beta"] },
    { engine: "chat_gpt", responses: 4, brandMentions: 3, competitorResponses: 4, competitorsMentioned: ["Beta"] },
    { engine: "gemini", responses: 2, brandMentions: 0, competitorResponses: 0, competitorsMentioned: [] }
  ],
  domains: [
    { domain: "g2.com", responses: 3, responsesMentioningBrand: 0, competitorsMentioned: ["Beta", "Gamma"] },
    { domain: "acme.com", responses: 3, responsesMentioningBrand: 3, competitorsMentioned: ["Beta"] },
    { domain: "capterra.com", responses: 1, responsesMentioningBrand: 0, competitorsMentioned: ["Beta"] },
    { domain: "blog.example.org", responses: 2, responsesMentioningBrand: 0, competitorsMentioned: [] }
  ],
  negativeMentions: [
    { responseId: 12, engine: "chat_gpt", excerpt: "Acme is expensive and support is slow.", sentiment: 31 },
    { responseId: 11, engine: "chat_gpt", excerpt: "Acme has bugs.", sentiment: 45 }
  ]
}

describe("planActions", () => {
  it("plans one action per finding, ordered by priority then category", () => {
    const plan = planActions(evidence)
    expect(plan.actions.map((a) => [a.priority, a.category, a.title])).toEqual([
      ["high", "visibility", "Get Acme into Perplexity answers"],
      ["high", "citations", "Get Acme cited on g2.com"],
      ["medium", "content", "Publish content that answers \"best CRM for startups\""],
      ["medium", "citations", "Get Acme cited on capterra.com"],
      ["medium", "positioning", "Move Acme up in answers to \"best CRM for startups\""],
      ["medium", "sentiment", "Address negative mentions of Acme"]
    ])
    expect(plan.insightsSummary).toBe(
      "Acme was mentioned in 3 of 10 answers to \"best CRM for startups\" (30.00%), at an average position of 3.00. " +
        "The most mentioned competitor, Beta, appeared in 8 answers. 6 actions are suggested, 2 of them high priority."
    )
  })

  it("names its evidence", () => {
    const [visibility, g2, content, , positioning, sentiment] = planActions(evidence).actions
    expect(visibility?.evidence).toEqual({ engine: "perplexity", responses: 4, competitor_responses: 3, competitors: ["Beta", "Gamma"] })
    expect(visibility?.description).toBe(
      "Perplexity answered \"best CRM for startups\" 4 times without naming Acme, while Beta and Gamma appeared in 75.00% of those answers. Publish content and earn sources that Perplexity uses for this topic."
    )
    expect(g2?.evidence).toEqual({ domain: "g2.com", responses: 3, impact: "high", competitors: ["Beta", "Gamma"] })
    expect(content?.evidence).toEqual({ responses: 10, brand_mentions: 3, mention_rate: "30.00", competitor: "Beta", competitor_mentions: 8 })
    expect(positioning?.evidence).toEqual({ average_position: "3.00", competitors_ahead: ["Beta", "Gamma"] })
    expect(sentiment?.evidence).toEqual({
      engines: ["chat_gpt"],
      negative_mentions: 1,
      average_sentiment: "45.50",
      excerpts: [{ response_id: 12, engine: "chat_gpt", excerpt: "Acme is expensive and support is slow.", sentiment: "31.00" }]
    })
  })

  it("says so when nothing was collected or nothing needs doing", () => {
    const empty = planActions({
      ...evidence,
      responses: 0,
      brandMentions: 0,
      brandAveragePosition: null,
      brandAverageSentiment: null,
      competitors: [],
      engines: [],
      domains: [],
      negativeMentions: []
    })
    expect(empty).toEqual({
      insightsSummary: "No answers have been collected for \"best CRM for startups\" yet, so there is nothing to act on.",
      actions: []
    })
    const healthy = planActions({
      ...evidence,
      brandMentions: 9,
      brandAveragePosition: 1.1,
      brandAverageSentiment: 70,
      engines: [],
      domains: [],
      negativeMentions: []
    })
    expect(healthy.actions).toEqual([])
    expect(healthy.insightsSummary).toBe(
      "Acme was mentioned in 9 of 10 answers to \"best CRM for startups\" (90.00%), at an average position of 1.10. " +
        "The most mentioned competitor, Beta, appeared in 8 answers. No action is needed right now."
    )
  })

  it("is deterministic: the order of the evidence rows does not matter", () => {
    const engineRow = fc.record({
      engine: fc.constantFrom(...AI_MODELS),
      responses: fc.integer({ min: 1, max: 10 }),
      brandMentions: fc.nat(3),
      competitorResponses: fc.nat(10),
      competitorsMentioned: fc.subarray(["Beta", "Gamma", "Delta"])
    })
    const domainRow = fc.record({
      domain: fc.constantFrom("g2.com", "capterra.com", "reddit.com", "acme.com", "example.org"),
      responses: fc.integer({ min: 1, max: 10 }),
      responsesMentioningBrand: fc.nat(2),
      competitorsMentioned: fc.subarray(["Beta", "Gamma", "Delta"])
    })
    const rows = fc.tuple(
      fc.uniqueArray(engineRow, { selector: (r) => r.engine }),
      fc.uniqueArray(domainRow, { selector: (r) => r.domain })
    )
    fc.assert(fc.property(
      rows.chain(([engines, domains]) =>
        fc.tuple(
          fc.constant(engines),
          fc.constant(domains),
          fc.shuffledSubarray(engines, { minLength: engines.length }),
          fc.shuffledSubarray(domains, { minLength: domains.length })
        )
      ),
      ([engines, domains, shuffledEngines, shuffledDomains]) => {
        const a = planActions({ ...evidence, engines, domains })
        const b = planActions({ ...evidence, engines: shuffledEngines, domains: shuffledDomains })
        expect(b).toEqual(a)
        const priorities = a.actions.map((action) => ["high", "medium", "low"].indexOf(action.priority))
        expect(priorities).toEqual([...priorities].sort((x, y) => x - y))
        expect(a.actions.filter((action) => action.category === "citations").length).toBeLessThanOrEqual(5)
      }
    ))
  })
})

describe("the head-to-head rule", () => {
  // The brand is always named second, right after Beta: an average position of 2 is not "weak".
  const outranked: PromptEvidence = {
    ...evidence,
    responses: 12,
    brandMentions: 12,
    brandAveragePosition: 2,
    competitors: [{ name: "Beta", mentions: 12, averagePosition: 1 }],
    engines: [{ engine: "chat_gpt", responses: 12, brandMentions: 12, competitorResponses: 12, competitorsMentioned: ["Beta"] }],
    domains: [],
    negativeMentions: []
  }

  it("without head-to-head evidence the brand named second every time needs no action", () => {
    expect(planActions(outranked).insightsSummary).toContain("No action is needed right now.")
  })

  it("plans a positioning action naming the competitor, the share of answers and the engines", () => {
    const plan = planActions({
      ...outranked,
      headToHead: [{
        name: "Beta",
        bothNamed: 12,
        namedFirst: 12,
        engines: [{ engine: "gemini", bothNamed: 4, namedFirst: 4 }, { engine: "chat_gpt", bothNamed: 8, namedFirst: 8 }]
      }]
    })
    expect(plan.actions).toEqual([{
      title: "Get Acme named before Beta in answers to \"best CRM for startups\"",
      description: "Beta is named before Acme in 12 of 12 answers that name both (100.00%, at least 75.75% at 95% confidence), " +
        "on ChatGPT and Gemini. Publish a direct comparison with Beta that makes Acme's strengths for this use case explicit, so answers name Acme first.",
      priority: "high",
      category: "positioning",
      evidence: {
        competitor: "Beta",
        answers_naming_both: 12,
        competitor_named_first: 12,
        share: "100.00",
        share_low: "75.75",
        engines: [
          { engine: "chat_gpt", answers_naming_both: 8, competitor_named_first: 8 },
          { engine: "gemini", answers_naming_both: 4, competitor_named_first: 4 }
        ]
      }
    }])
    expect(plan.insightsSummary).toContain("1 action is suggested, 1 of them high priority.")
  })

  it("fires exactly when the 95 % Wilson interval of the share lies above 50 %", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 300 }).chain((n) => fc.tuple(fc.integer({ min: 0, max: n }), fc.constant(n))), ([first, both]) => {
      const plan = planActions({ ...outranked, headToHead: [{ name: "Beta", bothNamed: both, namedFirst: first, engines: [{ engine: "grok", bothNamed: both, namedFirst: first }] }] })
      const fired = plan.actions.some((a) => a.title.includes("named before Beta"))
      expect(fired).toBe(wilsonInterval(first, both).low > 0.5)
      // Never for an even split or fewer; never on 3 answers, however one-sided.
      if (2 * first <= both || both <= 3) expect(fired).toBe(false)
    }))
  })
})
