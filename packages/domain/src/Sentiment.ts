import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import {
  ABSENCE_VALENCE,
  ACCENTED,
  ADVICE_AVOID,
  ADVICE_WORDS,
  AVOIDING,
  BEAT_VERBS,
  BOOSTER_PHRASES,
  BOOSTERS,
  BURDEN_LOOKALIKES,
  AT_LEAST,
  BURDENS,
  CHANGE_VERBS,
  DECLINE_VALENCE,
  DECLINE_VERBS,
  DECLINE_WINDOW,
  DENIED_CLAIM_WINDOW,
  DENIED_CLAIMS,
  DEFINITE_ARTICLES,
  DENIALS,
  DIFFICULT,
  EARLIER_WORDS,
  MODEL_NOUNS,
  EASY_MISHAP_VALENCE,
  EASY_WORDS,
  FALL_SHORT,
  FALL_SHORT_VALENCE,
  FORMER_STATUS_VALENCE,
  FORMERLY,
  FORMERLY_WINDOW,
  FRAME_NOUNS,
  FRAME_WINDOW,
  HEDGE_PAIRS,
  HEDGE_SCALAR,
  HEDGES,
  IF_WORDS,
  IN_THEORY,
  LACK_WORDS,
  LOCKED_WINDOW,
  LOCKING_VERBS,
  MISHAPS,
  CUSTOMERS_LEFT,
  ONLY_IF_GAP,
  ONLY_IF_WINDOW,
  ONLY_WORDS,
  REMEDY_VERBS,
  RESERVED_WORDS,
  RESTRICTION_VALENCE,
  HARD_TO_BEAT_VALENCE,
  COST_MORE_VALENCE,
  COST_MORE_WINDOW,
  COST_VERBS,
  CONTRAST_AFTER,
  DOMAIN_LEXICON,
  EXCESS,
  FEE_VALENCE,
  FEES,
  INVERTERS,
  LESS_WORDS,
  MORE_WORDS,
  NEGATOR_IDIOMS,
  NEGATORS,
  ONE_TO,
  OTHERS_BETTER,
  OTHERS_BETTER_VALENCE,
  OTHERS_BETTER_WINDOW,
  OTHERS_PRAISE_WINDOW,
  PICK_ADJECTIVES,
  PICK_NOUNS,
  PICK_VALENCE,
  PLAIN_IDIOMS,
  PRAISE_IDIOM_VALENCE,
  PRAISE_IDIOMS,
  PRICE_DIRECTION_VALENCE,
  PRICE_DIRECTIONS,
  PRICE_NOUNS,
  PRICE_OR_AGE,
  PRICE_WINDOW,
  STATUS_NOUNS,
  TIER_NOUNS,
  TIER_PRICE_WORDS,
  TIER_WINDOW,
  SARCASTIC_OPENERS,
  SEPARABLE_VERBS,
  SERVES_BETTER,
  SHOWS_IDIOMS,
  SPEED_WORDS,
  THAN_WORDS,
  TO_WORDS,
  UNDUE_IDIOMS,
  WARNING_IDIOM_VALENCE,
  WARNING_IDIOMS,
  WARNING_MODALS,
  WARNING_VALENCE,
  WARNINGS
} from "./analysis/DomainLexicon.js"
import { foldName } from "./analysis/Folding.js"
import { calibrate, RULES_LEAD, type SentimentWeights } from "./analysis/SentimentModel.js"
import { SENTIMENT_WEIGHTS } from "./analysis/SentimentWeights.js"
import { type LexiconLanguage, lexiconLanguage, makeWordLexicons, type WordLexicon } from "./analysis/WordLexicons.js"
import { formatDecimal } from "./DecimalString.js"

export { LEXICON_LANGUAGES, type LexiconLanguage, lexiconLanguage } from "./analysis/WordLexicons.js"

/**
 * A clause the analysis attributes to one brand, with its weight in the brand's score (VADER's
 * "but" rule: CONTRAST_AFTER for a clause after "but", "aber", "pero"..., CONTRAST_BEFORE for the
 * clause it overrides, 1 otherwise).
 */
export interface ScopedClause {
  readonly text: string
  readonly weight: number
  /**
   * The side the answer's layout puts the clause on (a "Cons" column or a "Cons:" line: -1; "Pros",
   * an item of a "best …" list, the answer to "which is best?": +1), scored LEAN_VALENCE when the
   * clause has no opinion words of its own ("Average camera").
   */
  readonly lean?: 1 | -1
  /**
   * The lean comes from a Pros/Cons column or label: it outranks the clause's own words when they
   * point the other way ("Tensor chip runs warm" under "Drawbacks" is a drawback).
   */
  readonly labelled?: boolean
  /** The question this clause answers, when it is the first clause after it ("Is X worth it?" → "Yes, …"). */
  readonly answers?: string
  /** The clause opens with advice to choose the brand it names ("pick August if you rent"): PICK_VALENCE. */
  readonly advised?: boolean
  /**
   * A marker, not text (version 21): a rival named after this brand gives more ("…, but you get more
   * for less with Nectar"; Scope.ts `RIVAL_GIVES_MORE`): OTHERS_BETTER_VALENCE.
   */
  readonly lost?: boolean
  /**
   * A marker, not text: the brand is the answer's lead (Scope.ts `answerLead`). When the brand's
   * clauses lean positive, it adds a clause of LEAD_VALENCE: the pick an answer names first is
   * recommended ("1. Pipedrive – visual, though reporting is basic" reads as a recommendation).
   */
  readonly lead?: boolean
}

/** A word that moved a clause's score, with the valence it contributed (after negation, boosters). */
export interface WordEvidence {
  readonly word: string
  readonly valence: number
}

export interface ClauseEvidence {
  readonly clause: string
  /** VADER's compound score of the clause, -1..+1. */
  readonly compound: number
  readonly words: ReadonlyArray<WordEvidence>
}

export interface SentimentJudgement {
  /** 0 (very negative) .. 100 (very positive), 50 neutral, two decimals. */
  readonly score: number
  /** The clauses that carried an opinion, and the words in them that did. */
  readonly evidence: ReadonlyArray<ClauseEvidence>
}

/**
 * How favourably an answer speaks of a brand: judged on the clauses the analysis attributes to that
 * brand (see Scope.ts). `ignored` lists folded tokens never scored; the analysis itself blanks the
 * words of tracked names in the clauses (Scope.ts `nameWordPattern`) and passes none. A service, so
 * that another scorer can replace the lexicon.
 */
export class Sentiment extends Context.Tag("@sightline/domain/Sentiment")<Sentiment, {
  readonly score: (
    clauses: ReadonlyArray<ScopedClause>,
    language: string,
    ignored: ReadonlySet<string>
  ) => Effect.Effect<SentimentJudgement>
}>() {}

/** Words that restrict what a clause offers: no layout praise for it. */
const RESTRICTIONS: ReadonlySet<string> = new Set(["only", "nur", "seulement", "uniquement", "solo", "solamente"])

/**
 * The second half of a French negation restarts its reach (version 17): "n'est plus vraiment une
 * bonne affaire" negates "bonne" like "n'est pas vraiment une bonne affaire".
 */
const LATE_NEGATORS: ReadonlySet<string> = new Set(["plus", "guere", "longer"])
/**
 * Version 22: an understatement after a negator reaches past the article and noun of a superlative:
 * "no es precisamente la opción más competitiva", "not exactly the most reliable option", "nicht
 * gerade die günstigste Wahl".
 */
const UNDERSTATEMENTS: ReadonlySet<string> = new Set([
  "exactly", "precisely", "precisamente", "exactamente", "gerade", "precisement", "exactement",
  // version 24: "ce n'est pas franchement l'adresse idéale"
  "franchement", "vraiment", "wirklich", "realmente", "really"
])
const UNDERSTATEMENT_WINDOW = 5

/** Praise too faint to stand on a condition: "fine if…", "OK if…" (version 22). */
const FAINT_PRAISE: ReadonlySet<string> = new Set(["fine", "ok", "okay", "adequate", "acceptable", "serviceable", "passable"])
/** "… if you enjoy <a chore>": sarcasm (version 22). */
const ENJOY_VERBS: ReadonlySet<string> = new Set(["enjoy", "like", "love", "relish", "fancy"])
const CHORES: ReadonlySet<string> = new Set([
  "pulling", "waiting", "restarting", "rebooting", "resetting", "reinstalling", "fixing", "troubleshooting", "wrestling",
  "fiddling", "untangling", "scraping", "scrubbing", "babysitting", "unjamming", "chasing", "fighting", "arguing",
  "queuing", "queueing", "repairing", "replacing", "re-pairing", "squinting", "guessing", "overpaying",
  "begging", "refreshing", "retrying", "unclogging"
])

