/**
 * Rule-based action plans for one monitored prompt. The worker gathers a PromptEvidence from SQL
 * (counts over the prompt's responses) and stores the plan; this module only decides. Every rule
 * is deterministic and every action names the evidence it comes from.
 */
import type { AiModel } from "./AiModel.js"
import { wilsonInterval } from "./Confidence.js"
import { formatDecimal } from "./DecimalString.js"
import { compareNames, type Impact, impact, mentionRate, NEUTRAL_FROM } from "./Metrics.js"

/** Everything the planner looks at, over all responses of one prompt (or a chosen window). */
export interface PromptEvidence {
  readonly promptId: number
  /** The prompt's text. */
  readonly prompt: string
  /** The own brand's name, used in titles and the summary. */
  readonly brandName: string
  /** Responses considered. */
  readonly responses: number
  /** Of those, responses that mention the own brand. */
  readonly brandMentions: number
  /** Mean `responses.brand_position` over responses mentioning the brand; null when none. */
  readonly brandAveragePosition: number | null
  /** Mean `responses.brand_sentiment` over responses mentioning the brand; null when none. */
  readonly brandAverageSentiment: number | null
  /** Per monitored competitor (all of them, mentioned or not). */
  readonly competitors: ReadonlyArray<{
    readonly name: string
    /** Responses that mention it (response_mentions rows). */
    readonly mentions: number
    /** Mean position over those responses; null when none. */
    readonly averagePosition: number | null
  }>
  /** Per engine that answered the prompt at least once. */
  readonly engines: ReadonlyArray<{
    readonly engine: AiModel
    readonly responses: number
    /** Responses of this engine that mention the own brand. */
    readonly brandMentions: number
    /** Responses of this engine that mention at least one competitor. */
    readonly competitorResponses: number
    /** Names of the competitors this engine mentioned (any order; the planner sorts). */
    readonly competitorsMentioned: ReadonlyArray<string>
  }>
  /** Per cited registrable domain (response_citations of the prompt's responses). */
  readonly domains: ReadonlyArray<{
    readonly domain: string
    /** Responses citing the domain. */
    readonly responses: number
    /** Of those, responses that mention the own brand. */
    readonly responsesMentioningBrand: number
    /** Names of competitors mentioned in responses citing the domain. */
    readonly competitorsMentioned: ReadonlyArray<string>
  }>
  /**
   * The own brand's lowest-scored mentions (score < 40): the excerpt around the mention (e.g.
   * from `findMentions` on the stored response text), its engine and its 0..100 score.
   */
  readonly negativeMentions: ReadonlyArray<{
    readonly responseId: number
    readonly engine: AiModel
    readonly excerpt: string
    readonly sentiment: number
  }>
  /**
   * Per competitor named together with the brand: the answers naming both, and of those the ones
   * that name the competitor first (a lower position), in all and per engine. Absent: not gathered.
   */
  readonly headToHead?: ReadonlyArray<{
    readonly name: string
    readonly bothNamed: number
    readonly namedFirst: number
    readonly engines: ReadonlyArray<{ readonly engine: AiModel; readonly bothNamed: number; readonly namedFirst: number }>
  }>
}

export type ActionPriority = "high" | "medium" | "low"
export type ActionCategory = "visibility" | "content" | "citations" | "positioning" | "sentiment"

export interface PlannedAction {
  readonly title: string
  readonly description: string
  readonly priority: ActionPriority
  readonly category: ActionCategory
  readonly evidence: Record<string, unknown>
}

export interface ActionPlan {
  readonly insightsSummary: string
  readonly actions: ReadonlyArray<PlannedAction>
}

/** Below this mention rate (percent) the prompt needs content that answers it. */
export const CONTENT_GAP_BELOW = 50
/** Below this mention rate the content gap is high priority. */
export const CONTENT_GAP_HIGH_BELOW = 20
/** An average position at or above this is weak (the brand is not among the first named). */
export const WEAK_POSITION_FROM = 2.5
/** An average position at or above this makes the positioning action high priority. */
export const WEAK_POSITION_HIGH_FROM = 4
/** At most this many citation actions (the most cited domains first). */
export const MAX_DOMAIN_ACTIONS = 5
/**
 * Head-to-head: a competitor is named before the brand in a clear majority of the answers naming
 * both when the 95 % Wilson interval of that share lies wholly above this proportion.
 */
