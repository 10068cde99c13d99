// The contract surface: what a consumer of the API and the typed client needs. It imports nothing
// beyond effect and @effect/platform. The text analysis (nlp.js lexicons, sentiment, tldts) is
// the separate entry point "@sightline/domain/analysis" (see the package README).
export * from "./AiModel.js"
export * as ApiKeyFormat from "./ApiKeyFormat.js"
export * from "./DecimalString.js"
export * as Metrics from "./Metrics.js"
export * as Api from "./api/index.js"
