import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import { formatDecimal } from "../DecimalString.js"
import { type ClauseEvidence, LEAD_CLAUSE, type ScopedClause, Sentiment } from "../Sentiment.js"
import { type NormalisedCitation, normaliseCitations, normaliseSearchQueries } from "./Citations.js"
import { AnalysisJudge, checkVerdict, judgeRequest } from "./Judge.js"
import { detectLanguage } from "./Language.js"
import { findMentions, maskNonProse, type MentionSpan, type TrackedBrand } from "./Mentions.js"
import { answerLead, nameWordPattern, scopeClauses } from "./Scope.js"

/**
 * The version of the local analyser's rules. Stored with every response (`responses.analyser_version`);
 * `reanalyze` brings older rows to this version. 1: whole-sentence AFINN excerpts; 2: clause scope,
 * VADER rules with a review lexicon, language detection, ordinary-word brand evidence; 3: clause markers by
 * kind, comparison baselines, sections and nested items, layout leans (pros/cons, recommending
 * lists), a wider review lexicon; 4: contrast adverbs, yes/no replies, paying more, picks; 5: list intros,
 * attached brands, opening conditions, denials, past praise, speed of a change, one-word replies and
 * asides as brand evidence; 6: hedges, lacks / falls short, "only if", denied picks, remedies,
 * comparison clauses that continue a brand, strength over order for a mild caveat, possessives and
 * established sentence-start names as brand evidence; 7: clauses weighed by strength as well as place, a
 * table row judged for the brand of its first cell, excess ("too simple"), two-word lexicon entries,
 * word senses of product answers, fraud words, no list lean for a caveat or a bare name
 * 8: the answer's language decided by the dictionaries where the detector cannot tell two apart, bold
 * product names, names closing a list and negated verbs as brand evidence, trade terms and warnings in
 * the lexicon, "kaum", advice to the reader; 9: fines, job cuts and closures in every language, more
 * word senses, names compared with another tracked brand and lists opened mid-sentence as brand
 * evidence; 10: a concession ("…, though …") weighs like its main clause, heading questions asking for
 * a recommendation endorse the brands their answer names, more word senses and picks; 11: inflected
 * ordinary words (Hunspell suffixes), heading verdicts, advice to choose a brand, "than" and "unlike"
 * clauses about their block's brand, more yes-replies and word senses; 12: warnings as verdicts, stronger
 * and one-word FAQ replies, closing verdict lines read per brand, makers and "alternative to" baselines,
 * German compound burdens, past-tense subject verbs; 13: word senses by homonym and shared stem
 * ("schon" is not "schön", "d'abord", "unter", "salvo"), German negation after its verb, remedies that
 * cut or cover a trouble, build quality, fares as price nouns; 14: names made only of ordinary words
 * ("Headspace", "Kleines Kraftwerk") count only with their capitals, "recommend … over X" and "the X
 * alternative" as baselines, remedies that reduce or limit a trouble, more word senses; 15: English-only
 * words capitalised in other languages and hyphenated compound heads as names, list introductions
 * ("these registrars are better value:") judging no one, "justify over" and "a complement to" baselines,
 * VADER's full negator list, paying a multiple, a layout's lean at 0.7, relative clauses as asides,
 * more word senses; 16: the clause after "but" weighs four times the clause before (2 and 0.5),
 * "only makes sense if" as a restriction, "the benchmark" and "la référence" as praise, "Riese und
 * Müller" as "Riese & Müller", more word senses; 17: the answer's lead (the brand it names first) read
 * as its pick when what it says of it leans positive; 18: no lead for a brand the answer leaves, "better
 * ones exist" as criticism, German separable verbs, negator and praise idioms, "free" alone as a fact,
 * split spellings with two-letter parts or a number, dictionary-capitalised names in headings; 19:
 * the label decided by weights learned from the labelled sets over the rules' findings and the words
 * of the brand's clauses (analysis/SentimentModel.ts); 20: wear and defect words in four languages,
 * set phrases of warning ("pas terrible", "Finger weg", "deja mucho que desear"), adjacent German
 * separable verbs ("der Lack blättert ab"), sarcasm opening an aside after a dash, "more X than Y"
 * scoring X, only the intro and headings naming what an answer leaves, weights retrained; 21:
 * "easy to miss", "more clicks than it should", "cheap, and it shows", a praised thing that declines
 * ("the value has slipped"), the topic of a complaint's frame ("the problem is value"), praise behind
 * a paywall, on paper or of earlier models, "security incidents", "– skip it", bad-news words, a
 * rival that gives more ("but you get more for less with Nectar"), "Like X," kept for its block's
 * brand, "next to X" as a baseline, "less so"; hyphens and pluses written apart, model numbers,
 * "Immobilien Scout 24" and weekdays in mentions, weights retrained; 22: a missed criticism costs
 * twice a false alarm when the label is chosen (docs/metrics.md, "Analyser version"); 23: a
 * standing lost ("once the agency favourite"), customers who "have moved on", a plan's name ("the
 * cheaper plans"), "for the same money" a rival gives more, a multiple of a rival's price as a
 * baseline, "only worth it during a sale", more chore sarcasm, "au rendez-vous", shop verbs for
 * German names ("Otto führt"), weights retrained; 24: "kaum zu schlagen", "kommt an X kaum vorbei",
 * "aus dem Ruder", "on ne peut pas dire que…" as a denied claim, "pas franchement" reaching past an
 * article and noun, detection verbs as remedies ("detects slow leaks"), customers who leave ("have left",
 * "are shopping around"), weights retrained on sets 1–55; 25: version 24's rules, weights retrained on
 * sets 1–57.
 */
