import { describe, expect, it } from "@effect/vitest"
import { detectLanguage } from "../../src/analysis/Language.js"

describe("detectLanguage", () => {
  it("reads the answer's language, not the brand's", () => {
    expect(detectLanguage("Here are the best CRMs for small sales teams: a visual pipeline that is easy to learn and loved by reps.", "de"))
      .toBe("en")
    expect(detectLanguage("Für Newsletter in Deutschland empfehlen viele Agenturen, weil die Daten in Deutschland liegen.", "en")).toBe("de")
    expect(detectLanguage("En España tiene la mayor variedad de restaurantes y tiendas, pero las comisiones son altas.", "en")).toBe("es")
  })

  it("lets the dictionaries decide where the detector cannot tell two languages apart", () => {
    // franc rates this English list French at 0.955 of English: it is English for a French brand
    const list = "**Best noise-cancelling headphones for travel**\n\n1. **     WH-1000XM5** – The best all-rounder: class-leading noise cancelling, 30-hour battery and excellent call quality. They no longer fold flat, which is a little annoying in a bag.\n2. **     QuietComfort Ultra** – The most comfortable option for long flights, with ANC that matches or beats     's.\n3. **           Momentum 4** – Outstanding 60-hour battery life and a warmer, more detailed sound.\n4. **      Bathys** – The pick for audiophiles: superb sound, premium build and a USB DAC mode for wired listening. Noise cancelling is good rather than class-leading, and they're expensive at around $700.\n\nIf your priority is silence on a plane, go with      or     ; if it's sound quality,       or           ."
    expect(detectLanguage(list, "fr")).toBe("en")
    expect(detectLanguage(list, "en")).toBe("en")
  })

  it("keeps the brand's language for short texts and when the detector cannot tell them apart", () => {
    expect(detectLanguage("Acme is great.", "fr")).toBe("fr")
    expect(detectLanguage(" is great value.  is powerful but expensive.  is powerful but expensive.", "en")).toBe("en")
    expect(detectLanguage("", "pt-BR")).toBe("pt-BR")
  })
})
