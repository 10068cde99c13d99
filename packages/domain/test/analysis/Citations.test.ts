import { describe, expect, it } from "@effect/vitest"
import * as Option from "effect/Option"
import * as fc from "fast-check"
import {
  normaliseCitations,
  normaliseSearchQueries,
  normaliseUrl,
  registrableDomain
} from "../../src/analysis/Citations.js"

describe("normaliseUrl", () => {
  it("lower-cases scheme and host, drops fragment, utm_* and default ports", () => {
    expect(normaliseUrl("HTTPS://WWW.Example.COM:443/Path/Page?utm_source=x&b=2&UTM_Medium=y&a=1#top")).toEqual(
      Option.some("https://www.example.com/Path/Page?b=2&a=1")
    )
    expect(normaliseUrl(" http://example.com:80 ")).toEqual(Option.some("http://example.com/"))
    expect(normaliseUrl("http://example.com:8080/x?utm_campaign=1")).toEqual(Option.some("http://example.com:8080/x"))
    expect(normaliseUrl("https://user:secret@example.com/a?q=a%20b+c")).toEqual(
      Option.some("https://example.com/a?q=a%20b+c")
    )
    expect(normaliseUrl("https://münchen.de/straße")).toEqual(Option.some("https://xn--mnchen-3ya.de/stra%C3%9Fe"))
  })

  it("rejects what is not an absolute http(s) URL", () => {
    for (const raw of ["ftp://example.com/", "mailto:a@b.c", "javascript:alert(1)", "example.com/page", "", "http://"]) {
      expect(normaliseUrl(raw)).toEqual(Option.none())
    }
  })

  it("is idempotent and leaves no fragment or utm_ parameter", () => {
    const url = fc.tuple(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.array(fc.tuple(fc.constantFrom("utm_source", "UTM_term", "utm_x", "ref", "q"), fc.webSegment()), { maxLength: 4 })
    ).map(([base, extra]) => {
      const [beforeHash = "", hash] = base.split("#")
      const params = extra.map(([k, v]) => `${k}=${v}`).join("&")
      const joined = params.length === 0 ? beforeHash : `${beforeHash}${beforeHash.includes("?") ? "&" : "?"}${params}`
      return hash === undefined ? joined : `${joined}#${hash}`
    })
    fc.assert(fc.property(url, (raw) => {
      const once = normaliseUrl(raw)
      expect(Option.isSome(once)).toBe(true)
      if (Option.isNone(once)) return
      expect(normaliseUrl(once.value)).toEqual(once)
      const parsed = new URL(once.value)
      expect(parsed.hash).toBe("")
      expect([...parsed.searchParams.keys()].some((key) => key.toLowerCase().startsWith("utm_"))).toBe(false)
      expect(parsed.hostname).toBe(parsed.hostname.toLowerCase())
    }), { numRuns: 60 })
  })
})

describe("registrableDomain", () => {
  it("uses the public suffix list, falling back to the host", () => {
    expect(registrableDomain("https://www.bbc.co.uk/news")).toEqual(Option.some("bbc.co.uk"))
    expect(registrableDomain("https://a.b.example.com/")).toEqual(Option.some("example.com"))
    expect(registrableDomain("http://127.0.0.1:8080/x")).toEqual(Option.some("127.0.0.1"))
    expect(registrableDomain("http://localhost/")).toEqual(Option.some("localhost"))
    expect(registrableDomain("ftp://example.com/")).toEqual(Option.none())
  })
})

describe("normaliseCitations", () => {
  it("normalises, drops invalid URLs and duplicates, keeps first-seen order", () => {
    expect(normaliseCitations([
      "https://docs.acme.com/a#x",
      "not a url",
      "https://www.g2.com/compare?utm_source=chatgpt.com",
      "https://DOCS.acme.com/a",
      "https://www.g2.com/compare"
    ])).toEqual([
      { url: "https://docs.acme.com/a", domain: "acme.com" },
      { url: "https://www.g2.com/compare", domain: "g2.com" }
    ])
  })

  it("keeps first-seen order of distinct URLs", () => {
    fc.assert(fc.property(fc.array(fc.webUrl(), { maxLength: 15 }), fc.array(fc.nat(), { maxLength: 20 }), (urls, picks) => {
      const list = urls.length === 0 ? [] : picks.map((pick) => urls[pick % urls.length] ?? "")
      const result = normaliseCitations(list).map((c) => c.url)
      const expected: Array<string> = []
      for (const raw of list) {
        const n = normaliseUrl(raw)
        if (Option.isSome(n) && !expected.includes(n.value)) expected.push(n.value)
      }
      expect(result).toEqual(expected)
    }))
  })
})