export const ANALYSER_VERSION = 25

/** What Sightline keeps of one answer: the own brand's and competitors' mentions, sources, queries. */
export interface ResponseAnalysis {
  readonly brand: {
    readonly mentioned: boolean
    /** null exactly when not mentioned (as the `responses` table requires). */
    readonly position: number | null
    readonly sentiment: number | null
  }
  /** Only the mentioned competitors, by position. */
  readonly competitors: ReadonlyArray<{ readonly competitorId: number; readonly position: number; readonly sentiment: number }>
  readonly citations: ReadonlyArray<NormalisedCitation>
  readonly searchQueries: ReadonlyArray<string>
  /** ANALYSER_VERSION of the rules that produced it. */
  readonly analyserVersion: number
  /** Who judged mentions, positions and sentiment (the local analyser unless ANALYSIS_JUDGE). */
  readonly judge: Judge
}

export interface ResponseAnalysisInput {
  readonly text: string
  readonly markdown: string
  /** The brand's language code: the lexicon used when the answer's language cannot be detected. */
  readonly language: string
  readonly brand: TrackedBrand
  readonly competitors: ReadonlyArray<TrackedBrand>
  /** Cited URLs as the engine returned them. */
  readonly citations: ReadonlyArray<string>
  readonly searchQueries: ReadonlyArray<string>
}

/**
 * The text mentions are looked for in: the markdown answer, or the plain text when the engine gave
 * no markdown. Markdown is preferred because its structure (list items, table rows, bold names) is
 * what scopes sentiment and tells a brand from an ordinary word; link targets and URLs are masked.
 */
export const analysedText = (input: { readonly text: string; readonly markdown: string }): string =>
  input.markdown.trim().length > 0 ? input.markdown : input.text

/** A judge's score as the database keeps it: within 0..100, two decimals; NaN reads neutral. */
export const clampScore = (score: number): number =>
  Number.isNaN(score) ? 50 : Number(formatDecimal(Math.min(100, Math.max(0, score))))

/** What the analysis found about one tracked brand, with the evidence behind its score. */
export interface BrandFinding {
  readonly brand: TrackedBrand
  readonly mentioned: boolean
  readonly position: number | null
  /** 0..100, null when not mentioned. */
  readonly sentiment: number | null
  readonly evidence: ReadonlyArray<ClauseEvidence>
}