/** After "Great," these words announce the complaint ("Great, another price hike"). */
const SARCASTIC_FOLLOWERS: ReadonlySet<string> = new Set(["another", "yet", "noch", "encore", "otra", "otro"])
/** Marks after which a sarcastic opener starts an aside (version 20): "… costs $299 a year — great, another price hike". */
const ASIDE_MARKS: ReadonlySet<string> = new Set(["—", "–", ":", ";", "("])

/** The valence the answer's lead takes when its own clauses lean positive (version 17). */
export const LEAD_VALENCE = 2.5

/** The marker clause `analyseLocally` gives the answer's lead. */
export const LEAD_CLAUSE: ScopedClause = { text: "", weight: 1, lead: true }

/** The valence of a clause that only its layout judges (a cell under "Cons", a "Pros:" line). */
export const LEAN_VALENCE = 0.7

/**
 * The nlp.js word lists give faint valences to everyday words ("plus" 0.6, "application" 0.88,
 * "également" 0.8, "tout" 0.88): below this (VADER units) a general-list valence is noise in a
 * product answer and is not scored. The review lexicon's own entries always count.
 */
export const MIN_PACK_VALENCE = 0.9

/** The shortest review word a German compound may end in to take its valence ("Zugausfälle"). */
export const MIN_COMPOUND_TAIL = 6

/** VADER's normalisation constant: a clause sum of s reads s / sqrt(s^2 + ALPHA). */
export const ALPHA = 15
/** VADER's booster increment and negation scalar. */
export const BOOSTER_INCREMENT = 0.293
export const NEGATION_SCALAR = -0.74
/** A negator reaches this many words ahead, and never past punctuation. */
export const NEGATION_WINDOW = 3

/** VADER's compound score of a clause's valence sum: -1..+1. */
export const compound = (sum: number): number => sum / Math.sqrt(sum * sum + ALPHA)

/** The compound of the lead's clause (LEAD_VALENCE 2.5 -> +0.5423, a score of 77.12 alone). */
const LEAD_COMPOUND = compound(LEAD_VALENCE)

/**
 * Maps the weighted mean compound of a brand's opinionated clauses (-1..+1) to 0..100:
 * `50 + 50 * mean`, two decimals. Examples: one "great" (3.1) -> 81.24; one "expensive" (-1.5) -> 31.94.
 */
export const scaleScore = (meanCompound: number): number =>
  Number(formatDecimal(Math.min(100, Math.max(0, 50 + 50 * meanCompound))))

const TOKEN = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*|[,;:.!?¿¡()—–]/gu
const PUNCTUATION = /^[,;:.!?¿¡()—–]$/u

/** Folded tokens; apostrophes split words except in English ("doesn't" stays whole). */
export const tokenize = (text: string, language: LexiconLanguage): ReadonlyArray<string> =>
  casedTokens(text, language).map((token) => token.folded)

interface CasedToken {
  readonly folded: string
  /** A capitalised word inside a sentence: a proper noun ("Creative Cloud"), in languages that capitalise only those. */
  readonly proper: boolean
}

/** Languages whose capitalised words inside a sentence are names (not German, which capitalises nouns). */
const PROPER_NOUN_LANGUAGES: ReadonlySet<LexiconLanguage> = new Set(["en", "fr", "es", "it", "nl", "pt"])
const OPENS = /^[.!?:;()\-–—¿¡]$/u

/** An accent-keeping entry of the review lexicon ("schön"), written in lower case. */
const keepsAccent = (word: string, language: string): boolean => (ACCENTED[language] ?? []).includes(word)

/** A token written like an accent-keeping entry ("schön") keeps its accents; the rest fold. */
const foldToken = (token: string, language: string): string => {
  const lower = token.toLowerCase()
  return keepsAccent(lower, language) ? lower : foldName(token)
}