export const HEAD_TO_HEAD_MAJORITY = 0.5
/** From this share (percent, the point estimate) the head-to-head action is high priority. */
export const HEAD_TO_HEAD_HIGH_FROM = 80
/** At most this many head-to-head actions (the surest first). */
export const MAX_HEAD_TO_HEAD_ACTIONS = 3
/** At most this many excerpts quoted as evidence of negative sentiment. */
export const MAX_NEGATIVE_EXCERPTS = 3

const PRIORITY_ORDER: Record<ActionPriority, number> = { high: 0, medium: 1, low: 2 }
const CATEGORY_ORDER: Record<ActionCategory, number> = {
  visibility: 0,
  content: 1,
  citations: 2,
  positioning: 3,
  sentiment: 4
}

/** Engine names as people know them, for titles and descriptions (evidence keeps the API value). */
export const ENGINE_NAMES: Record<AiModel, string> = {
  chat_gpt: "ChatGPT",
  perplexity: "Perplexity",
  bing_copilot: "Bing Copilot",
  google_ai: "Google AI Overviews",
  gemini: "Gemini",
  grok: "Grok",
  google_ai_mode: "Google AI Mode"
}

const quote = (excerpt: string): string => `"${excerpt}"${/[.!?…]$/u.test(excerpt) ? "" : "."}`

const sortedNames = (names: ReadonlyArray<string>): Array<string> => [...new Set(names)].sort(compareNames)