describe("normaliseSearchQueries", () => {
  it("trims, collapses whitespace, drops empty and case-insensitive duplicates", () => {
    expect(normaliseSearchQueries(["  best  CRM\t2025 ", "", "   ", "Best crm 2025", "crm pricing", "CRM PRICING"]))
      .toEqual(["best CRM 2025", "crm pricing"])
  })

  it("keeps the first spelling of each query, in first-seen order, and is idempotent", () => {
    const query = fc.tuple(
      fc.constantFrom("best crm", "crm pricing", "acme review", "", "  "),
      fc.boolean(),
      fc.constantFrom("", " ", "  ", "\t")
    ).map(([q, upper, pad]) => `${pad}${upper ? q.toUpperCase() : q}${pad}`)
    fc.assert(fc.property(fc.array(query, { maxLength: 15 }), (queries) => {
      const result = normaliseSearchQueries(queries)
      expect(normaliseSearchQueries(result)).toEqual(result)
      const keys = result.map((q) => q.toLowerCase())
      expect(new Set(keys).size).toBe(keys.length)
      const firsts = queries.map((q) => q.trim().replace(/\s+/g, " ")).filter((q) => q.length > 0)
        .filter((q, i, all) => all.findIndex((other) => other.toLowerCase() === q.toLowerCase()) === i)
      expect(result).toEqual(firsts)
    }))
  })
})

describe("redirect wrappers and AMP", () => {
  const normalised = (url: string) => Option.getOrUndefined(normaliseUrl(url))

  it("cites the target of Google and Bing redirects, Google AMP, the AMP cache and Facebook's link shim", () => {
    expect(normalised("https://www.google.com/url?q=https://www.pipedrive.com/en/pricing&sa=D")).toBe("https://www.pipedrive.com/en/pricing")
    expect(normalised("https://www.google.de/url?sa=t&url=https%3A%2F%2Fheise.de%2Fa%3Futm_source%3Dx%26p%3D1&usg=A")).toBe("https://heise.de/a?p=1")
    expect(normalised("https://www.bing.com/ck/a?!&&p=1&u=a1aHR0cHM6Ly93d3cudGVjaHJhZGFyLmNvbS9iZXN0L2Jlc3QtY3Jt&ntb=1"))
      .toBe("https://www.techradar.com/best/best-crm")
    expect(normalised("https://www.google.com/amp/s/www.theverge.com/a.amp")).toBe("https://www.theverge.com/a.amp")
    expect(normalised("https://www.google.com/amp/www.example.org/page")).toBe("http://www.example.org/page")
    expect(normalised("https://www-forbes-com.cdn.ampproject.org/c/s/www.forbes.com/best/amp/")).toBe("https://www.forbes.com/best/amp/")
    expect(normalised("https://example-com.cdn.ampproject.org/v/example.com/x?amp_js_v=0.1")).toBe("http://example.com/x?amp_js_v=0.1")
    expect(normalised("https://l.facebook.com/l.php?u=https%3A%2F%2Fwww.capterra.com%2Fcrm%2F&h=AT0")).toBe("https://www.capterra.com/crm/")
    expect(normalised("https://duckduckgo.com/l/?uddg=https%3A%2F%2Fwww.nerdwallet.com%2Fbanks%2F%3Futm_source%3Dddg&rut=ab")).toBe("https://www.nerdwallet.com/banks/")
    expect(normalised("https://r.search.yahoo.com/_ylt=Awr/RV=2/RE=1/RO=10/RU=https%3a%2f%2fwww.cnet.com%2ftech%2fbest-vpn%2f/RK=2/RS=x-")).toBe("https://www.cnet.com/tech/best-vpn/")
    expect(registrableDomain(normalised("https://www.google.com/url?q=https://www.g2.com/x") ?? "")).toEqual(Option.some("g2.com"))
  })

  it("keeps what is not a wrapper, or a wrapper without a usable target", () => {
    expect(normalised("https://www.google.com/search?q=best+crm")).toBe("https://www.google.com/search?q=best+crm")
    expect(normalised("https://www.google.com/url?sa=D")).toBe("https://www.google.com/url?sa=D")
    expect(normalised("https://www.google.com/url?q=javascript:alert(1)")).toBe("https://www.google.com/url?q=javascript:alert(1)")
    expect(normalised("https://www.bing.com/ck/a?u=a1bm90LWEtdXJs")).toBe("https://www.bing.com/ck/a?u=a1bm90LWEtdXJs")
  })

  it("drops empty query segments, as documented", () => {
    expect(normalised("https://example.co.uk/page?a=1&&b=2&")).toBe("https://example.co.uk/page?a=1&b=2")
    expect(normalised("https://example.co.uk/page?&&")).toBe("https://example.co.uk/page")
  })

  it("is idempotent on unwrapped URLs", () => {
    const target = fc.constantFrom("https://a.example/x?b=1", "https://www.b.example/", "http://c.example/y")
    const wrap = fc.constantFrom(
      (url: string) => `https://www.google.com/url?q=${encodeURIComponent(url)}`,
      (url: string) => `https://www.bing.com/ck/a?u=a1${Buffer.from(url).toString("base64url")}`,
      (url: string) => url
    )
    fc.assert(fc.property(target, wrap, (url, wrapper) => {
      const once = normalised(wrapper(url))
      expect(once).toBe(normalised(url))
      expect(normalised(once ?? "")).toBe(once)
    }))
  })
})