const casedTokens = (text: string, language: LexiconLanguage): ReadonlyArray<CasedToken> => {
  const raw = text.normalize("NFC").match(TOKEN) ?? []
  const words = raw.filter((token) => !PUNCTUATION.test(token))
  // Title Case ("Best Camera, Clean Software") says nothing about names
  const titleCase = words.filter((word) => /^\p{Lu}/u.test(word)).length * 2 > words.length
  return raw.flatMap((token, index): ReadonlyArray<CasedToken> => {
    const previous = raw[index - 1]
    const proper = PROPER_NOUN_LANGUAGES.has(language) && !titleCase && /^\p{Lu}/u.test(token) &&
      previous !== undefined && !OPENS.test(previous) && !/^[-–—]$/u.test(previous)
    const folded = foldToken(token, language)
    const parts = language === "en" ? [folded] : folded.split(/['’]/u).filter((t) => t.length > 0)
    return parts.map((part) => ({ folded: part, proper }))
  })
}

interface LanguageRules {
  readonly lookup: (token: string) => number | undefined
  readonly priceNouns: ReadonlySet<string>
  readonly priceDirections: ReadonlyMap<string, 1 | -1>
  readonly negators: ReadonlySet<string>
  /** German puts "nicht" after its verb: "Das lohnt sich nicht." (version 13). */
  readonly negatesBackwards: boolean
  readonly boosters: ReadonlySet<string>
  readonly inverters: ReadonlySet<string>
  /** Excess ("too", "trop"): turns praise around, like an inverter. */
  readonly excess: ReadonlySet<string>
  /** Two-word entries of the review lexicon ("bon marché"), by first word, then second (folded). */
  readonly phrases: ReadonlyMap<string, ReadonlyMap<string, number>>
  readonly fees: ReadonlySet<string>
  readonly superlatives: ReadonlySet<string>
  /** OTHERS_BETTER: "there are better …", "you're better served elsewhere". */
  readonly othersExist: ReadonlySet<string>
  readonly othersBetter: ReadonlySet<string>
  readonly othersElsewhere: ReadonlySet<string>
  /** A cost or nuisance whose absence is praise ("fees", "Grundgebühr"): see BURDENS. */
  readonly isBurden: (token: string) => boolean
  readonly openers: ReadonlySet<string>
  readonly costVerbs: ReadonlySet<string>
  readonly moreWords: ReadonlySet<string>
  /** "than", "als", "que": what a "more …" compares with (version 20). */
  readonly than: ReadonlySet<string>
  readonly lessWords: ReadonlySet<string>
  readonly pickNouns: ReadonlySet<string>
  readonly pickAdjectives: ReadonlySet<string>
  readonly hedges: ReadonlySet<string>
  readonly remedies: ReadonlySet<string>
  /** SEPARABLE_VERBS: a verb form (folded) and the particles that end its clause, with their valence. */
  readonly separable: ReadonlyMap<string, ReadonlyMap<string, number>>
}

const foldedSet = (words: ReadonlyArray<string> | undefined): ReadonlySet<string> => new Set((words ?? []).map(foldName))

const foldedLexicon = (language: string): ReadonlyMap<string, number> =>
  new Map(Object.entries(DOMAIN_LEXICON[language] ?? {}).map(([word, valence]) => [foldToken(word, language), valence]))

/** The review lexicon's two-word entries, read as one word ("bon marché" is cheap, not "good"). */
const phraseEntries = (language: string): ReadonlyMap<string, ReadonlyMap<string, number>> => {
  const byFirst = new Map<string, Map<string, number>>()
  for (const [entry, valence] of foldedLexicon(language)) {
    const [first, second, ...rest] = entry.split(" ")
    if (first === undefined || second === undefined || rest.length > 0) continue
    byFirst.set(first, (byFirst.get(first) ?? new Map<string, number>()).set(second, valence))
  }
  return byFirst
}

/** The most letters of inflection after a German compound's burden head ("Grundgebühren"). */
const COMPOUND_INFLECTION = 2

/**
 * A burden starts the word ("fees", "comisiones"); in German it may also end a compound
 * ("Grundgebühr", "Monatsgebühren"), since German compounds end in the word they are about.
 */
const burdenTest = (language: string) => {
  const burdens = (BURDENS[language] ?? []).map(foldName)
  return (token: string): boolean =>
    !BURDEN_LOOKALIKES.includes(token) && burdens.some((burden) => {
      if (token.startsWith(burden)) return true
      if (language !== "de") return false
      const at = token.lastIndexOf(burden)
      return at > 0 && token.length - at - burden.length <= COMPOUND_INFLECTION
    })
}

const priceRules = (language: string) => ({
  priceNouns: foldedSet(PRICE_NOUNS[language]),
  priceDirections: new Map(Object.entries(PRICE_DIRECTIONS[language] ?? {}).map(([word, sign]) => [foldName(word), sign]))
})

/** VADER's own lexicon, shipped by the vader-sentiment package (word, mean valence, ...). */
const readVaderLexicon = (): ReadonlyMap<string, number> => {
  const file = createRequire(import.meta.url).resolve("vader-sentiment/vader_lexicon.txt")
  const entries = new Map<string, number>()
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const [word, valence] = line.split("\t")
    if (word !== undefined && valence !== undefined && word.length > 0) entries.set(word, Number(valence))
  }
  return entries
}

const englishRules = (): LanguageRules => {
  const vader = readVaderLexicon()
  const domain = foldedLexicon("en")
  return {
    lookup: (token) => domain.get(token) ?? vader.get(token),
    ...priceRules("en"),
    negators: foldedSet(NEGATORS.en),
    negatesBackwards: false,
    boosters: foldedSet(BOOSTERS.en),
    inverters: foldedSet(INVERTERS.en),
    excess: foldedSet(EXCESS.en),
    phrases: phraseEntries("en"),
    fees: foldedSet(FEES.en),
    superlatives: new Set(["best", "better"]),
    ...othersBetterRules("en"),
    isBurden: burdenTest("en"),
    openers: foldedSet(SARCASTIC_OPENERS.en),
    costVerbs: foldedSet(COST_VERBS.en),
    moreWords: foldedSet(MORE_WORDS.en),
    than: foldedSet(THAN_WORDS.en),
    lessWords: foldedSet(LESS_WORDS.en),
    pickNouns: foldedSet(PICK_NOUNS.en),
    pickAdjectives: foldedSet(PICK_ADJECTIVES.en),
    hedges: foldedSet(HEDGES.en),
    remedies: foldedSet(REMEDY_VERBS.en),
    separable: separableVerbs("en")
  }
}

const separableVerbs = (language: string): ReadonlyMap<string, ReadonlyMap<string, number>> => {
  const verbs = new Map<string, Map<string, number>>()
  for (const [forms, particle, valence] of SEPARABLE_VERBS[language] ?? []) {
    for (const form of forms) verbs.set(foldName(form), (verbs.get(foldName(form)) ?? new Map()).set(foldName(particle), valence))
  }
  return verbs
}

const othersBetterRules = (language: string): Pick<LanguageRules, "othersExist" | "othersBetter" | "othersElsewhere"> => ({
  othersExist: foldedSet(OTHERS_BETTER[language]?.exist),
  othersBetter: foldedSet(OTHERS_BETTER[language]?.better),
  othersElsewhere: foldedSet(OTHERS_BETTER[language]?.elsewhere)
})

const packRules = (language: string, lexicon: WordLexicon): LanguageRules => {
  const domain = foldedLexicon(language)
  const domainStems = new Map(
    [...domain].flatMap(([word, valence]) => {
      // an accent-keeping entry's stem is the other word's ("schön" -> "schon")
      if (keepsAccent(word, language)) return []
      const stem = lexicon.stem(word)
      return stem === undefined ? [] : [[stem, valence] as const]
    })
  )
  return {
    ...priceRules(language),
    lookup: (token) => {
      const own = domain.get(token)
      if (own !== undefined) return own
      if (lexicon.isStopword(token)) return undefined
      const stem = lexicon.stem(token)
      const ownStem = stem === undefined ? undefined : domainStems.get(stem)
      if (ownStem !== undefined) return ownStem
      // German compounds end in the word that judges them: "Zugausfälle" -> "ausfälle"; the prefix
      // "un" turns it around ("unkompliziert")
      if (language === "de") {
        for (let cut = 1; token.length - cut >= MIN_COMPOUND_TAIL; cut++) {
          const tail = domain.get(token.slice(cut))
          if (tail !== undefined) return token.slice(0, cut) === "un" ? -tail : tail
        }
      }
      const general = lexicon.valences.get(token) ?? (stem === undefined ? undefined : lexicon.valences.get(stem))
      return general !== undefined && Math.abs(general) < MIN_PACK_VALENCE ? undefined : general
    },
    negators: new Set([...foldedSet(NEGATORS[language]), ...lexicon.negations]),
    negatesBackwards: language === "de",
    boosters: foldedSet(BOOSTERS[language]),
    inverters: foldedSet(INVERTERS[language]),
    excess: foldedSet(EXCESS[language]),
    phrases: phraseEntries(language),
    fees: foldedSet(FEES[language]),
    superlatives: new Set(),
    ...othersBetterRules(language),
    isBurden: burdenTest(language),
    openers: foldedSet(SARCASTIC_OPENERS[language]),
    costVerbs: foldedSet(COST_VERBS[language]),
    moreWords: foldedSet(MORE_WORDS[language]),
    than: foldedSet(THAN_WORDS[language]),
    lessWords: foldedSet(LESS_WORDS[language]),
    pickNouns: foldedSet(PICK_NOUNS[language]),
    pickAdjectives: foldedSet(PICK_ADJECTIVES[language]),
    hedges: foldedSet(HEDGES[language]),
    remedies: foldedSet(REMEDY_VERBS[language]),
    separable: separableVerbs(language)
  }
}

/** A pick noun next to a recommending adjective that has no valence of its own ("the obvious choice"). */
const isPick = (rules: LanguageRules, tokens: ReadonlyArray<string>, position: number): boolean =>
  !tokens.slice(Math.max(0, position - 4), position).some((token) => FORMERLY.includes(token)) &&
  [-2, -1, 1, 2].some((offset) => {
    const other = tokens[position + offset] ?? ""
    return rules.pickAdjectives.has(other) && (rules.lookup(other) ?? 0) === 0
  })

/**
 * The "more"/"extra" (sign 1: paying more) or "less" (sign -1: paying less) that follows a cost verb
 * within COST_MORE_WINDOW words, if no word after it judges for itself.
 */
const costMore = (
  rules: LanguageRules,
  tokens: ReadonlyArray<string>,
  verb: number
): { readonly word: string; readonly sign: 1 | -1 } | undefined => {
  let words = 0
  for (let at = verb + 1; at < tokens.length && words < COST_MORE_WINDOW; at++) {
    const token = tokens[at] ?? ""
    // "cost nothing extra", "kostet nichts extra": no cost at all
    if (PUNCTUATION.test(token) || rules.negators.has(token)) return undefined
    words++
    const sign = rules.moreWords.has(token) ? 1 : rules.lessWords.has(token) ? -1 : undefined
    if (sign === undefined) continue
    const next = tokens[at + 1] ?? ""
    return (rules.lookup(next) ?? 0) === 0 ? { word: token, sign } : undefined
  }
  return undefined
}

/** A positive word after "once", "formerly" or "used to" (within FORMERLY_WINDOW words): past praise. */
const formerly = (tokens: ReadonlyArray<string>, position: number): boolean =>
  tokens.slice(Math.max(0, position - FORMERLY_WINDOW), position).some((token, index, window) =>
    FORMERLY.includes(token) || (token === "used" && window[index + 1] === "to")
  )

/**
 * "If you enjoy <a chore>" read as sarcasm, with the praise word right before it when there is one:
 * "perfect if you enjoy pulling…" (from the praise word) or "…, if you enjoy unclogging…" (from
 * "if"). The tokens it spans; found at the praise word, or else at the verb.
 */
const choreSarcasm = (
  rules: LanguageRules,
  tokens: ReadonlyArray<string>,
  position: number
): { readonly from: number; readonly to: number } | undefined => {
  const enjoysChore = (verb: number) =>
    tokens[verb - 2] === "if" && tokens[verb - 1] === "you" && ENJOY_VERBS.has(tokens[verb] ?? "") && CHORES.has(tokens[verb + 1] ?? "")
  if ((rules.lookup(tokens[position] ?? "") ?? 0) > 0 && enjoysChore(position + 3)) return { from: position, to: position + 4 }
  return enjoysChore(position) ? { from: position - 2, to: position + 1 } : undefined
}

/** What may follow a status noun: "once the default choice", "once the default for open-source projects". */
const STATUS_FOLLOWERS: ReadonlySet<string> = new Set([
  "for", "among", "of", "in", "on", "choice", "pick", "recommendation", "option", "app", "tool", "brand", "name",
  "fur", "bei", "unter", "pour", "de", "chez", "para", "entre", "en"
])

/** A status noun after a FORMERLY word that opens its clause or aside ("Once the agency favourite"): a standing lost. */
const formerStatus = (tokens: ReadonlyArray<string>, position: number): boolean => {
  const next = tokens[position + 1]
  // "Once the default settings are changed": a conjunction, the noun only qualifies another
  if (!STATUS_NOUNS.includes(tokens[position] ?? "") || !(next === undefined || PUNCTUATION.test(next) || STATUS_FOLLOWERS.has(next))) return false
  for (let at = position - 1; at >= 0 && at >= position - FORMERLY_WINDOW; at--) {
    const token = tokens[at] ?? ""
    if (PUNCTUATION.test(token)) return false
    if (FORMERLY.includes(token)) return at === 0 || PUNCTUATION.test(tokens[at - 1] ?? "")
  }
  return false
}

/** Whether a price word names a plan ("on the cheaper plans", "the cheaper Essential and Premium tiers"). */
const namesTier = (tokens: ReadonlyArray<string>, position: number): boolean => {
  for (let at = position + 1; at <= position + TIER_WINDOW && at < tokens.length; at++) {
    const token = tokens[at] ?? ""
    if (PUNCTUATION.test(token)) return false
    if (TIER_NOUNS.includes(token)) return true
  }
  return false
}

/** What may follow "have moved on", "have left" at the end of its phrase: "… since the price rise". */
const LEFT_SINCE: ReadonlySet<string> = new Set(["since", "from", "after"])

/** "Most small businesses have moved on.", "many small teams have left": said at the end of its phrase (CUSTOMERS_LEFT). */
const customersLeft = (tokens: ReadonlyArray<string>, position: number): ReadonlyArray<string> | undefined => {
  const idiom = idiomAt(CUSTOMERS_LEFT, tokens, position)
  const next = tokens[position + (idiom?.length ?? 0)]
  return idiom !== undefined && (next === undefined || PUNCTUATION.test(next) || LEFT_SINCE.has(next)) ? idiom : undefined
}

/** A verb of the reader's own taste after its subject ("if you value open hardware"): a condition, no praise. */
const TASTE_VERBS: ReadonlySet<string> = new Set(["value", "values", "prize", "prizes"])
const READERS: ReadonlySet<string> = new Set(["you", "we", "they"])

/** The idiom of `idioms` (folded tokens) that starts at `position`, if any. */
const idiomAt = (
  idioms: ReadonlyArray<ReadonlyArray<string>>,
  tokens: ReadonlyArray<string>,
  position: number
): ReadonlyArray<string> | undefined => idioms.find((words) => words.every((word, at) => tokens[position + at] === word))

/** Words that link a complaint's frame to its topic: "the problem is", "the trouble with", "le hic, c'est". */
const FRAME_LINKS: ReadonlySet<string> = new Set(["is", "was", "with", "ist", "war", "mit", "c", "est", "avec", "es", "son", "con", ":"])

/**
 * Whether a praise word names the thing a complaint's frame announces ("the catch is value"); not
 * after a denied frame ("no problem, great support").
 */
const framed = (rules: LanguageRules, tokens: ReadonlyArray<string>, position: number): boolean => {
  const from = Math.max(0, position - FRAME_WINDOW)
  return tokens.slice(from, position).some((token, index) => {
    if (!FRAME_NOUNS.includes(token)) return false
    const at = from + index
    const link = tokens.slice(at + 1, position).find((other) => other !== ",")
    return !rules.negators.has(tokens[at - 1] ?? "") && link !== undefined && FRAME_LINKS.has(link)
  })
}

/** How strong a criticism must be to make the praise word before it its topic ("quality issues", not "reliable offline maps"). */
const TROUBLE_NOUN_VALENCE = -0.8

/** Whether the next word is a criticism of the praise word's thing ("security incidents", "honoured inconsistently"). */
const praisesTrouble = (rules: LanguageRules, tokens: ReadonlyArray<string>, position: number): boolean => {
  const next = tokens[position + 1] ?? ""
  // an adverb ("impressively low latency") and a price direction ("great low prices") judge the next word
  return !(tokens[position] ?? "").endsWith("ly") && !rules.priceDirections.has(next) && !PUNCTUATION.test(next) &&
    !rules.negators.has(next) && (rules.lookup(next) ?? 0) <= TROUBLE_NOUN_VALENCE
}

/** Whether a praise word stands in the clause of "on paper", "in theory" (no punctuation between). */
const inTheory = (tokens: ReadonlyArray<string>, position: number): boolean =>
  tokens.some((_, at) => {
    const phrase = idiomAt(IN_THEORY, tokens, at)
    if (phrase === undefined) return false
    const [from, to] = at < position ? [at + phrase.length, position] : [position + 1, at]
    return tokens.slice(from, to).every((token) => !PUNCTUATION.test(token) || token === ",")
  })

/** Whether a SERVES_BETTER pair ("better spent", "besser aufgehoben") starts at `at`. */
const servesBetterAt = (tokens: ReadonlyArray<string>, at: number): boolean =>
  SERVES_BETTER.some(([first, second]) => tokens[at] === first && tokens[at + 1] === second)

/** What follows "better spent"/"better off" when it is something unnamed ("on a good microphone"). */
const UNNAMED_AFTER: ReadonlySet<string> = new Set(["on", "with", "by"])
const INDEFINITE_ARTICLES: ReadonlySet<string> = new Set(["a", "an"])

/** Whether a praise word praises what serves better than the brand ("better spent on a good microphone"). */
const praisesAlternative = (tokens: ReadonlyArray<string>, position: number): boolean => {
  for (let at = position - 1; at >= 1 && at >= position - OTHERS_PRAISE_WINDOW - 1; at--) {
    if (PUNCTUATION.test(tokens[at] ?? "")) return false
    if (servesBetterAt(tokens, at - 1)) return true
  }
  return false
}

/** Whether a praise word praises earlier models ("who loved earlier versions"): EARLIER_WORDS then MODEL_NOUNS within two words. */
const ofEarlierModels = (tokens: ReadonlyArray<string>, position: number): boolean =>
  [position + 1, position + 2].some((at) => EARLIER_WORDS.includes(tokens[at] ?? "") && MODEL_NOUNS.includes(tokens[at + 1] ?? ""))

/** Whether a praise word describes what sits behind a paywall ("the most useful features sit behind…"). */
const lockedAway = (tokens: ReadonlyArray<string>, position: number): boolean => {
  for (let at = position + 1; at <= position + LOCKED_WINDOW && at < tokens.length; at++) {
    const token = tokens[at] ?? ""
    if (PUNCTUATION.test(token)) return false
    if (RESERVED_WORDS.includes(token) || (token === "behind" && LOCKING_VERBS.includes(tokens[at - 1] ?? ""))) return true
  }
  return false
}

/** How many tokens after "more" its "than" may stand ("more of a hassle than"), and how many after "than" it compares with. */
const COMPARED_WINDOW = 4

/** After "worth", words that make it a value ("worth only about 0.4 cents"), not praise (version 18). */
const WORTH_AMOUNTS: ReadonlySet<string> = new Set(["only", "about", "around", "roughly", "approximately", "just", "up", "less", "half"])

/** Words that end a hedge's phrase (with punctuation). */
const COORDINATORS: ReadonlySet<string> = new Set(["and", "or", "und", "oder", "et", "ou", "y", "e", "o"])

/** Whether a hedge ("can", "sometimes", "a bit", "algo") starts at this token. */
const isHedge = (rules: LanguageRules, tokens: ReadonlyArray<string>, position: number): boolean => {
  const token = tokens[position] ?? ""
  return rules.hedges.has(token) || HEDGE_PAIRS.some(([first, second]) => tokens[position - 1] === first && token === second)
}

/** Whether the clause holds a hedge (a layout lean on it is halved too). */
const hedgedClause = (rules: LanguageRules, tokens: ReadonlyArray<string>): boolean =>
  tokens.some((_, position) => isHedge(rules, tokens, position))

/**
 * The "only if" phrases ("only if", "nur, wenn", "seulement si", "solo si", and since version 16
 * "only makes sense where", "lohnt sich höchstens, wenn"): where the restricting word stands and
 * where its condition starts. "The only app that works when…" is a superlative, not a restriction.
 */
const onlyIfPhrases = (tokens: ReadonlyArray<string>): ReadonlyArray<{ readonly at: number; readonly until: number }> =>
  tokens.flatMap((token, position) => {
    if (!ONLY_WORDS.includes(token) || DEFINITE_ARTICLES.has(tokens[position - 1] ?? "")) return []
    for (let next = position + 1; next <= position + 1 + ONLY_IF_GAP && next < tokens.length; next++) {
      const word = tokens[next] ?? ""
      if (IF_WORDS.includes(word)) return [{ at: position, until: next }]
      if (word !== "," && PUNCTUATION.test(word)) return []
    }
    return []
  })

/**
 * Scores one clause with VADER's rules on the language's lexicon:
 * - a word's valence comes from the domain lexicon, else the general one; tokens in `ignored`
 *   (tracked names) and negators themselves score nothing;
 * - a price direction near a price noun ("low price", "prices rise") scores ±PRICE_DIRECTION_VALENCE
 *   instead of its own valence, and price nouns score nothing;
 * - a booster just before a word adds BOOSTER_INCREMENT in the word's direction ("too expensive");
 *   excess before praise turns it around ("too simple"); a two-word entry ("bon marché") is one word;
 * - a negator flips (times NEGATION_SCALAR) the words within NEGATION_WINDOW words after it, never
 *   past punctuation; a burden in that window ("no fees", "sin comisiones") scores +ABSENCE_VALENCE
 *   and ends the negation;
 * - a sarcastic opener ("Great, another price hike") followed by a comma and a complaint, or by
 *   "another"/"yet", flips; at the start of the clause or of an aside after a dash, colon or
 *   semicolon ("… a year — great, another price hike").
 */
export const scoreClause = (
  rules: LanguageRules,
  tokens: ReadonlyArray<string>,
  ignored: ReadonlySet<string>,
  proper: ReadonlyArray<boolean> = []
): ReadonlyArray<WordEvidence> => {
  const words: Array<WordEvidence> = []
  let negatedUntil = -1
  let absentUntil = -1
  let wordIndex = -1
  let previous = ""
  let beforePrevious = ""
  let opener: { readonly at: number; readonly evidence: WordEvidence } | undefined
  // the words of a "hard to beat" already scored
  let skipUntil = -1
  // a booster phrase ("by far") waits for the next opinion word
  let boostPending = false
  // the particle of a separable verb already scored with its verb ("fällt … ab")
  let particleAt = -1
  // the last "more" and how many opinion words had been read before it ("more hassle than it's worth")
  let more: { readonly at: number; readonly words: number } | undefined
  // version 6: hedged words, lacked praise, remedied trouble, conditional praise
  let hedged = false
  let lackedUntil = -1
  let remediedFrom = -1
  let remediedUntil = -1
  let opinionSinceNegator = false
  let understated = false
  // the last opinion word (its word index, its evidence index, whether a negator before it already
  // turned it), for a German negator after it
  let lastOpinion: { readonly at: number; readonly position: number; readonly index: number; readonly negated: boolean } | undefined
  // version 21: where praise of a price or an age was read ("the cheapest tent here, and it shows")
  const priceOrAgePraise: Array<number> = []
  /** The praise of a price or an age read so far is no praise: a flaw follows ("…, and it shows"). */
  const dropPricePraise = () => {
    for (const index of priceOrAgePraise.splice(0).reverse()) words.splice(index, 1)
    lastOpinion = undefined
  }
  const onlyIf = onlyIfPhrases(tokens)
  const conditional = (position: number): boolean =>
    onlyIf.some(({ at, until }) => position !== at && position < until && position >= at - ONLY_IF_WINDOW)
  for (const [position, token] of tokens.entries()) {
    if (position <= skipUntil || BOOSTER_PHRASES.some(([first, second]) => previous === first && token === second)) {
      boostPending = boostPending || position > skipUntil
      beforePrevious = previous
      previous = token
      continue
    }
    if (PUNCTUATION.test(token) || COORDINATORS.has(token)) {
      // a hedge reaches the end of its phrase: "parfois petites et l'abonnement est difficile"
      hedged = false
    }
    if (PUNCTUATION.test(token)) {
      negatedUntil = -1
      beforePrevious = previous
      previous = token
      continue
    }
    wordIndex++
    const negated = wordIndex <= negatedUntil
    // "more hassle than it's worth", "más molestia que ayuda": what it is more of is the verdict,
    // not what it is compared with (up to COMPARED_WINDOW words, a comma or "and")
    if (rules.than.has(token) && more !== undefined && more.at >= position - COMPARED_WINDOW && words.length > more.words) {
      const end = tokens.findIndex((other, at) => at > position && (PUNCTUATION.test(other) || COORDINATORS.has(other)))
      skipUntil = Math.min(end === -1 ? tokens.length - 1 : end - 1, position + COMPARED_WINDOW)
      more = undefined
      beforePrevious = previous
      previous = token
      continue
    }
    if (rules.moreWords.has(token)) more = { at: position, words: words.length }
    if (position === particleAt) {
      beforePrevious = previous
      previous = token
      continue
    }
    // a separable verb's particle ends its clause: "fällt im Vergleich deutlich ab", "der Lack blättert ab"
    const particles = rules.separable.get(token)
    const clauseEnd = particles === undefined ? -1 : tokens.findIndex((other, at) => at > position && PUNCTUATION.test(other))
    const last = clauseEnd === -1 ? tokens.length - 1 : clauseEnd - 1
    const separated = particles !== undefined && last > position ? particles.get(tokens[last] ?? "") : undefined
    if (separated !== undefined) {
      const denied = tokens.slice(position + 1, last).some((other) => rules.negators.has(other))
      words.push({
        word: `${denied ? "not " : ""}${token} … ${tokens[last]}`,
        valence: denied ? Number((separated * NEGATION_SCALAR).toFixed(3)) : separated
      })
      particleAt = last
      beforePrevious = previous
      previous = token
      continue
    }
    // a model name ("G1", "X10") is no word of the lexicon (VADER reads "g1" +1.4)
    if (ignored.has(token) || proper[position] === true || /\p{N}/u.test(token)) {
      beforePrevious = previous
      previous = token
      continue
    }
    if (isHedge(rules, tokens, position)) hedged = true
    if (rules.remedies.has(token)) {
      remediedFrom = wordIndex + 1
      remediedUntil = wordIndex + PRICE_WINDOW
    }
    if (LACK_WORDS.includes(token)) lackedUntil = wordIndex + NEGATION_WINDOW
    const restriction = onlyIf.find(({ at }) => at === position)
    if (restriction !== undefined) {
      words.push({ word: tokens.slice(position, restriction.until + 1).filter((word) => word !== ",").join(" "), valence: RESTRICTION_VALENCE })
      beforePrevious = previous
      previous = token
      continue
    }
    const fallShort = idiomAt(FALL_SHORT, tokens, position)
    if (fallShort !== undefined) {
      words.push({ word: fallShort.join(" "), valence: FALL_SHORT_VALENCE })
      lackedUntil = wordIndex + 1 + NEGATION_WINDOW
      skipUntil = position + fallShort.length - 1
      beforePrevious = previous
      previous = token
      continue
    }
    // a German negator that ends its phrase turns the opinion word just before it: "Für kleine Firmen
    // lohnt sich das kaum."
    const endsPhrase = position + 1 >= tokens.length || PUNCTUATION.test(tokens[position + 1] ?? "")
    if (rules.negatesBackwards && rules.negators.has(token) && endsPhrase && lastOpinion !== undefined &&
      !lastOpinion.negated && lastOpinion.at >= wordIndex - NEGATION_WINDOW) {
      const last = words[lastOpinion.index]
      if (last !== undefined) {
        words[lastOpinion.index] = { word: `${last.word} not`, valence: Number((last.valence * NEGATION_SCALAR).toFixed(3)) }
      }
      lastOpinion = undefined
    }
    // version 23: "Once the agency favourite.": a standing lost
    if (formerStatus(tokens, position)) {
      words.push({ word: `once ${token}`, valence: FORMER_STATUS_VALENCE })
      beforePrevious = previous
      previous = token
      continue
    }
    // version 23: "Most small businesses have moved on."; version 24: "many small teams have left"
    const left = customersLeft(tokens, position)
    if (left !== undefined) {
      words.push({ word: left.join(" "), valence: WARNING_IDIOM_VALENCE })
      skipUntil = position + left.length - 1
      beforePrevious = previous
      previous = token
      continue
    }
    // "the cheapest tent here, and it shows": the price or age praised is the flaw
    const shows = idiomAt(SHOWS_IDIOMS, tokens, position)
    if (shows !== undefined) {
      const earlier = tokens.slice(0, position).some((other) => PRICE_OR_AGE.includes(other))
      if (earlier || tokens[position + shows.length] === ":") {
        dropPricePraise()
        words.push({ word: shows.join(" "), valence: WARNING_IDIOM_VALENCE })
      }
      skipUntil = position + shows.length - 1
      beforePrevious = previous
      previous = token
      continue
    }
    // "perfect if you enjoy pulling jammed paper out with tweezers" (version 22), "…, if you enjoy unclogging
    // the tip every ten minutes" (version 23): enjoying a chore is sarcasm, and the price praised before it
    // the joke's set-up ("The cheapest option, and perfect if…")
    const chore = choreSarcasm(rules, tokens, position)
    if (chore !== undefined) {
      dropPricePraise()
      words.push({ word: `${tokens.slice(chore.from, chore.to + 1).join(" ")} (sarcastic)`, valence: WARNING_IDIOM_VALENCE })
      skipUntil = chore.to
      beforePrevious = previous
      previous = token
      continue
    }
    // version 22: "Fine if the purchase price is the only thing that matters": faint praise on a condition
    if (FAINT_PRAISE.has(token) && tokens[position + 1] === "if") {
      words.push({ word: `${token} if`, valence: negated ? RESTRICTION_VALENCE * NEGATION_SCALAR : RESTRICTION_VALENCE })
      skipUntil = position + 1
      beforePrevious = previous
      previous = token
      continue
    }
    // "auto-renewals are easy to miss", "facile à rayer": a mishap, not ease
    if (EASY_WORDS.includes(token) && TO_WORDS.includes(tokens[position + 1] ?? "") && MISHAPS.includes(tokens[position + 2] ?? "")) {
      words.push({ word: tokens.slice(position, position + 3).join(" "), valence: negated ? EASY_MISHAP_VALENCE * NEGATION_SCALAR : EASY_MISHAP_VALENCE })
      skipUntil = position + 2
      beforePrevious = previous
      previous = token
      continue
    }
    // "the money is better spent on a good microphone": something unnamed serves better (a named
    // rival's own clause would read this as its praise, so only before "a"/"an")
    if (servesBetterAt(tokens, position) && UNNAMED_AFTER.has(tokens[position + 2] ?? "") &&
      INDEFINITE_ARTICLES.has(tokens[position + 3] ?? "")) {
      words.push({ word: `${token} ${tokens[position + 1]} (something else)`, valence: OTHERS_BETTER_VALENCE })
      skipUntil = position + 1
      beforePrevious = previous
      previous = token
      continue
    }
    // "the value has slipped", "die Qualität hat nachgelassen": the praised thing got worse
    const declined = DECLINE_VERBS.includes(token) && lastOpinion !== undefined ? words[lastOpinion.index] : undefined
    if (lastOpinion !== undefined && declined !== undefined && declined.valence > 0 &&
      !lastOpinion.negated && lastOpinion.at >= wordIndex - DECLINE_WINDOW &&
      !tokens.slice(lastOpinion.position + 1, position).some((other) => PUNCTUATION.test(other))) {
      words[lastOpinion.index] = { word: `${declined.word} … ${token}`, valence: DECLINE_VALENCE }
      lastOpinion = undefined
      beforePrevious = previous
      previous = token
      continue
    }
    // "there's nothing better", "kaum etwas Besseres": praise; "pas terrible", "Finger weg", "more clicks than it should": a warning
    const praise = idiomAt(PRAISE_IDIOMS, tokens, position)
    const warned = praise === undefined ? idiomAt(WARNING_IDIOMS, tokens, position) ?? idiomAt(UNDUE_IDIOMS, tokens, position) : undefined
    const setPhrase = praise ?? warned
    if (setPhrase !== undefined) {
      words.push({ word: setPhrase.join(" "), valence: praise !== undefined ? PRAISE_IDIOM_VALENCE : WARNING_IDIOM_VALENCE })
      skipUntil = position + setPhrase.length - 1
      beforePrevious = previous
      previous = token
      continue
    }
    // version 24: "on ne peut pas dire que le service client brille": the claim after it is denied
    const denied = idiomAt(DENIED_CLAIMS, tokens, position)
    if (denied !== undefined) {
      opinionSinceNegator = false
      negatedUntil = wordIndex + DENIED_CLAIM_WINDOW
      skipUntil = position + denied.length - 1
      beforePrevious = previous
      previous = token
      continue
    }
    // "no doubt the best", "sin duda", "not only": an idiom, no negation
    const idiom = idiomAt(NEGATOR_IDIOMS, tokens, position) ?? idiomAt(PLAIN_IDIOMS, tokens, position)
    if (idiom !== undefined) {
      skipUntil = position + idiom.length - 1
      beforePrevious = previous
      previous = token
      continue
    }
    // VADER's "least" check: "the least interesting" negates, "at least" does not
    const understatement = negated && UNDERSTATEMENTS.has(token)
    if (rules.negators.has(token) || (token === "least" && previous !== "at") || (negated && LATE_NEGATORS.has(token)) || understatement) {
      opinionSinceNegator = false
      // "no es precisamente la opción más barata" denies the price, not the pick
      understated = understatement
      negatedUntil = wordIndex + (understated ? UNDERSTATEMENT_WINDOW : NEGATION_WINDOW)
      beforePrevious = previous
      previous = token
      continue
    }
    // "no sign-up bonus" lacks a bonus: the burden word only qualifies the good thing after it
    const qualifiesGood = (rules.lookup(tokens[position + 1] ?? "") ?? 0) > 0
    if (negated && !qualifiesGood && rules.isBurden(token)) {
      words.push({ word: `no ${token}`, valence: ABSENCE_VALENCE })
      negatedUntil = -1
      absentUntil = wordIndex + NEGATION_WINDOW
      beforePrevious = previous
      previous = token
      continue
    }
    if (rules.costVerbs.has(token)) {
      const more = costMore(rules, tokens, position)
      if (more !== undefined) {
        const valence = more.sign * COST_MORE_VALENCE
        words.push({ word: `${token} ${more.word}`, valence: negated ? valence * NEGATION_SCALAR : valence })
        beforePrevious = previous
        previous = token
        continue
      }
    }
    // "hard to beat" is praise
    if (DIFFICULT.includes(token) && TO_WORDS.includes(tokens[position + 1] ?? "") && BEAT_VERBS.includes(tokens[position + 2] ?? "")) {
      words.push({ word: `${token} to ${tokens[position + 2]}`, valence: negated ? HARD_TO_BEAT_VALENCE * NEGATION_SCALAR : HARD_TO_BEAT_VALENCE })
      skipUntil = position + 2
      beforePrevious = previous
      previous = token
      continue
    }
    // "pero para crudo hay opciones mejores": the better ones are others
    const comparative = rules.othersBetter.has(token) || (rules.moreWords.has(previous) && (rules.lookup(token) ?? 0) > 0)
    if (!negated && comparative &&
      (tokens.slice(Math.max(0, position - OTHERS_BETTER_WINDOW), position).some((other) => rules.othersExist.has(other)) ||
        tokens.slice(position + 1, position + 4).some((other) => rules.othersElsewhere.has(other)))) {
      words.push({ word: `${token} (others)`, valence: OTHERS_BETTER_VALENCE })
      beforePrevious = previous
      previous = token
      continue
    }
    const oneTo = token === "one" && previous === "the" && tokens[position + 1] === "to" &&
      ONE_TO.includes(tokens[position + 2] ?? "")
    // "no longer an option", "ya no es una opción": a pick denied
    const deniedPick = rules.pickNouns.has(token) && negated && !opinionSinceNegator && !understated
    if (oneTo || deniedPick || (rules.pickNouns.has(token) && isPick(rules, tokens, position))) {
      words.push({ word: `${negated ? "not " : ""}${token} (a pick)`, valence: negated ? Number((PICK_VALENCE * NEGATION_SCALAR).toFixed(3)) : PICK_VALENCE })
      beforePrevious = previous
      previous = token
      continue
    }
    // elided articles ("d'", "l'") are no words between a price and its direction
    const distance = (at: number): number =>
      tokens.slice(Math.min(at, position) + 1, Math.max(at, position)).filter((t) => t.length > 1).length + 1
    const near = (test: (other: string) => boolean): boolean =>
      tokens.some((other, at) => at !== position && Math.abs(at - position) <= PRICE_WINDOW + 2 && distance(at) <= PRICE_WINDOW && test(other))
    const direction = rules.priceDirections.get(token)
    const aboutPrice = direction !== undefined && near((other) => rules.priceNouns.has(other))
    // a fee charged ("monthly fees", "cobra comisiones") is a cost; "no fees", "low fees" are not
    const avoided = rules.fees.has(token) &&
      tokens.slice(Math.max(0, position - PRICE_WINDOW), position).some((other) => AVOIDING.includes(other))
    const feeCharged = rules.fees.has(token) && !negated && !avoided && wordIndex > absentUntil &&
      !near((other) => rules.priceDirections.has(other))
    // "best avoided", "at best": no praise
    const faintPraise = rules.superlatives.has(token) &&
      (previous === "at" || (rules.lookup(tokens[position + 1] ?? "") ?? 0) < 0)
    // "gets expensive fast", "wears fast", "dents easily", "scratches more easily": how soon the trouble comes
    const speedOfChange = SPEED_WORDS.includes(token) &&
      // "easily" looks back only ("glides more easily over rough ground" is praise)
      (CHANGE_VERBS.includes(previous) ||
        // a reflexive change verb: "die Gebühren summieren sich schnell"
        (previous === "sich" && CHANGE_VERBS.includes(beforePrevious)) ||
        [previous, ...(token === "easily" ? [] : tokens.slice(position + 1, position + 3))]
          .some((other) => !PUNCTUATION.test(other) && (rules.lookup(other) ?? 0) < 0) ||
        (rules.moreWords.has(previous) && (rules.lookup(beforePrevious) ?? 0) < 0) ||
        // after a two-word criticism: "die Scherköpfe nutzen sich schnell ab"
        (rules.phrases.get(beforePrevious)?.get(previous) ?? 0) < 0)
    const phrase = rules.phrases.get(token)?.get(tokens[position + 1] ?? "")
    if (phrase !== undefined) skipUntil = position + 1
    const shown = phrase === undefined ? token : `${token} ${tokens[position + 1]}`
    const own = phrase ?? rules.lookup(token) ?? 0
    // "it would be wise to avoid X", "it's wise to keep…", "used to be the go-to app": no praise of the brand
    const notPraise = own > 0 &&
      ((tokens[position + 1] === "to" && (ADVICE_AVOID.includes(tokens[position + 2] ?? "") || ADVICE_WORDS.includes(token))) ||
        formerly(tokens, position) ||
        // version 23: a plan's name ("on the cheaper plans"), a reader's taste ("if you value open hardware")
        (TIER_PRICE_WORDS.includes(token) && namesTier(tokens, position)) ||
        (TASTE_VERBS.has(token) && (READERS.has(previous) || READERS.has(beforePrevious))) ||
        // version 21: "the catch is value", "the best features sit behind the premium tier"
        framed(rules, tokens, position) || lockedAway(tokens, position) || inTheory(tokens, position) ||
        praisesAlternative(tokens, position) || ofEarlierModels(tokens, position) ||
        // "honoured inconsistently", "security incidents": the praise word names what goes wrong
        praisesTrouble(rules, tokens, position) ||
        // a value, not a verdict: "each point is worth only about 0.4 cents", "worth around half a cent"
        (token === "worth" && (WORTH_AMOUNTS.has(tokens[position + 1] ?? "") || /\p{N}|[$€£]/u.test(tokens[position + 1] ?? ""))))
    const warning = WARNINGS.includes(token) && (wordIndex === 0 || WARNING_MODALS.includes(previous) || ASIDE_MARKS.has(previous))
    const base = phrase !== undefined
      ? phrase
      : warning
      ? WARNING_VALENCE
      : aboutPrice
      ? direction * PRICE_DIRECTION_VALENCE
      : feeCharged
      ? FEE_VALENCE
      : rules.priceNouns.has(token) || faintPraise || avoided || speedOfChange || notPraise
      ? 0
      : rules.lookup(token)
    if (base === undefined || base === 0) {
      beforePrevious = previous
      previous = token
      continue
    }
    // "solves different problems": the trouble is what the product removes; "lohnt sich nur, wenn": praise on a condition
    // "cut plastic waste": a remedy's own criticism ("cut" -1) is no flaw when it removes a trouble
    const remedying = base < 0 && rules.remedies.has(token) &&
      tokens.slice(position + 1, position + 1 + PRICE_WINDOW).some((other) => (rules.lookup(other) ?? 0) < 0)
    if ((base < 0 && wordIndex >= remediedFrom && wordIndex <= remediedUntil) || (base > 0 && conditional(position)) || remedying) {
      beforePrevious = previous
      previous = token
      continue
    }
    opinionSinceNegator = true
    let valence = base
    if (rules.boosters.has(previous) || boostPending) valence += Math.sign(valence) * BOOSTER_INCREMENT
    boostPending = false
    const lacked = valence > 0 && wordIndex <= lackedUntil && !LACK_WORDS.includes(token)
    if (lacked) valence *= NEGATION_SCALAR
    if (hedged) valence *= HEDGE_SCALAR
    // "hard to justify": the praise of the verb is what is hard
    const hardTo = DIFFICULT.includes(beforePrevious) && TO_WORDS.includes(previous) && valence > 0
    const excessive = valence > 0 && rules.excess.has(previous)
    const inverted = (rules.inverters.has(previous) || excessive) && !AT_LEAST.includes(beforePrevious)
    if ((negated !== inverted) !== hardTo) valence *= NEGATION_SCALAR
    const evidence = {
      word: `${hardTo ? `${beforePrevious} to ${shown}` : negated ? `not ${shown}` : inverted ? `${previous} ${shown}` : lacked ? `lacks ${shown}` : shown}${hedged ? " (hedged)" : ""}`,
      valence: Number(valence.toFixed(3))
    }
    if (rules.openers.has(token) && tokens[position + 1] === "," && (position === 0 || ASIDE_MARKS.has(tokens[position - 1] ?? ""))) {
      opener = { at: position, evidence }
    }
    lastOpinion = { at: wordIndex, position, index: words.length, negated: negated && !hardTo }
    if (valence > 0 && PRICE_OR_AGE.includes(token)) priceOrAgePraise.push(words.length)
    words.push(evidence)
    beforePrevious = previous
    previous = token
  }
  if (opener !== undefined) {
    const flipped = opener.evidence
    const rest = words.slice(words.indexOf(flipped) + 1).reduce((sum, word) => sum + word.valence, 0)
    if (rest < 0 || SARCASTIC_FOLLOWERS.has(tokens[opener.at + 2] ?? "")) {
      return words.map((word) => word === flipped ? { word: `${word.word} (sarcastic)`, valence: -word.valence } : word)
    }
  }
  return words
}

/** "Yes" and "no" opening an answer, per language (folded). */
const REPLIES: Readonly<Record<string, Readonly<Record<string, 1 | -1>>>> = {
  en: { yes: 1, no: -1, absolutely: 1, definitely: 1, certainly: 1 },
  de: { ja: 1, nein: -1, absolut: 1, definitiv: 1 },
  fr: { oui: 1, non: -1, absolument: 1, certainement: 1 },
  es: { si: 1, no: -1, absolutamente: 1, claro: 1 }
}

/**
 * Replies that are one word of their own ("Often.", "Usually.", version 12) agree like a yes;
 * "Partly." and "Sometimes." hold back half a no. Followed by more ("Mostly if you already use
 * Jira") they are a condition, not a reply.
 */
const WORD_REPLIES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  en: { often: 1, usually: 1, mostly: 1, generally: 1, partly: -0.5, sometimes: -0.5 },
  de: { oft: 1, meistens: 1, haufig: 1, uberwiegend: 1, teilweise: -0.5, bedingt: -0.5 },
  fr: { souvent: 1, generalement: 1, globalement: 1, partiellement: -0.5, parfois: -0.5 },
  es: { generalmente: 1, normalmente: 1, mayormente: 1, parcialmente: -0.5 }
}

