export * from "./AiModel.js"
export * as ApiKeyFormat from "./ApiKeyFormat.js"
export * from "./DecimalString.js"
