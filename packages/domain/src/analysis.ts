// The text analysis of collected answers: mentions, positions, sentiment (nlp.js lexicons),
// citations (tldts) and action plans. Its libraries are optional peer dependencies of this
// package, installed only by those who import this entry point (see the package README).
export * as Mentions from "./analysis/Mentions.js"
export * as Citations from "./analysis/Citations.js"
export * as ResponseAnalysis from "./analysis/ResponseAnalysis.js"
export * as ActionPlanner from "./ActionPlanner.js"
export { Sentiment, SentimentLexiconLive } from "./Sentiment.js"
export { findMentions } from "./analysis/Mentions.js"
export type { BrandMention, TrackedBrand } from "./analysis/Mentions.js"
export { normaliseCitations, normaliseSearchQueries } from "./analysis/Citations.js"
export { analyseResponse } from "./analysis/ResponseAnalysis.js"
export type { ResponseAnalysis as ResponseAnalysisResult } from "./analysis/ResponseAnalysis.js"
export { planActions } from "./ActionPlanner.js"
export type { PlannedAction, PromptEvidence } from "./ActionPlanner.js"
