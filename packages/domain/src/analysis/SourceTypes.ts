import { getDomain } from "tldts"
import type { SourceType } from "../SourceType.js"

/**
 * The maintained list of well-known sources, by registrable domain (the Public Suffix List's
 * ICANN section, as the stored citation domains are). Add a domain to the class it belongs to;
 * an admin can override any domain per workspace (`sightline sources set-type`).
 */
export const KNOWN_SOURCES: Readonly<Record<"ugc" | "editorial" | "reference", ReadonlyArray<string>>> = {
  // Forums, Q&A, video and social: what people write themselves.
  ugc: [
    "reddit.com", "quora.com", "youtube.com", "youtu.be", "stackoverflow.com", "stackexchange.com", "superuser.com",
    "serverfault.com", "askubuntu.com", "x.com", "twitter.com", "facebook.com", "instagram.com", "tiktok.com",
    "linkedin.com", "pinterest.com", "ycombinator.com", "producthunt.com", "discord.com", "tripadvisor.com",
    "trustpilot.com", "vimeo.com", "twitch.tv", "threads.net", "mastodon.social", "dev.to", "hashnode.com",
    "community.com", "slashdot.org", "yelp.com"
  ],
  // News, reviews and blogs: written by an editor or an author for readers.
  editorial: [
    "nytimes.com", "wsj.com", "washingtonpost.com", "theguardian.com", "bbc.co.uk", "bbc.com", "reuters.com",
    "bloomberg.com", "cnn.com", "forbes.com", "businessinsider.com", "techcrunch.com", "theverge.com", "wired.com",
    "arstechnica.com", "engadget.com", "cnet.com", "zdnet.com", "pcmag.com", "techradar.com", "tomsguide.com",
    "tomshardware.com", "venturebeat.com", "fastcompany.com", "inc.com", "entrepreneur.com", "hbr.org",
    "g2.com", "capterra.com", "getapp.com", "softwareadvice.com", "trustradius.com", "gartner.com",
    "medium.com", "substack.com", "wordpress.com", "blogspot.com", "nerdwallet.com", "wirecutter.com",
    "consumerreports.org", "lifehacker.com", "mashable.com", "gizmodo.com", "zapier.com"
  ],
  // Encyclopedias, standards and documentation.
  reference: [
    "wikipedia.org", "wikimedia.org", "wiktionary.org", "wikidata.org", "britannica.com", "github.com",
    "gitlab.com", "readthedocs.io", "mozilla.org", "w3.org", "ietf.org", "arxiv.org", "nih.gov", "who.int",
    "investopedia.com", "python.org", "npmjs.com", "merriam-webster.com", "dictionary.com"
  ]
}

const listed = new Map<string, SourceType>(
  (["ugc", "editorial", "reference"] as const).flatMap((type) => KNOWN_SOURCES[type].map((domain) => [domain, type] as const))
)

/** The registrable domain of a host or URL ("https://www.bbc.co.uk/news" -> "bbc.co.uk"); the host when it has none. */
export const registrableDomainOf = (hostOrUrl: string): string => {
  const trimmed = hostOrUrl.trim().toLowerCase()
  const host = /^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? safeHost(trimmed) : trimmed.split("/")[0] ?? ""
  return getDomain(host) ?? host
}

const safeHost = (url: string): string => {
  try {
    return new URL(url).hostname
  } catch {
    return ""
  }
}

export interface SourceContext {
  /** The brand's website (a URL or host). */
  readonly ownWebsite: string
  /** The monitored competitors' websites. */
  readonly competitorWebsites: ReadonlyArray<string>
  /** The workspace's overrides, by registrable domain. */
  readonly overrides: ReadonlyMap<string, SourceType>
}

/**
 * The class of a cited domain (a registrable domain, as stored): the brand's own website first,
 * then a monitored competitor's, then the workspace's override, then the maintained list, else
 * "other". Example: with website https://acme.io, "acme.io" is own, "reddit.com" ugc,
 * "en.wikipedia.org" reference, "example.net" other.
 */
export const classifierOf = (context: SourceContext): (domain: string) => SourceType => {
  const own = registrableDomainOf(context.ownWebsite)
  const competitors = new Set(context.competitorWebsites.map(registrableDomainOf).filter((d) => d.length > 0))
  return (domain) => {
    const key = registrableDomainOf(domain)
    if (key.length > 0 && key === own) return "own"
    if (competitors.has(key)) return "competitor"
    return context.overrides.get(key) ?? listed.get(key) ?? "other"
  }
}