/** A question carries a verdict to its "yes" from this valence on ("good", "worth"; not a faint "free"). */
export const MIN_ASKED_VALENCE = 1

/** The valence a "yes" or "no" reply takes: the question's own valence, confirmed or denied. */
export const REPLY_VALENCE = 2.5

/**
 * A clause that opens with "yes" or "no" right after a question takes the question's verdict:
 * "Is Strava worth it? Yes, …" praises, "Should I avoid Fitbit? Yes: …" criticises, "Is Vercel
 * free? Yes, …" says nothing (the question has no opinion words) and "Is X good? No." criticises.
 */
const replyTo = (
  rules: LanguageRules,
  tokens: ReadonlyArray<string>,
  question: string | undefined,
  language: LexiconLanguage,
  ignored: ReadonlySet<string>
): ReadonlyArray<WordEvidence> => {
  if (question === undefined) return []
  // "Yes, …", or a reply closing a qualifier: "For serious training, yes: …"
  const at = tokens.findIndex((token, index) =>
    REPLIES[language]?.[token] !== undefined && (index === 0 || PUNCTUATION.test(tokens[index + 1] ?? "")))
  const wordReply = at < 0 && PUNCTUATION.test(tokens[1] ?? "") ? WORD_REPLIES[language]?.[tokens[0] ?? ""] : undefined
  // "Not always.", "Pas toujours." deny the question like a "no"
  const denial = (DENIALS[language] ?? []).some(([a, b]) => tokens[0] === a && tokens[1] === b)
  const reply = denial ? -1 : wordReply ?? (at < 0 ? undefined : REPLIES[language]?.[tokens[at] ?? ""])
  if (reply === undefined) return []
  const asked = scoreClause(rules, tokenize(question, language), ignored).reduce((sum, word) => sum + word.valence, 0)
  const said = denial ? `${tokens[0]} ${tokens[1]}` : wordReply !== undefined ? tokens[0] : tokens[at]
  return Math.abs(asked) < MIN_ASKED_VALENCE ? [] : [{ word: `${said} (to "${question}")`, valence: reply * Math.sign(asked) * REPLY_VALENCE }]
}