const listPhrase = (items: ReadonlyArray<string>): string =>
  items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`

const leadingCompetitor = (evidence: PromptEvidence) =>
  [...evidence.competitors]
    .filter((competitor) => competitor.mentions > 0)
    .sort((a, b) => b.mentions - a.mentions || compareNames(a.name, b.name))[0]

/** Engines that name competitors but never the brand. */
const visibilityActions = (evidence: PromptEvidence): Array<PlannedAction> =>
  evidence.engines
    .filter((engine) => engine.responses > 0 && engine.brandMentions === 0 && engine.competitorResponses > 0)
    .map((engine) => {
      const competitors = sortedNames(engine.competitorsMentioned)
      const share = mentionRate(engine.competitorResponses, engine.responses)
      const name = ENGINE_NAMES[engine.engine]
      return {
        title: `Get ${evidence.brandName} into ${name} answers`,
        description: `${name} answered "${evidence.prompt}" ${
          plural(engine.responses, "time", "times")
        } without naming ${evidence.brandName}, while ${
          competitors.length > 0 ? listPhrase(competitors) : "competitors"
        } appeared in ${formatDecimal(share)}% of those answers. Publish content and earn sources that ${name} uses for this topic.`,
        priority: share >= 50 ? "high" : "medium",
        category: "visibility",
        evidence: {
          engine: engine.engine,
          responses: engine.responses,
          competitor_responses: engine.competitorResponses,
          competitors
        }
      }
    })

/** The brand is named in too few answers overall. */
const contentActions = (evidence: PromptEvidence): Array<PlannedAction> => {
  if (evidence.responses === 0) return []
  const rate = mentionRate(evidence.brandMentions, evidence.responses)
  if (rate >= CONTENT_GAP_BELOW) return []
  const leader = leadingCompetitor(evidence)
  return [{
    title: `Publish content that answers "${evidence.prompt}"`,
    description: `${evidence.brandName} appears in ${evidence.brandMentions} of ${evidence.responses} answers (${
      formatDecimal(rate)
    }%)${
      leader === undefined ? "" : `; ${leader.name} appears in ${leader.mentions}`
    }. Create a page that answers this question directly, with ${evidence.brandName} named in the answer, and keep it up to date.`,
    priority: rate < CONTENT_GAP_HIGH_BELOW ? "high" : "medium",
    category: "content",
    evidence: {
      responses: evidence.responses,
      brand_mentions: evidence.brandMentions,
      mention_rate: formatDecimal(rate),
      ...(leader === undefined ? {} : { competitor: leader.name, competitor_mentions: leader.mentions })
    }
  }]
}

const IMPACT_PRIORITY: Record<Impact, ActionPriority> = { high: "high", medium: "medium", low: "low" }

/** Domains cited alongside competitors but never in an answer that names the brand. */
const citationActions = (evidence: PromptEvidence): Array<PlannedAction> =>
  evidence.domains
    .filter((domain) =>
      domain.responses > 0 && domain.responsesMentioningBrand === 0 && domain.competitorsMentioned.length > 0
    )
    .sort((a, b) => b.responses - a.responses || compareNames(a.domain, b.domain))
    .slice(0, MAX_DOMAIN_ACTIONS)
    .map((domain) => {
      const competitors = sortedNames(domain.competitorsMentioned)
      const level = impact(domain.responses, evidence.responses)
      return {
        title: `Get ${evidence.brandName} cited on ${domain.domain}`,
        description: `${domain.domain} is cited in ${plural(domain.responses, "answer", "answers")} to this prompt that ${domain.responses === 1 ? "names" : "name"} ${
          listPhrase(competitors)
        }, but never in one that names ${evidence.brandName}. Pitch, contribute to or get reviewed on ${domain.domain}.`,
        priority: IMPACT_PRIORITY[level],
        category: "citations",
        evidence: { domain: domain.domain, responses: domain.responses, impact: level, competitors }
      }
    })

/** The brand is named, but late. */
const positioningActions = (evidence: PromptEvidence): Array<PlannedAction> => {
  const position = evidence.brandAveragePosition
  if (position === null || evidence.brandMentions === 0 || position < WEAK_POSITION_FROM) return []
  const ahead = [...evidence.competitors]
    .filter((competitor) => competitor.averagePosition !== null && competitor.averagePosition < position)
    .sort((a, b) => (a.averagePosition ?? 0) - (b.averagePosition ?? 0) || compareNames(a.name, b.name))
    .map((competitor) => competitor.name)
  return [{
    title: `Move ${evidence.brandName} up in answers to "${evidence.prompt}"`,
    description: `When ${evidence.brandName} is mentioned it comes at position ${formatDecimal(position)} on average${
      ahead.length > 0 ? `, after ${listPhrase(ahead)}` : ""
    }. Make its strengths for this use case explicit (comparisons, key features, proof) so answers name it first.`,
    priority: position >= WEAK_POSITION_HIGH_FROM ? "high" : "medium",
    category: "positioning",
    evidence: { average_position: formatDecimal(position), competitors_ahead: ahead }
  }]
}

/**
 * Outranked head to head: a competitor named before the brand in a clear majority of the answers
 * naming both, sure at 95 % (the Wilson interval of the share lies above 50 %). This catches a
 * brand always named second after the same competitor, which an average position of 2 does not.
 */
const headToHeadActions = (evidence: PromptEvidence): Array<PlannedAction> =>
  (evidence.headToHead ?? [])
    .map((rival) => ({ ...rival, interval: wilsonInterval(rival.namedFirst, rival.bothNamed) }))
    .filter((rival) => rival.bothNamed > 0 && rival.interval.low > HEAD_TO_HEAD_MAJORITY)
    .sort((a, b) => b.interval.low - a.interval.low || compareNames(a.name, b.name))
    .slice(0, MAX_HEAD_TO_HEAD_ACTIONS)
    .map((rival) => {
      const share = mentionRate(rival.namedFirst, rival.bothNamed)
      const engines = [...rival.engines]
        .filter((engine) => engine.namedFirst > 0)
        .sort((a, b) => b.namedFirst - a.namedFirst || compareNames(a.engine, b.engine))
      const brand = evidence.brandName
      return {
        title: `Get ${brand} named before ${rival.name} in answers to "${evidence.prompt}"`,
        description: `${rival.name} is named before ${brand} in ${rival.namedFirst} of ${
          plural(rival.bothNamed, "answer", "answers")
        } that name both (${formatDecimal(share)}%, at least ${formatDecimal(rival.interval.low * 100)}% at 95% confidence), on ${
          listPhrase(engines.map((engine) => ENGINE_NAMES[engine.engine]))
        }. Publish a direct comparison with ${rival.name} that makes ${brand}'s strengths for this use case explicit, so answers name ${brand} first.`,
        priority: share >= HEAD_TO_HEAD_HIGH_FROM ? "high" : "medium",
        category: "positioning",
        evidence: {
          competitor: rival.name,
          answers_naming_both: rival.bothNamed,
          competitor_named_first: rival.namedFirst,
          share: formatDecimal(share),
          share_low: formatDecimal(rival.interval.low * 100),
          engines: engines.map((engine) => ({
            engine: engine.engine,
            answers_naming_both: engine.bothNamed,
            competitor_named_first: engine.namedFirst
          }))
        }
      }
    })

