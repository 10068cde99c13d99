import { describe, expect, it } from "@effect/vitest"
import { AI_MODELS } from "@sightline/domain/AiModel"
import * as fc from "effect/FastCheck"
import { parseAnswer } from "../src/Parse.js"

describe("parseAnswer", () => {
  it.prop("never throws on any JSON payload, for every engine, and an answer is never empty", [
    fc.constantFrom(...AI_MODELS),
    fc.oneof(fc.jsonValue(), fc.record({ response: fc.jsonValue(), followUp: fc.jsonValue(), resolvedUrls: fc.jsonValue() }))
  ], ([engine, payload]) => {
    const parsed = parseAnswer(engine, payload)
    if (parsed._tag === "Answer") {
      expect(parsed.markdown.trim()).not.toBe("")
      expect(new Set(parsed.citations).size).toBe(parsed.citations.length)
      expect(new Set(parsed.searchQueries).size).toBe(parsed.searchQueries.length)
    } else {
      expect(parsed.reason).not.toBe("")
    }
  })

  it("keeps unknown output items and unknown fields out of the way", () => {
    const parsed = parseAnswer("chat_gpt", {
      response: {
        status: "completed",
        future_field: { anything: true },
        output: [
          { type: "reasoning", summary: [] },
          { type: "code_interpreter_call", code: "print(1)" },
          { type: "web_search_call", action: { type: "open_page", url: "https://example.com/x" } },
          { type: "message", content: [{ type: "output_text", text: "Acme CRM is good.", annotations: [{ type: "file_citation", file_id: "f" }] }] }
        ]
      }
    })
    expect(parsed).toEqual({ _tag: "Answer", markdown: "Acme CRM is good.", text: "Acme CRM is good.", citations: [], searchQueries: [] })
  })

  it("prefers the final_answer message over commentary", () => {
    const message = (phase: string, text: string) => ({ type: "message", phase, content: [{ type: "output_text", text, annotations: [] }] })
    const parsed = parseAnswer("chat_gpt", { response: { output: [message("commentary", "Let me search."), message("final_answer", "Acme CRM.")] } })
    expect(parsed._tag === "Answer" ? parsed.markdown : parsed.reason).toBe("Acme CRM.")
  })

  it("matches SerpApi reference_indexes on the index field, not the array position", () => {
    const parsed = parseAnswer("bing_copilot", {
      response: {
        text_blocks: [{ type: "paragraph", snippet: "Globex first.", reference_indexes: [7] }],
        references: [{ index: 3, link: "https://a.example/" }, { index: 7, link: "https://b.example/" }]
      }
    })
    expect(parsed._tag === "Answer" ? parsed.citations : []).toEqual(["https://b.example/"])
  })
})