/**
 * Who judged mentions, positions and sentiment: the local analyser, or a model judge
 * (ANALYSIS_JUDGE) with its model. `fallback` says why a model judge's answer was not used.
 */
export interface Judge {
  readonly kind: "local" | "openai" | "gemini"
  readonly model: string | null
  readonly fallback: string | null
}

export const LOCAL_JUDGE: Judge = { kind: "local", model: null, fallback: null }

/** The full, explainable analysis of one answer (what `analyse --json` prints). */
export interface AnswerAnalysis {
  readonly analyserVersion: number
  readonly judge: Judge
  /** The language the answer was read in (detected, else the brand's). */
  readonly language: string
  readonly brand: BrandFinding
  /** Every tracked competitor, mentioned or not, in the order given. */
  readonly competitors: ReadonlyArray<BrandFinding>
  readonly citations: ReadonlyArray<NormalisedCitation>
  readonly searchQueries: ReadonlyArray<string>
}

const blankSpans = (text: string, spans: ReadonlyArray<MentionSpan>): string =>
  spans.reduce((out, span) => out.slice(0, span.start) + " ".repeat(span.end - span.start) + out.slice(span.end), text)

/** Name words are blanked in the clauses already (Scope.ts `nameWordPattern`). */
export const NOTHING_IGNORED: ReadonlySet<string> = new Set()

/** One answer read up to its sentiment: the language, each tracked brand's mention and clauses. */
export interface ScopedAnswer {
  /** The language the answer was read in (detected, else the brand's). */
  readonly language: string
  /** The own brand first, then each competitor once (by id), as given. */
  readonly tracked: ReadonlyArray<TrackedBrand>
  /** Per mentioned brand: its position and the clauses it is judged on (the lead marker first). */
  readonly mentioned: ReadonlyMap<TrackedBrand, { readonly position: number; readonly clauses: ReadonlyArray<ScopedClause> }>
}

/**
 * Reads one answer up to its sentiment: mentions and positions (Mentions.ts), the answer's language
 * (Language.ts) and each mentioned brand's clauses (Scope.ts). Competitors listed twice (same id)
 * count once.
 */
export const scopeAnswer = (input: ResponseAnalysisInput): ScopedAnswer => {
  const competitors = input.competitors.filter((competitor, index, all) =>
    all.findIndex((other) => other.id === competitor.id) === index
  )
  const tracked: ReadonlyArray<TrackedBrand> = [input.brand, ...competitors]
  const text = analysedText(input)
  // Names are no language: the detector reads the prose with tracked names blanked (an ordinary-word
  // name is matched with the brand's own language list until the language is known).
  const provisional = findMentions(text, tracked, { language: input.language })
  const language = detectLanguage(blankSpans(maskNonProse(text), provisional.flatMap((m) => m.spans)), input.language)
  const mentions = findMentions(text, tracked, { language })
  const spans = mentions.map((mention) => ({ brand: mention.brand, spans: mention.spans }))
  const scopes = scopeClauses(text, spans, nameWordPattern(tracked.flatMap((brand) => [brand.name, ...brand.aliases])))
  const lead = answerLead(text, spans)
  const mentioned = new Map(mentions.map((mention) => [mention.brand, {
    position: mention.position,
    clauses: [...(mention.brand === lead ? [LEAD_CLAUSE] : []), ...(scopes.get(mention.brand) ?? [])]
  }]))
  return { language, tracked, mentioned }
}

/**
 * Analyses one answer with the local analyser: `scopeAnswer`, then each mentioned brand's clauses
 * judged by `Sentiment`.
 */
