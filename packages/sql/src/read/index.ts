// The read models run on every API request: their functions are Effect.fnUntraced, since
// Effect.fn captures a call-site stack (a `new Error()`) and opens a span on every call, which
// the request path pays for even with no tracer (issue 10's profile).
export * as Access from "./Access.js"
export * as ActionPlans from "./ActionPlans.js"
export * as ApiKeyAuth from "./ApiKeyAuth.js"
export * as Catalog from "./Catalog.js"
export * as CitedSources from "./CitedSources.js"
export * as Dashboard from "./Dashboard.js"
export * as Prompts from "./Prompts.js"
export * as Query from "./Query.js"
export * as Exports from "./Exports.js"
export * as ExportBody from "./ExportBody.js"
export * as Reports from "./Reports.js"
export * as SourceTypes from "./SourceTypes.js"
