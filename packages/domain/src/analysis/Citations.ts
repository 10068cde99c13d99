import * as Option from "effect/Option"
import { getDomain } from "tldts"

const parseHttpUrl = (raw: string): Option.Option<URL> => {
  const trimmed = raw.trim()
  if (!URL.canParse(trimmed)) return Option.none()
  const url = new URL(trimmed)
  return url.protocol === "http:" || url.protocol === "https:" ? Option.some(url) : Option.none()
}

const isTrackingParameter = (segment: string): boolean => {
  const name = segment.split("=", 1)[0] ?? ""
  let decoded = name
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, " "))
  } catch {
    // A malformed escape: compare the raw name.
  }
  return decoded.toLowerCase().startsWith("utm_")
}

const isGoogleHost = (host: string): boolean => /^(?:www\.)?google\.[a-z.]+$/u.test(host)
const isBingHost = (host: string): boolean => /^(?:www\.)?bing\.com$/u.test(host)

/** Bing's `u` parameter: "a1" + the target in base64url. */
const decodeBingTarget = (value: string): string | null => {
  if (!value.startsWith("a1")) return null
  const decoded = Buffer.from(value.slice(2).replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("utf8")
  return /^https?:\/\//u.test(decoded) ? decoded : null
}

/**
 * The URL a redirect wrapper or AMP cache points to, or null when `url` is none:
 * - Google: `google.<tld>/url?q=<target>` (or `url=<target>`), `google.<tld>/amp/s/<host/path>` (https)
 *   and `google.<tld>/amp/<absolute URL>`;
 * - Bing: `bing.com/ck/a?...&u=a1<base64url target>`;
 * - the AMP cache: `<name>.cdn.ampproject.org/c/s/<host/path>` (also `/v/`, `/i/`; without `s/`: http);
 * - Facebook's link shim: `l.facebook.com/l.php?u=<target>`;
 * - DuckDuckGo: `duckduckgo.com/l/?uddg=<target>`;
 * - Yahoo: `r.search.yahoo.com/.../RU=<encoded target>/RK=...` (the target is a path segment).
 */
export const redirectTarget = (url: URL): string | null => {
  const host = url.hostname
  if (isGoogleHost(host) && url.pathname === "/url") return url.searchParams.get("q") ?? url.searchParams.get("url")
  if (isGoogleHost(host) && url.pathname.startsWith("/amp/")) {
    const rest = url.pathname.slice("/amp/".length) + url.search
    if (rest.startsWith("s/")) return `https://${rest.slice(2)}`
    return /^https?:\/\//u.test(rest) ? rest : `http://${rest}`
  }
  if (isBingHost(host) && url.pathname === "/ck/a") {
    const target = url.searchParams.get("u")
    return target === null ? null : decodeBingTarget(target)
  }
  if (host.endsWith(".cdn.ampproject.org")) {
    const match = /^\/[cvi]\/(s\/)?(.+)$/u.exec(url.pathname)
    if (match === null || match[2] === undefined) return null
    return `${match[1] === undefined ? "http" : "https"}://${match[2]}${url.search}`
  }
  if ((host === "l.facebook.com" || host === "lm.facebook.com") && url.pathname === "/l.php") return url.searchParams.get("u")
  if (/^(?:html\.)?duckduckgo\.com$/u.test(host) && url.pathname === "/l/") return url.searchParams.get("uddg")
  if (host === "r.search.yahoo.com") {
    const match = /\/RU=([^/]+)\//u.exec(url.pathname)
    if (match?.[1] === undefined) return null
    try {
      return decodeURIComponent(match[1])
    } catch {
      return null
    }
  }
  return null
}

/** Follows redirect wrappers (at most a few deep) to the URL they point to. */
const unwrap = (url: URL, depth = 0): URL => {
  const target = depth < 3 ? redirectTarget(url) : null
  if (target === null) return url
  return Option.match(parseHttpUrl(target), { onNone: () => url, onSome: (inner) => unwrap(inner, depth + 1) })
}

/**
 * The canonical form of a cited URL, or none when it is not an absolute http(s) URL.
 *
 * - Google, Bing, DuckDuckGo and Yahoo redirect wrappers, Google AMP and AMP-cache URLs and Facebook's link shim are
 *   replaced by the URL they point to (`redirectTarget`), so the citation counts for its real domain.
 * - Scheme and host lower-cased, default ports (80, 443) and credentials dropped, IDN hosts in
 *   punycode (WHATWG URL rules).
 * - The fragment is dropped, and so is every `utm_*` query parameter (case-insensitive); other
 *   parameters keep their order and their original encoding; empty `&&` segments disappear.
 * - The path is kept as written ("/Docs" and "/docs" stay different); an empty path is "/".
 * Idempotent: normalising a normalised URL returns it unchanged.
 */
export const normaliseUrl = (raw: string): Option.Option<string> =>
  Option.map(Option.map(parseHttpUrl(raw), (wrapped) => unwrap(wrapped)), (url) => {
    url.hash = ""
    url.username = ""
    url.password = ""
    const kept = url.search
      .replace(/^\?/, "")
      .split("&")
      .filter((segment) => segment.length > 0 && !isTrackingParameter(segment))
    url.search = kept.length > 0 ? `?${kept.join("&")}` : ""
    return url.href
  })

/**
 * The registrable domain of a URL ("https://www.bbc.co.uk/news" -> "bbc.co.uk") by the ICANN
 * section of the Public Suffix List (tldts); for hosts without one (IP addresses, "localhost",
 * intranet names) the host itself. None when the URL is not http(s).
 */
export const registrableDomain = (url: string): Option.Option<string> =>
  Option.map(parseHttpUrl(url), (parsed) => getDomain(parsed.hostname) ?? parsed.hostname)

export interface NormalisedCitation {
  readonly url: string
  readonly domain: string
}

/** Normalises every URL, drops the invalid ones and duplicates; first-seen order. */
export const normaliseCitations = (urls: ReadonlyArray<string>): ReadonlyArray<NormalisedCitation> => {
  const seen = new Set<string>()
  const out: Array<NormalisedCitation> = []
  for (const raw of urls) {
    const normalised = normaliseUrl(raw)
    if (Option.isNone(normalised) || seen.has(normalised.value)) continue
    const domain = registrableDomain(normalised.value)
    if (Option.isNone(domain) || domain.value.length === 0) continue
    seen.add(normalised.value)
    out.push({ url: normalised.value, domain: domain.value })
  }
  return out
}

/** A search query as stored: trimmed, whitespace runs collapsed to one space, NFC. */
export const normaliseSearchQuery = (query: string): string => query.normalize("NFC").replace(/\s+/gu, " ").trim()

/**
 * Normalises search queries, drops empty ones, and removes case-insensitive duplicates keeping the
 * first spelling; first-seen order.
 */
export const normaliseSearchQueries = (queries: ReadonlyArray<string>): ReadonlyArray<string> => {
  const seen = new Set<string>()
  const out: Array<string> = []
  for (const raw of queries) {
    const query = normaliseSearchQuery(raw)
    const key = query.toLowerCase()
    if (query.length === 0 || seen.has(key)) continue
    seen.add(key)
    out.push(query)
  }
  return out
}