/**
 * A clause's weight in the brand's mean (version 7): its place around a contrast (ScopedClause.weight,
 * VADER's "but" rule) times its strength |compound|. Readers weigh a mixed verdict by how strong each
 * side is, not only by which comes last: "Sehr gute App …, aber der Kundenservice ist schwer
 * erreichbar" stays positive, "gut, aber teuer und langsam" does not.
 */
export const strengthWeight = (clause: { readonly weight: number; readonly compound: number }): number =>
  clause.weight * Math.abs(clause.compound)

/** The mean compound of scored clauses weighed by `strengthWeight`; 0 when none is scored. */
const weightedMean = (scored: ReadonlyArray<{ readonly weight: number; readonly compound: number }>): number => {
  const total = scored.reduce((sum, clause) => sum + strengthWeight(clause), 0)
  return total === 0 ? 0 : scored.reduce((sum, clause) => sum + strengthWeight(clause) * clause.compound, 0) / total
}

/** The rules' judgement of a brand's clauses, and each (non-lead) clause's folded words, as the learned weights read them. */
export interface RuleReading {
  readonly judgement: SentimentJudgement
  readonly words: ReadonlyArray<ReadonlyArray<string>>
}

/**
 * The rules. Each clause gets VADER's compound score; the brand's score is `scaleScore` of the mean
 * over its opinionated clauses weighted by `strengthWeight`; no opinionated clause: 50. The words
 * come from the same tokens the rules score, without punctuation and ignored tokens.
 */
