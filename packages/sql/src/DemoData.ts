import type { AiModel } from "@sightline/domain/AiModel"

/**
 * The content of the demo workspace: two fictional brands in different markets, real-world
 * competitors, prompts people ask AI engines, and the building blocks of their answers.
 */

export type Tone = "positive" | "neutral" | "negative"

export interface DemoCompetitor {
  readonly name: string
  readonly website: string
  readonly aliases: ReadonlyArray<string>
  /** Chance to be named in an answer (0..1). */
  readonly strength: number
  /** Chance that an answer speaks well of it; the rest splits between neutral and negative. */
  readonly favour: number
}

export interface DemoPrompt {
  readonly text: string
  readonly group: string | null
  /** What the answer is about, completing the intro sentence. */
  readonly topic: string
  /** Chance that an answer names the own brand, at the start of the 90 days (it grows). */
  readonly visibility: number
  readonly searchQueries: ReadonlyArray<string>
}

export interface DemoBrand {
  /** Stable key used in idempotency keys. */
  readonly slug: string
  readonly name: string
  readonly displayName: string
  readonly website: string
  readonly country: string
  readonly language: string
  readonly aliases: ReadonlyArray<string>
  readonly description: string
  readonly keyFeatures: ReadonlyArray<string>
  readonly favour: number
  readonly competitors: ReadonlyArray<DemoCompetitor>
  readonly groups: ReadonlyArray<string>
  readonly prompts: ReadonlyArray<DemoPrompt>
  readonly phrases: Record<Tone, ReadonlyArray<string>>
  readonly intros: ReadonlyArray<string>
  readonly closings: ReadonlyArray<string>
  readonly sourcesHeading: string
  /** Cited pages; `{engine}` in a URL is replaced by a tracking parameter some engines add. */
  readonly sources: ReadonlyArray<string>
}

/** Chance that an engine answered a prompt on a given day (keeps the demo near 10k answers). */
export const ENGINE_COVERAGE: Record<AiModel, number> = {
  chat_gpt: 0.85,
  perplexity: 0.8,
  google_ai: 0.7,
  gemini: 0.65,
  bing_copilot: 0.6,
  google_ai_mode: 0.55,
  grok: 0.5
}

export const ENGINE_MODELS: Record<AiModel, string> = {
  chat_gpt: "gpt-4o",
  perplexity: "sonar-pro",
  google_ai: "ai-overview",
  gemini: "gemini-2.0-flash",
  bing_copilot: "copilot",
  google_ai_mode: "ai-mode",
  grok: "grok-3"
}

/** Engines that report the web searches they ran. */
export const SEARCHING_ENGINES: ReadonlyArray<AiModel> = ["chat_gpt", "perplexity", "google_ai_mode", "bing_copilot", "gemini"]

/** How much an engine favours the own brand compared with the prompt's base visibility. */
export const ENGINE_BIAS: Record<AiModel, number> = {
  chat_gpt: 0.05,
  perplexity: 0.1,
  google_ai: -0.05,
  gemini: 0,
  bing_copilot: -0.1,
  google_ai_mode: 0.05,
  grok: -0.15
}

export const DAYS = 90

