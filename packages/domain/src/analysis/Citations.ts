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

/**
 * The canonical form of a cited URL, or none when it is not an absolute http(s) URL.
 *
 * - Scheme and host lower-cased, default ports (80, 443) and credentials dropped, IDN hosts in
 *   punycode (WHATWG URL rules).
 * - The fragment is dropped, and so is every `utm_*` query parameter (case-insensitive); other
 *   parameters keep their order and their original encoding; empty `&&` segments disappear.
 * - The path is kept as written ("/Docs" and "/docs" stay different); an empty path is "/".
 * Idempotent: normalising a normalised URL returns it unchanged.
 */
export const normaliseUrl = (raw: string): Option.Option<string> =>
  Option.map(parseHttpUrl(raw), (url) => {
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
