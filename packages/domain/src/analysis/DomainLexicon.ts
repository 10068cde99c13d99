/**
 * The review and product vocabulary that general lexicons (VADER, the nlp.js lists) lack or read
 * wrongly, per language, on VADER's -4..+4 scale. Entries override the general lexicon; a 0 entry
 * silences a word that is neutral in product answers ("support", "charges", "opportunity", French
 * "chère" read as "dear", German "sucht" read as addiction). Keep entries as written in answers;
 * they are folded (lower case, accents stripped) when loaded.
 */
export const DOMAIN_LEXICON: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  en: {
    // price
    expensive: -1.5, pricey: -1.5, overpriced: -2, costly: -1.5, steep: -1, markup: -1, hike: -1.6, hikes: -1.6,
    affordable: 1.5, cheap: 1, cheaper: 1.2, cheapest: 1.5, inexpensive: 1.3, "value-for-money": 1.5,
    // quality in use
    clunky: -1.8, buggy: -2, glitchy: -2, laggy: -1.8, sluggish: -1.5, slow: -1.3, bloated: -1.8, cluttered: -1.5,
    dated: -1.3, outdated: -1.5, overkill: -1.3, complex: -0.8, complicated: -1.2, confusing: -1.5, clumsy: -1.5,
    rigid: -1.2, limited: -1, stiff: -1, unreliable: -2, unresponsive: -1.8, hassle: -1.8, nonexistent: -1.2,
    stalled: -1.3, shrunk: -1, crashes: -2, unanswered: -1.5, terse: -1, blocked: -1.2, noisy: -1, mediocre: -1.5,
    chore: -1.3, fined: -2, notoriously: -1, cramped: -1.2, flaky: -1.8, shutting: -1, discontinued: -1.5,
    intuitive: 1.8, polished: 1.8, reliable: 1.8, dependable: 1.8, sturdy: 1.3, rugged: 1, robust: 1.5, fast: 1,
    snappy: 1.2, seamless: 1.8, flexible: 1.3, powerful: 1.5, responsive: 1.3, accurate: 1.3, lightweight: 1,
    stylish: 1.5, comfortable: 1.5, handy: 1.2, solid: 1.3, sensible: 1.3, neatly: 1.2, favourite: 2, capable: 1,
    adequate: 0.9, rich: 1, simple: 1, fine: 0.6, repairable: 1.5, upgradeable: 1.2, refreshing: 1.5,
    aggressive: -1, upsell: -1.3, upsells: -1.3, "well-made": 1.5, clean: 1, praise: 2, praised: 2, loved: 2.5,
    // neutral in product answers
    support: 0, security: 0, like: 0, charges: 0, charge: 0, opportunity: 0, opportunities: 0, ghost: 0,
    invincible: 0, free: 0.8, high: 0, highest: 0, huge: 1, leader: 0.8, join: 0, reach: 0, matters: 0,
    bonus: 1, rewards: 1, cut: -1, hard: -1, sprint: 0, review: 0, reviews: 0, ambition: 0, cold: 0, survive: 0
  },
  de: {
    teuer: -1.5, teure: -1.5, teuren: -1.5, kostspielig: -1.5, überteuert: -2, lockangebote: -1.5, hoch: -0.5,
    günstig: 1.5, preiswert: 1.5, kostenlos: 1, kostenloses: 1, fair: 1.3, fairer: 1.3,
    übersichtlich: 1.5, einfach: 1, zuverlässig: 1.8, schnell: 1, mächtig: 1.3, beliebt: 1.5, schön: 1.5,
    schöne: 1.5, solide: 1.3, hervorragend: 2.5, genau: 1, genaue: 1, robust: 1.3, hochwertig: 1.8, ideal: 1.8,
    enorm: 1, enorme: 1, klar: 1,
    langsam: -1.3, langsamer: -1.3, veraltet: -1.3, veraltete: -1.3, fehlerhaft: -1.8, umständlich: -1.5,
    kompliziert: -1.2, komplex: -0.8, schlecht: -2, problematisch: -1.8, unzuverlässig: -1.8, probleme: -1.5,
    ärgert: -1.8, zu: 0,
    sucht: 0, gut: 1.9, gute: 1.9, guten: 1.9, gutes: 1.9
  },
  fr: {
    cher: -1.5, chère: -1.5, chers: -1.5, chères: -1.5, coûteux: -1.5, coûteuse: -1.5, onéreux: -1.5,
    "bon marché": 1, moins: 0, abordable: 1.5, raisonnables: 1.3, raisonnable: 1.3,
    simple: 1, complet: 1.3, complète: 1.3, pratique: 1.3, réactif: 1.5, confortable: 1.5, accueillant: 1.5,
    propres: 1, qualité: 1, sûre: 1.3, meilleures: 2, meilleure: 2, meilleur: 2, conçu: 0.8, correct: 0.3,
    décevant: -2, vieillot: -1.5, bruyantes: -1.5, bruyant: -1.5, difficile: -1.2, bloqués: -1.5, limitée: -1,
    manque: -1.3, complexe: -0.8, petites: -0.5, lent: -1.3, lente: -1.3, dépassé: -1.3,
    élevé: -0.8, élevée: -0.8, élevés: -0.8, élevées: -0.8, injoignable: -1.5, augmentent: -0.8,
    // "frais" is fees here, not fresh (+0.3 in the Pattern list)
    frais: 0, conseiller: 0
  },
  es: {
    caro: -1.5, cara: -1.5, caros: -1.5, caras: -1.5, altos: -0.8, barato: 1.2, barata: 1.2, económica: 1.5,
    económico: 1.5, sencillo: 1, sencilla: 1, intuitivo: 1.8, popular: 1.3, excelente: 2.5, elegante: 1.5,
    flexible: 1.3, potente: 1.5, generoso: 1.5, amplia: 1, cómodas: 1.3, amable: 1.5, gratuito: 1, ideal: 1.8,
    mejores: 1.8, completa: 1.3, fácil: 1.5, buena: 1.9, bueno: 1.9, buenas: 1.9,
    lento: -1.3, lenta: -1.3, deficiente: -2, confusa: -1.5, confuso: -1.5, anticuadas: -1.3, anticuado: -1.3,
    falla: -1.5, empeorado: -1.8, dura: -1, demasiado: 0, fiable: 1.8, fiables: 1.8, alta: -0.8, altas: -0.8,
    alto: -0.8,
    // stem collisions of the stemmed Spanish AFINN list: "son" (are), "restaurantes" (-> "restaur")
    son: 0, restaurantes: 0, restaurante: 0
  }
}