export const analyseLocally = Effect.fn("analyseLocally")(function*(input: ResponseAnalysisInput) {
  const sentiment = yield* Sentiment
  const { language, mentioned, tracked } = scopeAnswer(input)
  const findings = yield* Effect.forEach(tracked, (brand) => {
    const mention = mentioned.get(brand)
    if (mention === undefined) {
      return Effect.succeed<BrandFinding>({ brand, mentioned: false, position: null, sentiment: null, evidence: [] })
    }
    return Effect.map(
      sentiment.score(mention.clauses, language, NOTHING_IGNORED),
      (judged): BrandFinding => ({
        brand,
        mentioned: true,
        position: mention.position,
        sentiment: clampScore(judged.score),
        evidence: judged.evidence
      })
    )
  })
  const [own, ...others] = findings
  const analysis: AnswerAnalysis = {
    analyserVersion: ANALYSER_VERSION,
    judge: LOCAL_JUDGE,
    language,
    brand: own ?? { brand: input.brand, mentioned: false, position: null, sentiment: null, evidence: [] },
    competitors: others,
    citations: normaliseCitations(input.citations),
    searchQueries: normaliseSearchQueries(input.searchQueries)
  }
  return analysis
})

/**
 * Replaces the local mention, position and sentiment figures with a model judge's (when an
 * `AnalysisJudge` is provided: ANALYSIS_JUDGE). Evidence stays the local analyser's. A failed
 * call or a verdict that does not fit the tracked brands keeps the local figures and records why.
 */
const judged = (local: AnswerAnalysis, text: string) =>
  Effect.gen(function*() {
    const found = yield* Effect.serviceOption(AnalysisJudge)
    if (Option.isNone(found)) return local
    const judge = found.value
    const findings = [local.brand, ...local.competitors]
    const names = findings.map((finding) => finding.brand.name)
    const raw = yield* Effect.either(judge.judge(judgeRequest(text, findings.map((f) => f.brand))))
    const verdict = Either.flatMap(Either.mapLeft(raw, (error) => error.reason), (json) => checkVerdict(json, names))
    if (Either.isLeft(verdict)) {
      yield* Effect.logWarning("model judge failed; the local analysis is kept").pipe(
        Effect.annotateLogs({ judge: judge.kind, model: judge.model, reason: verdict.left })
      )
      return { ...local, judge: { kind: "local" as const, model: null, fallback: `${judge.kind} ${judge.model}: ${verdict.left}` } }
    }
    const byName = new Map(verdict.right.brands.map((brand) => [brand.name, brand]))
    const apply = (finding: BrandFinding): BrandFinding => {
      const brand = byName.get(finding.brand.name)
      if (brand === undefined) return finding
      return {
        ...finding,
        mentioned: brand.mentioned,
        position: brand.position,
        sentiment: brand.sentiment === null ? null : clampScore(brand.sentiment)
      }
    }
    const analysis: AnswerAnalysis = {
      ...local,
      judge: { kind: judge.kind, model: judge.model, fallback: null },
      brand: apply(local.brand),
      competitors: local.competitors.map(apply)
    }
    return analysis
  })

/** Analyses one answer: the local analyser, then the model judge when one is configured. */
export const analyseAnswer = Effect.fn("analyseAnswer")(function*(input: ResponseAnalysisInput) {
  const local = yield* analyseLocally(input)
  return yield* judged(local, maskNonProse(analysedText(input)))
})

/** The stored form of an answer's analysis (the `responses` and `mentions` rows). */
export const toResponseAnalysis = (analysis: AnswerAnalysis): ResponseAnalysis => ({
  brand: analysis.brand.mentioned
    ? { mentioned: true, position: analysis.brand.position, sentiment: analysis.brand.sentiment }
    : { mentioned: false, position: null, sentiment: null },
  competitors: analysis.competitors
    .flatMap((c) =>
      c.mentioned && c.position !== null && c.sentiment !== null
        ? [{ competitorId: c.brand.id, position: c.position, sentiment: c.sentiment }]
        : []
    )
    .sort((a, b) => a.position - b.position),
  citations: analysis.citations,
  searchQueries: analysis.searchQueries,
  analyserVersion: analysis.analyserVersion,
  judge: analysis.judge
})

/** Analyses one answer for storage. */
export const analyseResponse = Effect.fn("analyseResponse")(function*(input: ResponseAnalysisInput) {
  return toResponseAnalysis(yield* analyseAnswer(input))
})