export const pipewave: DemoBrand = {
  slug: "pipewave",
  name: "Pipewave CRM",
  displayName: "Pipewave",
  website: "https://www.pipewave.io",
  country: "US",
  language: "en",
  aliases: ["Pipewave", "PipewaveCRM"],
  description: "A CRM for small sales teams: pipelines, email sequences and forecasting in one place.",
  keyFeatures: ["Visual sales pipeline", "Email sequences", "Revenue forecasting", "Gmail and Slack integration"],
  favour: 0.6,
  competitors: [
    { name: "HubSpot", website: "https://www.hubspot.com", aliases: ["HubSpot CRM", "Hubspot Sales Hub"], strength: 0.85, favour: 0.6 },
    { name: "Salesforce", website: "https://www.salesforce.com", aliases: ["Salesforce Sales Cloud", "SFDC"], strength: 0.75, favour: 0.45 },
    { name: "Pipedrive", website: "https://www.pipedrive.com", aliases: [], strength: 0.6, favour: 0.55 },
    { name: "Zoho CRM", website: "https://www.zoho.com/crm", aliases: ["Zoho"], strength: 0.5, favour: 0.4 }
  ],
  groups: ["Comparisons", "Small business", "Pricing"],
  prompts: [
    {
      text: "What is the best CRM for startups?",
      group: "Small business",
      topic: "startups that need a CRM",
      visibility: 0.55,
      searchQueries: ["best crm for startups 2026", "startup crm comparison", "crm for early stage startups reviews"]
    },
    {
      text: "Which CRM is easiest to use for a small sales team?",
      group: "Small business",
      topic: "small sales teams that want an easy CRM",
      visibility: 0.6,
      searchQueries: ["easiest crm for small sales team", "simple crm software reviews", "crm ease of use ranking"]
    },
    {
      text: "Best CRM software for small businesses in 2026",
      group: "Small business",
      topic: "small businesses",
      visibility: 0.45,
      searchQueries: ["best crm software small business 2026", "small business crm g2", "top crm tools 2026"]
    },
    {
      text: "HubSpot vs Salesforce: which CRM should I choose?",
      group: "Comparisons",
      topic: "teams deciding between HubSpot and Salesforce",
      visibility: 0.2,
      searchQueries: ["hubspot vs salesforce", "hubspot vs salesforce pricing", "salesforce alternatives small team"]
    },
    {
      text: "What are the best alternatives to Salesforce?",
      group: "Comparisons",
      topic: "companies looking for a Salesforce alternative",
      visibility: 0.4,
      searchQueries: ["salesforce alternatives", "cheaper alternative to salesforce", "salesforce competitors 2026"]
    },
    {
      text: "Compare the top CRM platforms for B2B sales",
      group: "Comparisons",
      topic: "B2B sales teams",
      visibility: 0.35,
      searchQueries: ["b2b crm comparison", "best crm for b2b sales", "crm platforms comparison table"]
    },
    {
      text: "Which CRM has the best pipeline management?",
      group: "Comparisons",
      topic: "pipeline management",
      visibility: 0.65,
      searchQueries: ["crm pipeline management features", "best sales pipeline software", "visual pipeline crm"]
    },
    {
      text: "What is the most affordable CRM with email automation?",
      group: "Pricing",
      topic: "affordable CRMs with email automation",
      visibility: 0.5,
      searchQueries: ["affordable crm email automation", "cheap crm with email sequences", "crm pricing comparison"]
    },
    {
      text: "Is there a free CRM that scales with a growing team?",
      group: "Pricing",
      topic: "free CRMs that can grow with a team",
      visibility: 0.25,
      searchQueries: ["free crm for growing team", "best free crm 2026", "free crm limitations"]
    },
    {
      text: "Which CRM offers the best value for money?",
      group: "Pricing",
      topic: "value for money",
      visibility: 0.45,
      searchQueries: ["crm best value for money", "crm price per user comparison"]
    },
    {
      text: "What CRM do agencies recommend for client management?",
      group: null,
      topic: "agencies managing clients",
      visibility: 0.3,
      searchQueries: ["crm for agencies", "agency client management software"]
    },
    {
      text: "Which CRM integrates best with Gmail and Slack?",
      group: null,
      topic: "teams living in Gmail and Slack",
      visibility: 0.7,
      searchQueries: ["crm gmail integration", "crm slack integration best", "gmail crm extension reviews"]
    }
  ],
  phrases: {
    positive: [
      "Excellent pipeline management and an intuitive interface that sales teams love.",
      "Highly rated for its ease of use and great customer support.",
      "A powerful, reliable choice with outstanding automation features.",
      "Reviewers praise its clean design and fast onboarding, which makes it a great fit for growing teams.",
      "Strong reporting and helpful integrations make it an excellent all-round option."
    ],
    neutral: [
      "Offers standard contact management, deal tracking and reporting.",
      "A common choice for mid-sized teams, with plans at several price points.",
      "Provides email integration, a mobile app and a marketplace of add-ons.",
      "Covers the usual CRM features and can be customised with workflows."
    ],
    negative: [
      "Expensive, and users complain about a steep learning curve and slow support.",
      "Often criticized for a clunky interface and confusing pricing.",
      "Reviewers report frustrating bugs and poor customer service.",
      "Setup is complicated and costs rise quickly as the team grows, which disappoints many small businesses."
    ]
  },
  intros: [
    "Here are some of the best options for {topic}:",
    "Several CRMs stand out for {topic}. Based on recent reviews:",
    "For {topic}, these are the tools most often recommended:",
    "Looking at reviews and comparisons, the leading choices for {topic} are:"
  ],
  closings: [
    "The best choice depends on your team size, budget and the tools you already use.",
    "Most of these offer a free trial, so it is worth testing two or three before committing.",
    "If you are just starting out, pick the option your team will actually adopt.",
    "Check current pricing, since several vendors changed their plans this year."
  ],
  sourcesHeading: "Sources",
  sources: [
    "https://www.g2.com/categories/crm{engine}",
    "https://www.capterra.com/customer-relationship-management-software/",
    "https://www.trustradius.com/crm",
    "https://www.g2.com/products/pipewave-crm/reviews{engine}",
    "https://www.forbes.com/advisor/business/software/best-crm-small-business/",
    "https://zapier.com/blog/best-crm-app/{engine}",
    "https://www.pcmag.com/picks/the-best-crm-software",
    "https://techcrunch.com/2026/03/12/crm-vendors-race-to-add-ai-agents/",
    "https://www.pipewave.io/pricing{engine}",
    "https://docs.pipewave.io/getting-started/pipelines",
    "https://www.hubspot.com/products/crm",
    "https://www.salesforce.com/crm/what-is-crm/",
    "https://www.pipedrive.com/en/features/pipeline-management",
    "https://www.zoho.com/crm/comparison.html",
    "https://www.reddit.com/r/sales/comments/1c9x2kq/which_crm_for_a_5_person_team/",
    "https://www.nerdwallet.com/article/small-business/best-crm-software",
    "https://blog.hubspot.com/sales/crm-comparison#pricing"
  ]
}

