import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { classifierOf, KNOWN_SOURCES, registrableDomainOf } from "../../src/analysis/SourceTypes.js"

const classify = classifierOf({
  ownWebsite: "https://www.acme.io/",
  competitorWebsites: ["https://beta.example.com", "gamma.co.uk"],
  overrides: new Map([["medium.com", "ugc"], ["news.test", "editorial"]])
})

describe("source types", () => {
  it("classifies by registrable domain: own, competitor, override, list, other", () => {
    expect(classify("acme.io")).toBe("own")
    expect(classify("docs.acme.io")).toBe("own")
    expect(classify("example.com")).toBe("competitor")
    expect(classify("gamma.co.uk")).toBe("competitor")
    expect(classify("reddit.com")).toBe("ugc")
    expect(classify("old.reddit.com")).toBe("ugc")
    expect(classify("youtube.com")).toBe("ugc")
    expect(classify("stackoverflow.com")).toBe("ugc")
    expect(classify("quora.com")).toBe("ugc")
    expect(classify("techcrunch.com")).toBe("editorial")
    expect(classify("bbc.co.uk")).toBe("editorial")
    expect(classify("en.wikipedia.org")).toBe("reference")
    expect(classify("medium.com")).toBe("ugc") // the workspace's override beats the list (editorial)
    expect(classify("news.test")).toBe("editorial")
    expect(classify("unknown.example")).toBe("other")
  })

  it("the own website and a competitor's beat the list and the overrides", () => {
    const own = classifierOf({ ownWebsite: "https://reddit.com", competitorWebsites: ["https://medium.com"], overrides: new Map([["reddit.com", "other"]]) })
    expect(own("reddit.com")).toBe("own")
    expect(own("medium.com")).toBe("competitor")
  })

  it("the maintained list holds registrable domains, each once", () => {
    const all = [...KNOWN_SOURCES.ugc, ...KNOWN_SOURCES.editorial, ...KNOWN_SOURCES.reference]
    expect(new Set(all).size).toBe(all.length)
    for (const domain of all) expect(registrableDomainOf(domain), domain).toBe(domain)
  })

  it("every domain gets exactly one of the six classes, subdomains as their registrable domain", () => {
    const label = fc.stringMatching(/^[a-z]([a-z0-9-]{0,8}[a-z0-9])?$/)
    fc.assert(fc.property(label, fc.constantFrom(...KNOWN_SOURCES.ugc, ...KNOWN_SOURCES.editorial, "unknown.example"), (sub, domain) => {
      expect(["own", "competitor", "ugc", "editorial", "reference", "other"]).toContain(classify(domain))
      expect(classify(`${sub}.${domain}`)).toBe(classify(domain))
    }))
  })
})
