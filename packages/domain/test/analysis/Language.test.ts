import { describe, expect, it } from "@effect/vitest"
import { detectLanguage } from "../../src/analysis/Language.js"

describe("detectLanguage", () => {
  it("reads the answer's language, not the brand's", () => {
    expect(detectLanguage("Here are the best CRMs for small sales teams: a visual pipeline that is easy to learn and loved by reps.", "de"))
      .toBe("en")
    expect(detectLanguage("Für Newsletter in Deutschland empfehlen viele Agenturen, weil die Daten in Deutschland liegen.", "en")).toBe("de")
    expect(detectLanguage("En España tiene la mayor variedad de restaurantes y tiendas, pero las comisiones son altas.", "en")).toBe("es")
  })

  it("keeps the brand's language for short texts and when the detector cannot tell them apart", () => {
    expect(detectLanguage("Acme is great.", "fr")).toBe("fr")
    expect(detectLanguage(" is great value.  is powerful but expensive.  is powerful but expensive.", "en")).toBe("en")
    expect(detectLanguage("", "pt-BR")).toBe("pt-BR")
  })
})