/** Answers that speak badly of the brand. */
const sentimentActions = (evidence: PromptEvidence): Array<PlannedAction> => {
  const negative = evidence.negativeMentions.filter((mention) => mention.sentiment < NEUTRAL_FROM)
  if (negative.length === 0) return []
  const quoted = [...negative]
    .sort((a, b) => a.sentiment - b.sentiment || a.responseId - b.responseId)
    .slice(0, MAX_NEGATIVE_EXCERPTS)
  const engines = sortedNames(negative.map((mention) => mention.engine))
  const engineNames = sortedNames(negative.map((mention) => ENGINE_NAMES[mention.engine]))
  const average = evidence.brandAverageSentiment
  return [{
    title: `Address negative mentions of ${evidence.brandName}`,
    description: `${plural(negative.length, "mention", "mentions")} of ${evidence.brandName} scored negative on ${
      listPhrase(engineNames)
    }, for example: ${quote(quoted[0]?.excerpt ?? "")} Answer the criticism with up-to-date facts on your site and in reviews.`,
    priority: average !== null && average < NEUTRAL_FROM ? "high" : "medium",
    category: "sentiment",
    evidence: {
      engines,
      negative_mentions: negative.length,
      ...(average === null ? {} : { average_sentiment: formatDecimal(average) }),
      excerpts: quoted.map((mention) => ({
        response_id: mention.responseId,
        engine: mention.engine,
        excerpt: mention.excerpt,
        sentiment: formatDecimal(mention.sentiment)
      }))
    }
  }]
}

const summarise = (evidence: PromptEvidence, actions: ReadonlyArray<PlannedAction>): string => {
  const brand = evidence.brandName
  if (evidence.responses === 0) {
    return `No answers have been collected for "${evidence.prompt}" yet, so there is nothing to act on.`
  }
  const rate = formatDecimal(mentionRate(evidence.brandMentions, evidence.responses))
  const leader = leadingCompetitor(evidence)
  const first = evidence.brandMentions === 0
    ? `${brand} was not mentioned in any of ${plural(evidence.responses, "answer", "answers")} to "${evidence.prompt}".`
    : `${brand} was mentioned in ${evidence.brandMentions} of ${
      plural(evidence.responses, "answer", "answers")
    } to "${evidence.prompt}" (${rate}%), at an average position of ${formatDecimal(evidence.brandAveragePosition ?? 0)}.`
  const second = leader === undefined
    ? "No monitored competitor was mentioned."
    : `The most mentioned competitor, ${leader.name}, appeared in ${plural(leader.mentions, "answer", "answers")}.`
  const high = actions.filter((action) => action.priority === "high").length
  const third = actions.length === 0
    ? "No action is needed right now."
    : `${plural(actions.length, "action is", "actions are")} suggested, ${high} of them high priority.`
  return `${first} ${second} ${third}`
}

/**
 * The plan for one prompt. Actions are ordered by priority (high first), then category
 * (visibility, content, citations, positioning, sentiment), then title.
 */
export const planActions = (evidence: PromptEvidence): ActionPlan => {
  const actions = [
    ...visibilityActions(evidence),
    ...contentActions(evidence),
    ...citationActions(evidence),
    ...positioningActions(evidence),
    ...headToHeadActions(evidence),
    ...sentimentActions(evidence)
  ].sort((a, b) =>
    PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority] ||
    CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] ||
    compareNames(a.title, b.title)
  )
  return { insightsSummary: summarise(evidence, actions), actions }
}