export const kontora: DemoBrand = {
  slug: "kontora",
  name: "Kontora",
  displayName: "Kontora Buchhaltung",
  website: "https://www.kontora.de",
  country: "DE",
  language: "de",
  aliases: ["Kontora Buchhaltung", "Kontora App"],
  description: "Online-Buchhaltung für Selbstständige und kleine Unternehmen in Deutschland.",
  keyFeatures: ["Belegerfassung per App", "E-Rechnungen (XRechnung, ZUGFeRD)", "DATEV-Export für Steuerberater", "Bankanbindung"],
  favour: 0.55,
  competitors: [
    { name: "DATEV", website: "https://www.datev.de", aliases: ["DATEV Unternehmen online"], strength: 0.7, favour: 0.4 },
    { name: "lexoffice", website: "https://www.lexoffice.de", aliases: ["Lexware Office", "lexware office"], strength: 0.8, favour: 0.6 },
    { name: "sevDesk", website: "https://sevdesk.de", aliases: ["sevdesk"], strength: 0.7, favour: 0.55 },
    { name: "BuchhaltungsButler", website: "https://www.buchhaltungsbutler.de", aliases: ["Buchhaltungs Butler"], strength: 0.4, favour: 0.5 }
  ],
  groups: ["Vergleiche", "Selbstständige", "Preise"],
  prompts: [
    {
      text: "Was ist die beste Buchhaltungssoftware für kleine Unternehmen?",
      group: "Selbstständige",
      topic: "kleine Unternehmen",
      visibility: 0.5,
      searchQueries: ["beste buchhaltungssoftware kleine unternehmen", "buchhaltungssoftware test 2026", "buchhaltungssoftware vergleich"]
    },
    {
      text: "Welche Buchhaltungssoftware eignet sich für Freelancer?",
      group: "Selbstständige",
      topic: "Freelancer",
      visibility: 0.55,
      searchQueries: ["buchhaltung freelancer software", "buchhaltungssoftware freiberufler"]
    },
    {
      text: "Welche Rechnungssoftware ist für Selbstständige am einfachsten?",
      group: "Selbstständige",
      topic: "Selbstständige, die schnell Rechnungen schreiben wollen",
      visibility: 0.6,
      searchQueries: ["einfache rechnungssoftware selbstständige", "rechnungsprogramm test"]
    },
    {
      text: "lexoffice oder sevDesk: was ist besser?",
      group: "Vergleiche",
      topic: "den Vergleich von lexoffice und sevDesk",
      visibility: 0.2,
      searchQueries: ["lexoffice vs sevdesk", "lexoffice sevdesk vergleich 2026", "sevdesk alternative"]
    },
    {
      text: "Welche Alternativen zu DATEV gibt es für kleine Firmen?",
      group: "Vergleiche",
      topic: "kleine Firmen, die eine Alternative zu DATEV suchen",
      visibility: 0.45,
      searchQueries: ["datev alternative kleine firma", "datev alternativen vergleich"]
    },
    {
      text: "Vergleich der besten Buchhaltungsprogramme 2026",
      group: "Vergleiche",
      topic: "den Vergleich der Buchhaltungsprogramme",
      visibility: 0.4,
      searchQueries: ["buchhaltungsprogramme vergleich 2026", "beste buchhaltungsprogramme", "buchhaltungssoftware testsieger"]
    },
    {
      text: "Welche Buchhaltungssoftware hat die beste Steuerberater-Anbindung?",
      group: "Vergleiche",
      topic: "die Zusammenarbeit mit dem Steuerberater",
      visibility: 0.5,
      searchQueries: ["buchhaltungssoftware datev export", "steuerberater anbindung software"]
    },
    {
      text: "Was kostet eine gute Buchhaltungssoftware im Monat?",
      group: "Preise",
      topic: "die Kosten einer Buchhaltungssoftware",
      visibility: 0.35,
      searchQueries: ["buchhaltungssoftware kosten monat", "buchhaltungssoftware preise vergleich"]
    },
    {
      text: "Gibt es eine kostenlose Buchhaltungssoftware für Kleinunternehmer?",
      group: "Preise",
      topic: "Kleinunternehmer mit kleinem Budget",
      visibility: 0.3,
      searchQueries: ["kostenlose buchhaltungssoftware kleinunternehmer", "buchhaltung gratis software"]
    },
    {
      text: "Welche Buchhaltungssoftware bietet das beste Preis-Leistungs-Verhältnis?",
      group: "Preise",
      topic: "das Preis-Leistungs-Verhältnis",
      visibility: 0.45,
      searchQueries: ["buchhaltungssoftware preis leistung", "günstige buchhaltungssoftware test"]
    },
    {
      text: "Welche Software für E-Rechnungen empfehlen Steuerberater?",
      group: null,
      topic: "E-Rechnungen nach der neuen Pflicht",
      visibility: 0.4,
      searchQueries: ["e-rechnung software empfehlung", "xrechnung zugferd software", "e-rechnungspflicht 2025 software"]
    },
    {
      text: "Welche Buchhaltungssoftware funktioniert gut mit Shopify?",
      group: null,
      topic: "Onlinehändler mit Shopify",
      visibility: 0.3,
      searchQueries: ["buchhaltung shopify schnittstelle", "shopify buchhaltungssoftware deutschland"]
    }
  ],
  phrases: {
    positive: [
      "Überzeugt mit einer intuitiven Oberfläche und sehr gutem Support.",
      "Ist besonders beliebt wegen der einfachen Belegerfassung und fairer Preise.",
      "Bietet eine hervorragende DATEV-Schnittstelle, die Steuerberater schätzen.",
      "Wird in Tests für die schnelle Einrichtung und die gute App gelobt."
    ],
    neutral: [
      "Bietet die üblichen Funktionen für Rechnungen, Belege und Buchhaltung.",
      "Ist in mehreren Tarifen erhältlich, je nach Anzahl der Nutzer und Funktionen.",
      "Unterstützt E-Rechnungen und den Export an den Steuerberater.",
      "Ist eine verbreitete Lösung für kleine Betriebe in Deutschland."
    ],
    negative: [
      "Wird oft für hohe Kosten und eine komplizierte Bedienung kritisiert.",
      "Nutzer bemängeln einen langsamen Support und häufige Preiserhöhungen.",
      "Die Einarbeitung ist aufwendig, und viele Funktionen kosten extra.",
      "In Bewertungen werden Fehler bei der Bankanbindung und eine veraltete Oberfläche genannt."
    ]
  },
  intros: [
    "Für {topic} werden vor allem diese Lösungen empfohlen:",
    "Hier sind einige der besten Optionen für {topic}:",
    "Laut aktuellen Tests und Erfahrungsberichten eignen sich für {topic} besonders:",
    "Beim Blick auf {topic} stechen folgende Programme hervor:"
  ],
  closings: [
    "Welche Software am besten passt, hängt von Ihrem Budget und Ihrem Steuerberater ab.",
    "Die meisten Anbieter haben eine kostenlose Testphase, die sich lohnt.",
    "Achten Sie auf die Unterstützung der E-Rechnung, die seit 2025 Pflicht ist.",
    "Vergleichen Sie die aktuellen Preise, da sich die Tarife regelmäßig ändern."
  ],
  sourcesHeading: "Quellen",
  sources: [
    "https://www.omr.com/de/reviews/category/buchhaltungssoftware{engine}",
    "https://trusted.de/buchhaltungssoftware",
    "https://www.chip.de/artikel/Buchhaltungssoftware-Test_182535386.html",
    "https://t3n.de/news/e-rechnung-pflicht-software-vergleich-1652873/{engine}",
    "https://www.handelsblatt.com/technik/it-internet/buchhaltung-software-vergleich/100012345.html",
    "https://www.kontora.de/preise{engine}",
    "https://hilfe.kontora.de/artikel/datev-export",
    "https://www.lexoffice.de/funktionen/",
    "https://sevdesk.de/preise/",
    "https://www.datev.de/web/de/mittelstand/",
    "https://www.buchhaltungsbutler.de/funktionen/",
    "https://www.gruenderszene.de/business/buchhaltungssoftware-vergleich",
    "https://www.ihk.de/themen/e-rechnung#anforderungen",
    "https://www.capterra.com.de/directory/30011/accounting/software"
  ]
}

export const BRANDS: ReadonlyArray<DemoBrand> = [pipewave, kontora]

/** Tracking parameters engines append to links (normalised away by the analysis). */
export const TRACKING: Partial<Record<AiModel, string>> = {
  chat_gpt: "?utm_source=chatgpt.com",
  perplexity: "?utm_source=perplexity&utm_medium=referral",
  bing_copilot: "?utm_source=copilot.microsoft.com"
}