export const makeRuleReader = () => {
  const packs = makeWordLexicons()
  const rules: Record<LexiconLanguage, LanguageRules> = {
    en: englishRules(),
    de: packRules("de", packs.de),
    es: packRules("es", packs.es),
    fr: packRules("fr", packs.fr),
    it: packRules("it", packs.it),
    nl: packRules("nl", packs.nl),
    pt: packRules("pt", packs.pt)
  }
  return (clauses: ReadonlyArray<ScopedClause>, code: LexiconLanguage, ignored: ReadonlySet<string>): RuleReading => {
    const scored: Array<{ readonly weight: number; readonly compound: number }> = []
    const evidence: Array<ClauseEvidence> = []
    const clauseWords: Array<ReadonlyArray<string>> = []
    const led = clauses.some((clause) => clause.lead === true)
    for (const clause of clauses) {
      if (clause.lead === true) continue
      const cased = casedTokens(clause.text, code)
      const folded = cased.map((t) => t.folded)
      clauseWords.push(folded.filter((token) => !PUNCTUATION.test(token) && !ignored.has(token)))
      const own = [
        ...replyTo(rules[code], folded, clause.answers, code, ignored),
        ...(clause.advised === true ? [{ word: "(advice to choose it)", valence: PICK_VALENCE }] : []),
        ...(clause.lost === true ? [{ word: "(a rival gives more)", valence: OTHERS_BETTER_VALENCE }] : []),
        ...scoreClause(rules[code], folded, ignored, cased.map((t) => t.proper))
      ]
      const ownSum = own.reduce((total, word) => total + word.valence, 0)
      // a list item saying what is missing or limited ("Apple devices only, no collaboration") is no praise
      const restricted = cased.some((t) => rules[code].negators.has(t.folded) || RESTRICTIONS.has(t.folded))
      const againstLabel = clause.labelled === true && clause.lean !== undefined && ownSum * clause.lean < 0
      const leanValence = clause.lean === undefined ? 0 : clause.lean * LEAN_VALENCE * (hedgedClause(rules[code], folded) ? HEDGE_SCALAR : 1)
      // a recommending list's lean is no praise for a caveat after "but" ("…, jedoch mit
      // Helmpflicht") nor for a clause that is only a name; a Pros column or label still judges both
      const conceded = clause.weight === CONTRAST_AFTER
      const wordless = folded.every((token) => PUNCTUATION.test(token))
      // the answer to "Which is best?" that only names it ("Ninja.") is the endorsement
      const unendorsed = clause.labelled !== true && (conceded || (wordless && clause.answers === undefined))
      const words = (own.length === 0 || againstLabel) && clause.lean !== undefined &&
          !(clause.lean > 0 && (restricted || unendorsed))
        ? [{ word: clause.lean > 0 ? "(layout: pros, recommended)" : "(layout: cons)", valence: leanValence }]
        : own
      const sum = words.reduce((total, word) => total + word.valence, 0)
      if (sum === 0) continue
      const clauseCompound = compound(sum)
      scored.push({ weight: clause.weight, compound: clauseCompound })
      evidence.push({ clause: clause.text, compound: Number(clauseCompound.toFixed(4)), words })
    }
    const mean = weightedMean(scored)
    // the lead lifts a positive lean towards its own compound, never a stronger one down
    if (led && mean > 0 && mean < LEAD_COMPOUND) {
      scored.push({ weight: 1, compound: LEAD_COMPOUND })
      evidence.push({
        clause: RULES_LEAD,
        compound: Number(LEAD_COMPOUND.toFixed(4)),
        words: [{ word: "(the answer's lead)", valence: LEAD_VALENCE }]
      })
    }
    return { judgement: { score: scored.length === 0 ? 50 : scaleScore(weightedMean(scored)), evidence }, words: clauseWords }
  }
}

