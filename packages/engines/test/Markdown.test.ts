import { describe, expect, it } from "@effect/vitest"
import * as fc from "effect/FastCheck"
import { markdownToText } from "../src/Markdown.js"

describe("markdownToText", () => {
  it("keeps link labels and drops markup", () => {
    expect(markdownToText("## Top picks\n\n- **Acme CRM**: simple ([example.com](https://example.com/a?utm_source=openai))\n- _Globex_ `Sales`"))
      .toBe("Top picks\n\nAcme CRM: simple (example.com)\nGlobex Sales")
  })

  it("keeps the blank line before a heading or a quote", () => {
    expect(markdownToText("Acme CRM is excellent.\n\n## Pricing\n\n> Globex Sales is cheaper.\n\nEnd."))
      .toBe("Acme CRM is excellent.\n\nPricing\n\nGlobex Sales is cheaper.\n\nEnd.")
  })

  it.prop("plain words survive unchanged", [fc.array(fc.stringMatching(/^[A-Za-z]{1,12}$/), { minLength: 1, maxLength: 20 })], ([words]) => {
    expect(markdownToText(words.join(" "))).toBe(words.join(" "))
  })

  it.prop("a link never leaves its URL in the text", [fc.stringMatching(/^[A-Za-z ]{1,20}$/), fc.webUrl()], ([label, url]) => {
    fc.pre(!url.includes(")") && !url.includes("("))
    expect(markdownToText(`see [${label}](${url}) now`)).not.toContain(url)
  })
})
