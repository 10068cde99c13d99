import * as McpSchema from "@effect/ai/McpSchema"
import * as McpServer from "@effect/ai/McpServer"
import type { ApiErrorBody } from "@sightline/domain/api/Errors"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { McpCaller } from "./Caller.js"
import { type ToolSpec, TOOLS } from "./Tools.js"

/** How the server introduces itself to MCP clients. */
export const SERVER_INFO = { name: "sightline", version: "1.0.0" } as const

const isRecord = (u: unknown): u is Readonly<Record<string, unknown>> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/** A result an assistant reads: compact JSON text, and the same value as structured content. */
const success = (value: unknown) =>
  new McpSchema.CallToolResult({
    isError: false,
    content: [{ type: "text", text: JSON.stringify(value) }],
    structuredContent: value
  })

/** A failed call carries the API's error code, message and details (e.g. which argument is wrong). */
const failure = (error: ApiErrorBody) => {
  const body = { code: error.code, message: error.message, ...("details" in error && error.details !== undefined ? { details: error.details } : {}) }
  return new McpSchema.CallToolResult({
    isError: true,
    content: [{ type: "text", text: JSON.stringify(body) }],
    structuredContent: body
  })
}

const READ_ONLY = new McpSchema.ToolAnnotations({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false
})

const register = (server: McpServer.McpServer["Type"], caller: McpCaller["Type"], spec: ToolSpec) =>
  server.addTool({
    tool: new McpSchema.Tool({
      name: spec.name,
      title: spec.title,
      description: spec.description,
      inputSchema: spec.inputSchema,
      annotations: new McpSchema.ToolAnnotations({ ...READ_ONLY, title: spec.title })
    }),
    handle: (payload: unknown) =>
      caller.call(spec.name, spec.run(isRecord(payload) ? payload : {})).pipe(
        Effect.match({ onFailure: failure, onSuccess: success })
      )
  })

/** Registers every tool of Tools.ts with the MCP server; calls run through the McpCaller. */
export const layer = Layer.effectDiscard(
  Effect.gen(function*() {
    const server = yield* McpServer.McpServer
    const caller = yield* McpCaller
    yield* Effect.forEach(TOOLS, (spec) => register(server, caller, spec), { discard: true })
  })
)