const NO_LEXICON: SentimentJudgement = { score: 50, evidence: [] }

/** A `Sentiment` that decides from the rules' reading; a language without a lexicon scores 50. */
const sentimentFrom = (decide: (reading: RuleReading) => SentimentJudgement): Context.Tag.Service<Sentiment> => {
  const read = makeRuleReader()
  return {
    score: (clauses, language, ignored) =>
      Effect.sync(() =>
        Option.match(lexiconLanguage(language), {
          onNone: () => NO_LEXICON,
          onSome: (code) => decide(read(clauses, code, ignored))
        })
      )
  }
}

/** The rules alone as a `Sentiment`. */
export const makeRuleSentiment = (): Context.Tag.Service<Sentiment> => sentimentFrom((reading) => reading.judgement)

/** The rules alone (`makeRuleSentiment`): the rules' tests. */
export const SentimentRulesLive: Layer.Layer<Sentiment> = Layer.sync(Sentiment, makeRuleSentiment)

/**
 * The local analyser's sentiment: the rules judge the clauses, then the learned weights
 * (analysis/SentimentModel.ts) decide the label from the rules' findings and the clauses' words. A
 * language without a lexicon keeps the rules' neutral 50.
 */
export const makeLexiconSentiment = (weights: SentimentWeights = SENTIMENT_WEIGHTS): Context.Tag.Service<Sentiment> =>
  sentimentFrom(({ judgement, words }) => calibrate(weights, judgement, words))

export const SentimentLexiconLive: Layer.Layer<Sentiment> = Layer.sync(Sentiment, () => makeLexiconSentiment())