/**
 * Costs and nuisances whose absence is praise: "no fees", "sin comisiones", "keine Gebühren",
 * "pas de frais". A negator within the negation window before one of these words scores
 * ABSENCE_VALENCE instead of flipping anything. Matched as a word prefix after folding.
 */
export const BURDENS: Readonly<Record<string, ReadonlyArray<string>>> = {
  en: [
    "fee", "charge", "upsell", "minimum", "ads", "advert", "commission", "lock-in", "contract", "hidden", "markup",
    "subscription", "logs", "tracking", "cookie", "bloat", "surprise", "strings"
  ],
  de: ["gebuhr", "kontofuhrungsgebuhr", "kosten", "werbung", "mindest", "vertrag", "provision", "abo", "uberraschung"],
  fr: ["frais", "commission", "publicit", "engagement", "minimum", "abonnement", "surprise"],
  es: ["comision", "coste", "costo", "cuota", "publicidad", "permanencia", "minimo", "gastos", "sorpresa", "suscripcion"]
}

export const ABSENCE_VALENCE = 1.5

/** Words that negate what follows (folded). English also catches the "n't" of "doesn't". */
export const NEGATORS: Readonly<Record<string, ReadonlyArray<string>>> = {
  en: ["not", "no", "never", "without", "nor", "none", "hardly", "isn't", "aren't", "doesn't", "don't", "didn't", "wasn't", "won't", "can't", "cannot", "nothing"],
  de: ["nicht", "kein", "keine", "keinen", "keiner", "keines", "nie", "niemals", "ohne"],
  fr: ["ne", "n", "pas", "jamais", "aucun", "aucune", "sans", "ni"],
  es: ["no", "nunca", "sin", "ningun", "ninguna", "ninguno", "ni", "jamas"]
}

/** Intensifiers (a VADER booster: +0.293 in the direction of the next word's valence). */
export const BOOSTERS: Readonly<Record<string, ReadonlyArray<string>>> = {
  en: ["very", "extremely", "really", "super", "so", "too", "incredibly", "highly", "especially", "most", "truly"],
  de: ["sehr", "zu", "extrem", "besonders", "wirklich", "enorm", "viel"],
  fr: ["tres", "trop", "vraiment", "extremement", "particulierement", "assez"],
  es: ["muy", "demasiado", "realmente", "bastante", "extremadamente", "muchisimo"]
}

/**
 * Markers that start a contrasting clause. A sentence is cut before each; the clause after a marker
 * weighs CONTRAST_AFTER and the one before it CONTRAST_BEFORE (VADER's "but" rule: what follows
 * "but" dominates).
 */
export const CONTRAST_MARKERS: Readonly<Record<string, ReadonlyArray<string>>> = {
  en: ["but", "whereas", "while", "however", "although", "though", "yet", "even if", "except that"],
  de: ["aber", "doch", "jedoch", "allerdings", "während", "obwohl", "wohingegen", "dagegen"],
  fr: ["mais", "alors que", "tandis que", "cependant", "pourtant", "bien que", "toutefois"],
  es: ["pero", "aunque", "sin embargo", "mientras que", "no obstante"]
}

export const CONTRAST_AFTER = 1.5
export const CONTRAST_BEFORE = 0.5

/**
 * Sarcasm: an answer that opens a sentence with one of these, a comma, and then a complaint
 * ("Great, another price hike") does not praise: the opener's valence is flipped.
 */
export const SARCASTIC_OPENERS: Readonly<Record<string, ReadonlyArray<string>>> = {
  en: ["great", "fantastic", "wonderful", "brilliant", "perfect", "awesome", "lovely", "nice"],
  de: ["toll", "super", "prima", "klasse"],
  fr: ["super", "genial", "parfait", "formidable"],
  es: ["genial", "estupendo", "perfecto", "fantastico"]
}
