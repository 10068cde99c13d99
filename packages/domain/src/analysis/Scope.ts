import type { ScopedClause } from "../Sentiment.js"
import { CLAUSE_MARKERS, CONTRAST_AFTER, CONTRAST_BEFORE } from "./DomainLexicon.js"
import type { MentionSpan } from "./Mentions.js"

/**
 * Which clauses of an answer speak about which brand (the scope of sentiment).
 *
 * - The text is cut into blocks: paragraphs, list items, table rows; blocks into sentences (at
 *   `.`, `!`, `?`, `…` before whitespace); sentences into clauses at `;` and before a contrast
 *   marker ("but", "whereas", "however", "aber", "mais", "pero", ...).
 * - A clause that names tracked brands is about those brands. A clause that names none is about the
 *   brands of the previous clause in the same block ("It is also…", "But the app is clunky", the
 *   rest of a list item), and a question's brands carry to the answer that follows it.
 * - Questions ("Is X good for…?", "asked whether X is worth it") are not scored.
 * - Within a sentence, the clause after a contrast marker weighs CONTRAST_AFTER and the clause
 *   before it CONTRAST_BEFORE. Headings are not scored.
 * - Mentions, and the capitalised words of tracked names elsewhere, are never scored.
 * - A table row is about the brands of its first non-empty cell, or, when that cell names none,
 *   the brands in the row (its cells are its clauses): "| Sennheiser | … | lags behind Sony |"
 *   judges Sennheiser, not Sony. The header row is not scored.
 */

/** The brands mentioned in one answer, each with its mention spans. */
export interface ScopeBrand<B> {
  readonly brand: B
  readonly spans: ReadonlyArray<MentionSpan>
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

type MarkerKind = keyof typeof CLAUSE_MARKERS
const MARKER_KINDS = new Map<string, MarkerKind>(
  (Object.keys(CLAUSE_MARKERS) as Array<MarkerKind>).flatMap((kind) =>
    Object.values(CLAUSE_MARKERS[kind]).flat().map((marker) => [marker, kind] as const)
  )
)
const MARKERS = [...MARKER_KINDS.keys()].sort((a, b) => b.length - a.length)
const MARKER = new RegExp(`(?<![\\p{L}\\p{N}])(?:${MARKERS.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "giu")

/**
 * The baseline of a comparison: "Bolt is cheaper than Uber", "günstiger als", "plus cher que",
 * "más caro que". A brand named only after it is what the clause compares with, not what it judges.
 * Version 12: so is a maker or owner named after "developed by", "owned by", "rachetée par",
 * "comprada por" ("tiny buds …, developed by former Bose engineers" is about the buds).
 * Version 14: a brand the clause would not be chosen over ("hard to recommend over the Baratza").
 * Version 23: a multiple of a rival's price ("roughly double Leadpages' entry price").
 */
const COMPARISON =
  /(?<![\p{L}])(?:(?:developed|made|built|founded|created|owned|acquired|bought|backed|designed|started)\s+by(?:\s+former)?|(?:rachet|développ|fond|cré|détenu|possédé)\p{L}*\s+par|(?:comprad|adquirid|desarrollad|fundad|cread)\p{L}*\s+por|propiedad\s+de|(?:a\s+)?fraction\s+of|than|behind|ahead\s+of|unlike|(?:double|twice|triple)(?!\s*[,;.])(?!\s+(?:the|a|an|as|its|their|that|in|on|per|over|since)(?![\p{L}]))|next\s+to|compared\s+(?:to|with)|in\s+comparison\s+(?:to|with)|im\s+vergleich\s+(?:zu|mit)|par\s+rapport\s+(?:à|au|aux)|comparad\p{L}*\s+con|en\s+comparación\s+con|frente\s+a|(?:recommend|choose|pick|prefer|buy|justify)\p{L}*(?:\s+(?:it|them|this|one))?\s+over|cost\p{L}*(?:\s+\p{L}+){0,2}\s+as\s+much\s+as|contrary\s+to|im\s+gegensatz\s+zu|anders\s+als|gegenüber|contrairement\s+(?:à|au|aux)|à\s+la\s+différence\s+d(?:e|u|es)|a\s+diferencia\s+de|al\s+contrario\s+que|(?:\p{L}+er|mehr|weniger)\s+als|(?:plus|moins|mieux|meilleure?s?|pire)(?:\s+\p{L}+){0,3}\s+qu(?:e|['’])|(?:más|menos|mejor|mejores|peor)(?:\s+\p{L}+){0,3}\s+que)(?:(?<=['’])|(?![\p{L}]))/iu

/**
 * A clause that opens with a comparison and a comma (version 21): "Like Bath & Body Works, it
 * releases dozens of new scents", "As with X,", "Wie bei X,", "Comme X,", "Al igual que X,". When X
 * is all the clause names, the clause is about the brand of its block, not X.
 */
const LIKE_OPENING = /^[\s*_–—-]*(?:(?:just\s+)?like|as\s+with|similar\s+to|wie\s+bei|ähnlich\s+wie|comme|comme\s+pour|como|al\s+igual\s+que)\s+[^,;:.]{1,60},/iu

/** "Alternatives to X", "instead of X": X is the baseline the clause leaves, not what it judges. */
const ALTERNATIVE_TO =
  /(?<![\p{L}])(?:alternatives?(?:\s+\p{L}+){0,2}?\s+(?:to|for)|instead\s+of|rather\s+than|alternativen?\s+zu|statt|anstelle\s+von|alternatives?(?:\s+\p{L}+){0,2}?\s+(?:à|a)|au\s+lieu\s+de|alternativas?(?:\s+\p{L}+){0,2}?\s+a|en\s+lugar\s+de|en\s+vez\s+de|complement\s+to|compl[ée]ment\s+(?:à|de)|ergänzung\s+zu|complemento\s+(?:a|de))\s+(?:(?:the|a|an|der|die|das|dem|le|la|les|el|los|las|un|une)\s+|l['’])?[*_]*/giu

/** Version 14: "the best Acrobat alternative", "die beste Notion-Alternative": the name before "alternative" is left. */
const BEFORE_ALTERNATIVE = /^[*_]*(?:\s+|-)alternative(?:s|n)?(?![\p{L}])/iu

/**
 * A brand that only qualifies another ("the network of Vodafone", "owned by Google", "del grupo
 * Santander", "con la red de Vodafone", "von Google"): a preposition of attachment, at most two
 * lower-case words, then the name.
 */
const ATTACHED =
  /(?<![\p{L}])(?:of|by|from|via|on|with|von|vom|mit|de|del|du|des|d['’]|con|avec|par|por)\s*(?:\p{Ll}+\s+){0,2}[*_]*$/u

/** "Nothing is cheaper than X", "Rien ne vaut X": a comparison that opens with no one praises its baseline. */
const NOTHING_OPENS =
  /^[\s*_–—-]*(?:nothing|no one|nobody|none|nichts|niemand|keine?r?|rien|personne|aucune?|nada|nadie|ningun[oa]?)(?![\p{L}])/iu

/** A heading that asks a question ("### Is it worth paying for?"). */
const QUESTION_HEADING = /\?\s*[*_]*\s*$/u

/**
 * A rival that gives more (version 21): "…, but you get more for less with Nectar", "you get far
 * more for your money from XPPen", "a Garmin gives you more for less", "it makes more sense to buy
 * the Vue", "you're better off with Tally", "on en a plus pour son argent chez…", "más por menos
 * con…", version 23 "for the same money, a comparable Kioti gives you more horsepower". The words
 * before the rival's name in its clause; the block's subject loses the comparison.
 */
const RIVAL_GIVES_MORE = new RegExp(
  String.raw`(?:more(?:\s+\p{L}+){0,2}?\s+for\s+(?:less|your\s+money|the\s+money|your\s+budget)|better\s+value|better\s+off|better\s+served|` +
    String.raw`makes?\s+more\s+sense\s+to\s+(?:buy|get|pick|choose|go\s+with)|fraction\s+of\s+the\s+(?:price|cost)|` +
    // version 23: "for the same money, a comparable Kioti gives you more horsepower"
    String.raw`for\s+the\s+same\s+(?:money|price|cash|budget|outlay),?|` +
    String.raw`mehr\s+fürs?\s+(?:geld|budget)|plus\s+pour\s+(?:moins|son\s+argent|votre\s+argent)|más\s+por\s+(?:menos|tu\s+dinero|su\s+dinero))` +
    String.raw`(?:\s+[\p{L}'’$€£\d.,]+){0,4}?\s+(?:with|from|at|by|than|bei|mit|avec|chez|con|en)?\s*` +
    String.raw`(?:the\s+|an?\s+|der\s+|die\s+|dem\s+|le\s+|la\s+|l['’]|el\s+|un\s+|une\s+)?[*_]*$`,
  "iu"
)
/** A rival named as the subject that gives more: "a Garmin gives you more for less", "HubSpot's free CRM does more for less". */
const GIVES_MORE_AFTER = /^[*_]*(?:['’]s)?(?:\s+\p{L}+){0,3}\s+(?:gives?|does|offers?)\s+(?:you\s+)?(?:far\s+|much\s+)?more\s+for\s+(?:less|your\s+money|the\s+money)/iu

/**
 * Version 22: the same for less from a rival: "most parents get the same output from the Elvie Stride
 * for less" (SAME_FROM before the rival's name, FOR_LESS after it).
 */
const SAME_FROM = /(?:the\s+same|as\s+much)(?:\s+[\p{L}-]+){0,3}?\s+(?:from|with|at|on)\s+(?:the\s+|an?\s+)?[*_]*$/iu
const FOR_LESS = /^[^.;:!?]{0,40}?\s+for\s+(?:less|a\s+fraction|(?:far\s+|much\s+)?(?:less|cheaper)|half\s+the\s+(?:price|cost))(?![\p{L}])/iu

/**
 * German: the reader is better off with a rival, said after its name: "Wer planbar zahlen möchte, fährt
 * mit einem Taxi über FREENOW meist besser", "ist mit Tado besser bedient" (version 22).
 */
const BETTER_WITH = /(?<![\p{L}])(?:fährt|fahren|fährst|ist|sind|bist|seid)\s+(?:\p{L}+\s+){0,4}(?:mit|bei)\s+(?:\p{L}+\s+){0,4}[*_]*$/iu
const BETTER_AFTER = /^[*_]*(?:\s+\p{L}+){0,6}?\s+(?:besser|günstiger)(?:\s+(?:bedient|beraten|aufgehoben|dran))?\s*[*_]*(?:[.;,!?]|$)/iu

/** A pronoun standing for a brand named before ("it", "they", German "es", French "il"; not "gibt es", "faut-il"). */
const PRONOUN = /(?<![\p{L}])(?:it|its|they|them|their|(?<!gibt\s)es|(?<!faut-)(?<!a-t-)il|elle|ils|elles)(?![\p{L}])/iu

/** ", and " before a new subject, in the four languages (markdown emphasis allowed). */
const NEW_SUBJECT = /,\s+(?:and|und|et|y|e)\s+[*_]*/giu

/** A dash set off by spaces inside a sentence (" — ", " – "). */
const CLAUSE_DASH = /\s[—–]\s/gu

/** Column headers and line labels that say which side a clause is on. */
const PROS = /^\s*[*_]*\s*(?:pros?|advantages?|strengths?|upsides?|(?:best|ideal|good|great) for|best suited (?:for|to)|ideal für|geeignet für|am besten für|idéale? pour|(?:le )?meilleur pour|idéal pour|ideal para|mejor para|perfecto para|vorteile?|stärken|avantages?|points? forts?|ventajas?|pros y contras|puntos fuertes)\s*[*_]*\s*:?\s*[*_]*\s*$/iu
const CONS = /^\s*[*_]*\s*(?:cons|disadvantages?|drawbacks?|weaknesses|downsides?|limitations?|nachteile?|schwächen|inconvénients?|points? faibles?|désavantages?|inconvenientes?|desventajas?|contras?|puntos débiles)\s*[*_]*\s*:?\s*[*_]*\s*$/iu
const LINE_LABEL = /^\s*[*_]*\s*([\p{L} ]{2,20}?)\s*[*_]*\s*:\s*[*_]*\s*/u

/**
 * An answer that recommends: a list introduced by "best", "top", "recommended", "alternatives"...
 * ("Top Zoom alternatives:", "Die besten Online-Banken", "Les meilleurs…", "Las mejores…"), or the
 * answer to a question asking for the best or a recommendation. Its items endorse the brands they
 * name: a clause there without opinion words leans +1.
 */
const RECOMMENDS =
  /(?<![\p{L}])(?:best|top|recommended|recommend(?:ations?)?|good|great|favou?rites?|alternatives?|picks?|beste[nrs]?|empfehl\p{L}*|gute[nr]?|alternativen?|meilleure?s?|recommand\p{L}*|bon(?:ne)?s?|mejore?s?|recomend\p{L}*|buen[oa]s?|alternativas?)(?![\p{L}])/iu

/**
 * Version 15: a sentence whose subject is what the list below it names ("If that's why you're looking
 * elsewhere, these registrars are better value:", "voici les options :") judges no brand before it.
 */
const INTRODUCES_BELOW =
  /(?:^\s*|[,;:]\s*)[*_]*(?:these|the following|here are|here's|diese|folgende|voici|ces|estas|estos|las siguientes|los siguientes)(?![\p{L}])[^:]*:\s*[*_]*\s*$/iu

/**
 * Version 18: so does a sentence ending in a full stop that only names the options ("If you want
 * something that costs less, these are the best options.", "estas son las mejores opciones.").
 */
const NAMES_OPTIONS_BELOW =
  /(?:^\s*|[,;:]\s*)[*_]*(?:(?:these|here)\s+are\s+(?:the\s+|some\s+)?|(?:voici|ce\s+sont)\s+(?:les\s+|des\s+)?|(?:estas|estos)\s+son\s+(?:las\s+|los\s+|unas\s+)?|(?:das|hier)\s+sind\s+(?:die\s+)?)(?:\p{L}+\s+){0,2}(?:options|alternatives|picks|choices|choix|opciones|alternativas|optionen|alternativen)\.\s*[*_]*\s*$/iu

/**
 * The label of an answer's closing verdict ("**Bottom line:**", "Verdict:", "In short:", "Fazit:",
 * "En résumé :", "Conclusión:"). Version 12: a brand it names for a need ("Ultrasun for long days
 * outdoors", "TrueNAS if you want full control", "DeepL para documentos") is advised like "pick X".
 * (Weighing the whole line twice as much was measured: no gain.)
 */
const SUMMARY =
  /^(?:bottom line|the bottom line|verdict|the verdict|our verdict|in short|in summary|summary|in a nutshell|conclusion|overall|our picks?|our take|my take|recommendation|our recommendation|tl;?dr|final thoughts|fazit|kurz gesagt|kurzfazit|zusammenfassung|unser tipp|unsere empfehlung|empfehlung|en résumé|en bref|notre conseil|notre choix|notre verdict|en resumen|conclusión|veredicto|en pocas palabras|nuestra recomendación|nuestra elección)$/iu
/** A need after a brand named in a summary: "X for…", "X if…", "X para…". */
const FOR_NEED = /^[\s*_]*(?:for|if|when|für|wenn|bei|pour|si|quand|para|cuando)(?![\p{L}])/iu
/** Where a summary's next item may start: a comma or semicolon, and an "and"/"or". */
const SUMMARY_ITEM = /[,;]\s*(?:(?:and|or|und|oder|et|ou|y|o)\s+)?[*_]*/giu
/** What may open a clause before its words: punctuation, markdown and a line label ("**Verdict:**"). */
const CLAUSE_OPENING = String.raw`^[\s*_:;,.–—-]*(?:\p{L}[\p{L} ]{1,24}[*_]*:[\s*_]*)?`
/** A brand named first in its clause: nothing before it but the clause's opening. */
const OPENS_CLAUSE = new RegExp(`${CLAUSE_OPENING}$`, "u")

const leanOf = (label: string): 1 | -1 | undefined => PROS.test(label) ? 1 : CONS.test(label) ? -1 : undefined

/**
 * Advice to choose the brand named next, opening its clause: "pick August if you rent", "; choose
 * Zoom Webinars if…", "otherwise start with the Potensic", "optez pour…", "elige…", "nehmen Sie…",
 * also after a line label (version 12: "**Verdict:** Start with GitHub Actions", "Bottom line: Pick…").
 */
const ADVICE = new RegExp(
  CLAUSE_OPENING +
    String.raw`(?:(?:otherwise|or|and|then|just|simply|instead|sinon|sino|ansonsten|sonst)[\s,]+)?` +
    String.raw`(?:choose|pick|go with|go for|opt for|get|try|start with|stick with|buy|choisissez|optez pour|prenez|privilégiez|elige|elija|opta por|opte por|escoge|escoja|nehmen sie|wählen sie|greifen sie zu)` +
    String.raw`\s+(?:the\s+|le\s+|la\s+|l'|el\s+|den\s+|die\s+|das\s+)?[*_]*$`,
  "iu"
)

/** A feature matrix's cell ("Yes", "✓", "No") says what a product has, not how good it is. */
const FEATURE_MARK = /^\s*[*_]*\s*(?:yes|no|ja|nein|oui|non|s[ií]|✓|✔|✗|✘|❌|✅|x|-|—|n\/a)\s*[*_]*\s*$/iu

const TABLE_SEPARATOR = /^\s*\|?[\s:|-]+\|?\s*$/u
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)])\s+/u
const HEADING = /^\s*#{1,6}\s/u
/** A heading about the alternatives to a brand does not make that brand the section's subject. */
const ALTERNATIVES = /(?<![\p{L}])(?:alternatives?|instead|vs\.?|versus|alternativen?|alternativas?|compared?|comparison|vergleich|comparatif)(?![\p{L}])/iu
/** Reported questions ("readers asked whether X is worth it") are questions too. */
const INDIRECT_QUESTION = /(?<![\p{L}])(?:whether)(?![\p{L}])/iu
const MARKDOWN_SYMBOLS = /[*_`#>|~]/gu

interface Segment {
  readonly start: number
  readonly end: number
  readonly weight: number
  readonly question: boolean
  /** An opening condition ("If you want the highest rate,"): the reader's need, not a verdict. */
  readonly condition: boolean
}

/**
 * Sentence ends: `.!?…`, with any closing `**`/`_`, followed by whitespace or the end of the range;
 * not the last character of a tracked name ("Supergoop! if texture is everything", "Yahoo!").
 */
const sentences = (
  text: string,
  start: number,
  end: number,
  spans: ReadonlyArray<MentionSpan>
): Array<{ start: number; end: number }> => {
  const out: Array<{ start: number; end: number }> = []
  let from = start
  for (let i = start; i < end; i++) {
    const char = text[i] ?? ""
    if (!/[.!?…]/u.test(char) || spans.some((span) => span.start <= i && i < span.end)) continue
    // closing emphasis belongs to the sentence: "**Is Acmo good?** It used to be."
    let close = i + 1
    while (close < end && /[*_]/u.test(text[close] ?? "")) close++
    if (close >= end || /\s/u.test(text[close] ?? "")) {
      out.push({ start: from, end: close })
      from = close
      i = close - 1
    }
  }
  if (from < end) out.push({ start: from, end })
  return out.filter((s) => text.slice(s.start, s.end).trim().length > 0)
}

interface Cut {
  readonly at: number
  /** "conceded": an opening concession ("Although it is pricey,"), up to its comma. */
  readonly kind: MarkerKind | "plain" | "conceded" | "main" | "condition"
}

/**
 * What comes last dominates after a contrast ("but", "however") and in the main clause after an
 * opening "Although …,"; a concession after its main clause ("…, though …") weighs like it (version 10).
 */
const weightOf = (cut: Cut, next: Cut | undefined): number => {
  if (cut.kind === "conceded") return CONTRAST_BEFORE
  if (cut.kind === "contrast" || cut.kind === "main") return CONTRAST_AFTER
  return next?.kind === "contrast" ? CONTRAST_BEFORE : 1
}

/** Contrast markers that only join clauses: they always open the clause they start ("cheap but slow"). */
const CONJUNCTIONS: ReadonlySet<string> = new Set(["but", "yet", "except that", "mais", "pero"])

/**
 * Contrast adverbs that can stand inside their clause ("The support is, however, slow" aside):
 * "Le service client reste cependant difficile", "stößt jedoch schnell an Grenzen", German
 * verb-second "bietet aber weniger Tiefe", "the menus are confusing, though." The contrast starts
 * where the clause does, not at the adverb. Every contrast marker but the conjunctions, and "though".
 */
const ADVERBIAL_MARKERS: ReadonlySet<string> = new Set([
  ...Object.values(CLAUSE_MARKERS.contrast).flat().filter((marker) => !CONJUNCTIONS.has(marker)),
  "though"
])

/**
 * Where the clause of a contrast adverb starts: undefined when the adverb opens its clause (after a
 * comma, a semicolon, or as a conjunction: "cheap but slow"); else the start of the clause it
 * stands in: after the last comma or semicolon before it ("einfach, stößt … jedoch an Grenzen"), or
 * the sentence start (0: the whole sentence contrasts with what came before, "Die Preiserhöhung hat
 * allerdings viele verärgert"). A trailing "though" ("…, though.") contrasts its whole clause.
 */
const adverbialCut = (sentence: string, index: number, marker: string): number | undefined => {
  const word = marker.toLowerCase()
  if (!ADVERBIAL_MARKERS.has(word)) return undefined
  const before = sentence.slice(0, index)
  const trailing = /^[\s*_.!?…)]*$/u.test(sentence.slice(index + marker.length))
  if (word === "though" && !trailing) return undefined
  if (!trailing && /[,;:–—(]\s*[*_]*\s*$/u.test(before)) return undefined
  const boundary = trailing
    ? before.lastIndexOf(";")
    : Math.max(before.search(/(?:;|,(?!\d))(?=(?:[^,;]|,\d)*$)/u), -1)
  if (boundary < 0) return 0
  // the clause the adverb stands in must say something before it
  return /[\p{L}\p{N}]/u.test(before.slice(boundary + 1)) ? boundary + 1 : undefined
}

/** A sentence opening with a condition: "If …,", "Wenn …,", "Falls …,", "Si …,". */
const CONDITION = /^[\s*_\-–—•]*(?:if|wenn|falls|si)\s/iu

/**
 * Clauses of a sentence: cut at `;` and before every clause marker (CLAUSE_MARKERS); a sentence
 * that opens with a concession is also cut at its first comma, where the main clause begins.
 */
const clauses = (text: string, start: number, end: number): Array<Segment> => {
  const sentence = text.slice(start, end)
  const question = /\?\s*[*_]*\s*$/u.test(sentence) || /^\s*[*_]*¿/u.test(sentence) || INDIRECT_QUESTION.test(sentence)
  const cuts: Array<Cut> = [{ at: 0, kind: "plain" }]
  for (const match of sentence.matchAll(MARKER)) {
    // "yet another" is emphasis, not a contrast
    if (/^yet$/iu.test(match[0]) && /^\s+another\b/iu.test(sentence.slice(match.index + match[0].length))) continue
    const kind = MARKER_KINDS.get(match[0].toLowerCase()) ?? "switch"
    const before = sentence.slice(0, match.index)
    const opening = before.replace(/[\s*_\-–—•:]+/gu, "").length === 0
    if (!opening) {
      const at = adverbialCut(sentence, match.index, match[0])
      if (at === undefined) cuts.push({ at: match.index, kind })
      else if (at === 0) cuts[0] = { at: 0, kind }
      else cuts.push({ at, kind })
      continue
    }
    const comma = kind === "concession" ? sentence.indexOf(",", match.index) : -1
    if (comma > 0) {
      cuts[0] = { at: 0, kind: "conceded" }
      cuts.push({ at: comma + 1, kind: "main" })
    } else cuts[0] = { at: 0, kind }
  }
  const condition = CONDITION.exec(sentence)
  const comma = condition === null ? -1 : sentence.indexOf(",", condition[0].length)
  if (condition !== null && comma > 0 && cuts[0]?.kind === "plain" && !cuts.some((cut) => cut.at > 0 && cut.at <= comma)) {
    cuts[0] = { at: 0, kind: "condition" }
    cuts.push({ at: comma + 1, kind: "plain" })
  }
  for (const match of sentence.matchAll(/;/gu)) {
    // an adverb's clause may already start here ("…; the menus are confusing, though.")
    if (!cuts.some((cut) => cut.at === match.index + 1)) cuts.push({ at: match.index + 1, kind: "plain" })
  }
  cuts.sort((a, b) => a.at - b.at)
  return cuts.map((cut, index) => ({
    start: start + cut.at,
    end: start + (cuts[index + 1]?.at ?? sentence.length),
    weight: weightOf(cut, cuts[index + 1]),
    question,
    condition: cut.kind === "condition"
  })).filter((segment) => /[\p{L}\p{N}]/u.test(text.slice(segment.start, segment.end)))
}

/**
 * The words of tracked names that are never scored, as a pattern: each capitalised word of a name
 * or alias ("Less Annoying CRM" -> "Less", "Annoying", "CRM"), whole words, case-sensitive, so a
 * partial mention ("Annoying is cheap") is not scored but an ordinary "great" in "Great Bank is
 * great value" still is.
 */
export const nameWordPattern = (names: ReadonlyArray<string>): RegExp | null => {
  const words = [...new Set(names.flatMap((name) => name.split(/[^\p{L}\p{N}]+/u)))]
    .filter((word) => word.length > 1 && /^\p{Lu}/u.test(word))
    .sort((a, b) => b.length - a.length)
  return words.length === 0 ? null : new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "gu")
}

/**
 * The clause's text as the judge reads it: mentions, name words and markdown symbols blanked, and
 * (version 10) asides in parentheses left out: "(except Paris, which banned rental scooters)",
 * "(from $9 a month)" qualify the clause without judging its brand.
 */
const clauseText = (text: string, segment: Segment, spans: ReadonlyArray<MentionSpan>, nameWords: RegExp | null): string => {
  let out = text.slice(segment.start, segment.end)
  for (const span of spans) {
    const from = Math.max(span.start, segment.start) - segment.start
    const to = Math.min(span.end, segment.end) - segment.start
    if (from < to) out = out.slice(0, from) + " ".repeat(to - from) + out.slice(to)
  }
  if (nameWords !== null) out = out.replace(nameWords, (word) => " ".repeat(word.length))
  return out.replace(/\([^()]*\)/gu, " ").replace(MARKDOWN_SYMBOLS, " ").replace(/\s+/gu, " ").trim()
}

/**
 * Where the baselines of "alternatives to X" between `start` and `end` begin (X's first character):
 * after "alternatives to", "instead of"…, and a name before "alternative" (`spans`: the tracked
 * names' mentions).
 */
const alternativeBaselines = (text: string, start: number, end: number, spans: ReadonlyArray<MentionSpan>): Array<number> => [
  ...[...text.slice(start, end).matchAll(ALTERNATIVE_TO)].map((match) => start + match.index + match[0].length),
  ...spans
    .filter((span) => span.start >= start && span.end <= end && BEFORE_ALTERNATIVE.test(text.slice(span.end, span.end + 20)))
    .map((span) => span.start)
]

/** Where the answer's first paragraph ends (its first blank line, or the whole text). */
const introEnd = (text: string): number => {
  const blank = text.search(/\n\s*\n/u)
  return blank === -1 ? text.length : blank
}

/** The [start, end) ranges of the answer's markdown headings. */
const headingRanges = (text: string): Array<readonly [number, number]> =>
  [...text.matchAll(/^#{1,6}[^\n]*/gmu)].map((match) => [match.index, match.index + match[0].length] as const)

/**
 * The answer's lead (version 17): the brand it names first, not counting a brand the answer names
 * anywhere as what it leaves ("Alternatives to Asana: Trello…" leads with Trello, "the best Notion
 * alternative" with the brand after it; version 18: "## Alternativas a Strava … Strava sigue
 * siendo…" never leads with Strava; version 20: only its intro and headings say what it leaves, so
 * "a lower-cost alternative to the AirSense" further down keeps ResMed the lead). Answers put their
 * pick first; the lead's own lean is read as a recommendation (Sentiment.ts, LEAD_VALENCE).
 */
export const answerLead = <B>(text: string, brands: ReadonlyArray<ScopeBrand<B>>): B | undefined => {
  const named = brands.flatMap((b) => b.spans.map((span) => ({ brand: b.brand, span })))
  const spans = named.map(({ span }) => span)
  const baselines = new Set([
    ...alternativeBaselines(text, 0, introEnd(text), spans),
    ...headingRanges(text).flatMap(([start, end]) => alternativeBaselines(text, start, end, spans))
  ])
  const left = new Set(named.filter(({ span }) => baselines.has(span.start)).map(({ brand }) => brand))
  return named.sort((a, b) => a.span.start - b.span.start).find(({ brand }) => !left.has(brand))?.brand
}

/** Attributes every clause of `text` to the brands it is about; brands in `brands` order. */
export const scopeClauses = <B>(
  text: string,
  brands: ReadonlyArray<ScopeBrand<B>>,
  nameWords: RegExp | null = null
): ReadonlyMap<B, ReadonlyArray<ScopedClause>> => {
  const allSpans = brands.flatMap((b) => b.spans)
  const out = new Map<B, Array<ScopedClause>>(brands.map((b) => [b.brand, []]))
  const brandsIn = (start: number, end: number): Array<B> =>
    brands.filter((b) => b.spans.some((span) => span.start < end && span.end > start)).map((b) => b.brand)
  let lean: 1 | -1 | undefined
  // the lean comes from a Pros/Cons column or label, not from a recommending list
  let labelled = false
  // the question the next clause answers ("Is X worth it?" -> "Yes, …")
  let answering: string | undefined
  // the brands the last judged clause was about: a heading question "Is it worth it?" goes on with them
  let lastJudged: ReadonlyArray<B> = []
  // the line is a closing verdict ("**Bottom line:** …")
  let summary = false
  /** The first mention inside the segment. */
  const firstSpanIn = (segment: Segment): MentionSpan | undefined =>
    allSpans.reduce<MentionSpan | undefined>((found, span) =>
      span.start >= segment.start && span.start < Math.min(found?.start ?? Infinity, segment.end) ? span : found, undefined)
  const attribute = (targets: ReadonlyArray<B>, segment: Segment, answers?: string): void => {
    const first = firstSpanIn(segment)
    const before = first === undefined ? "" : text.slice(segment.start, first.start)
    const advised = first !== undefined && (ADVICE.test(before) ||
      (summary && OPENS_CLAUSE.test(before) && FOR_NEED.test(text.slice(first.end, segment.end))))
    const clause: ScopedClause = {
      text: clauseText(text, segment, allSpans, nameWords),
      weight: segment.weight,
      ...(lean === undefined ? {} : { lean }),
      ...(lean !== undefined && labelled ? { labelled } : {}),
      ...(answers === undefined ? {} : { answers }),
      ...(advised ? { advised } : {})
    }
    if (clause.text.length === 0 && lean === undefined) return
    if (targets.length > 0) lastJudged = targets
    for (const target of targets) out.get(target)?.push(clause)
  }
  /** A segment cut at the matches of `pattern` where `cuts(at, next, from)` holds (`next`: where the match ends). */
  const cutAt = (segment: Segment, pattern: RegExp, cuts: (at: number, next: number, from: number) => boolean): Array<Segment> => {
    const out: Array<Segment> = []
    let from = segment.start
    for (const match of text.slice(segment.start, segment.end).matchAll(pattern)) {
      const at = segment.start + match.index
      if (!cuts(at, at + match[0].length, from)) continue
      out.push({ ...segment, start: from, end: at })
      from = at
    }
    out.push({ ...segment, start: from })
    return out
  }
  /** What a clause says between `from` and `at` after the last brand it names there. */
  const saidAfterLastName = (from: number, at: number): string =>
    text.slice(allSpans.filter((span) => span.start >= from && span.end <= at).reduce((end, span) => Math.max(end, span.end), from), at)
  const wordCount = (said: string): number => (said.match(/\p{L}{2,}/gu) ?? []).length
  /**
   * A clause that goes on with ", and <brand> …" after saying something of an earlier brand is
   * two clauses ("X is pricier but its boarding is calm, and Y is late"); a list of names
   * ("X, Y, and Z are popular") is not cut. The part after a cut weighs 1.
   */
  const splitAtNewSubject = (segment: Segment): Array<Segment> => {
    const parts = cutAt(segment, NEW_SUBJECT, (at, next, from) =>
      allSpans.some((span) => span.start === next) && wordCount(saidAfterLastName(from, at)) >= 2)
    const last = parts.length - 1
    return parts.map((part, i) => i > 0 && i === last ? { ...part, weight: 1 } : part)
  }
  /**
   * Version 22: a spaced dash between what a clause says of one brand and a clause naming another is
   * two clauses ("Skip Casetify unless the design is the whole point — you get more protection for
   * less money with Spigen or Mous"); an aside ("X — a 1998 company — offers") names no one new.
   */
  const splitAtDash = (segment: Segment): Array<Segment> =>
    cutAt(segment, CLAUSE_DASH, (at, _next, from) => {
      // words said of the brand, not its product's name in the item's emphasis ("**W5 All in 1 (Lidl)** – …")
      const words = wordCount(saidAfterLastName(from, at).replace(/^[^]*[*_]/u, ""))
      const earlier = brandsIn(from, at)
      const later = brandsIn(at, segment.end)
      return earlier.length > 0 && later.length > 0 && words >= 2 && !later.some((b) => earlier.includes(b))
    })
  /** A closing verdict's items, one per brand: "Brave for most users, Firefox if…, and Edge only if…". */
  const splitAtSummaryItems = (segment: Segment): Array<Segment> =>
    cutAt(segment, SUMMARY_ITEM, (_at, next) => allSpans.some((span) => span.start === next))
  /** Where the baselines of "alternatives to X" in a clause start (once per clause: `judgedIn` and `baselineOnly` both ask). */
  const baselines = new WeakMap<Segment, Array<number>>()
  const baselinesIn = (segment: Segment): Array<number> => {
    const known = baselines.get(segment)
    if (known !== undefined) return known
    const found = alternativeBaselines(text, segment.start, segment.end, allSpans)
    baselines.set(segment, found)
    return found
  }
  /** The brands a clause judges: those it names, less the baseline of a comparison. */
  const judgedIn = (segment: Segment): Array<B> => {
    const all = brandsIn(segment.start, segment.end)
    const clause = text.slice(segment.start, segment.end)
    const left = baselinesIn(segment)
    const baseline = (brand: B): boolean =>
      brands.some((b) => b.brand === brand && b.spans.some((span) => left.includes(span.start)))
    const first = Math.min(...brands.filter((b) => all.includes(b.brand)).flatMap((b) =>
      b.spans.filter((span) => span.start >= segment.start && span.end <= segment.end).map((span) => span.start)
    ))
    // "Lowi – cheap plans on the network of Vodafone", "Openbank, del grupo Santander": Vodafone and
    // Santander only qualify the brand the clause is about
    const attached = (brand: B): boolean =>
      brands.some((b) =>
        b.brand === brand && b.spans.filter((span) => span.start >= segment.start && span.end <= segment.end).every((span) =>
          span.start > first && ATTACHED.test(text.slice(Math.max(segment.start, span.start - 40), span.start))
        )
      )
    // an opening condition that only names what the reader leaves ("If you want alternatives to X,") judges no one
    const named = all.length < 2 && !segment.condition ? all : all.filter((brand) => !baseline(brand) && !attached(brand))
    const comparison = COMPARISON.exec(clause)
    if (comparison === null || named.length < 2) return named
    const pivot = segment.start + comparison.index
    const before = brands.filter((b) => b.spans.some((span) => span.start >= segment.start && span.start < pivot))
    if (before.length === 0) return named
    return named.filter((brand) => before.some((b) => b.brand === brand))
  }

  /**
   * A clause that names brands only after "than" / "que" / "als" ("; the free plan is more limited
   * than Canva's", "Ses offres sont moins chères que le tarif d'EDF") compares the brand it
   * continues with them: with a brand to continue (the subject of its block), it judges that brand,
   * not the baselines.
   */
  const baselineOnly = (segment: Segment, named: ReadonlyArray<B>): boolean => {
    if (named.length === 0) return false
    // version 21: "Like Bath & Body Works, it releases…": the brands of the opening comparison only
    const like = LIKE_OPENING.exec(text.slice(segment.start, segment.end))
    if (like !== null) {
      const end = segment.start + like[0].length
      return allSpans.every((span) => span.end <= segment.start || span.start >= segment.end || span.end <= end)
    }
    // version 12: "Es una alternativa sólida a Clicars" in Autohero's paragraph is about Autohero
    const left = baselinesIn(segment)
    const inSegment = (span: MentionSpan) => span.start >= segment.start && span.start < segment.end
    if (left.length > 0 && brands.every((b) => b.spans.filter(inSegment).every((span) => left.includes(span.start)))) return true
    const comparison = COMPARISON.exec(text.slice(segment.start, segment.end))
    if (comparison === null) return false
    const pivot = segment.start + comparison.index
    return brands.every((b) => b.spans.every((span) => span.start >= pivot || span.end <= segment.start || span.start >= segment.end))
  }

  /** Whether the clause names a rival that gives more than the brand of its block (RIVAL_GIVES_MORE). */
  const rivalGivesMore = (segment: Segment): boolean => {
    const first = firstSpanIn(segment)
    if (first === undefined) return false
    const before = text.slice(segment.start, first.start)
    const after = text.slice(first.end, segment.end)
    return RIVAL_GIVES_MORE.test(before) || GIVES_MORE_AFTER.test(after) || (SAME_FROM.test(before) && FOR_LESS.test(after)) ||
      (BETTER_WITH.test(before) && BETTER_AFTER.test(after))
  }

  let subject: ReadonlyArray<B> = []
  // the brand a heading introduces ("### 2. HubSpot") keeps the section's unnamed blocks
  let section: ReadonlyArray<B> = []
  // the indentation of the list item that named the subject: deeper items continue it
  let itemIndent = -1
  let afterQuestion = false
  let blank = false
  let recommending = false
  let endorsing = false
  let columns: ReadonlyArray<1 | -1 | undefined> = []
  let previousLineWasTable = false
  let offset = 0
  for (const line of text.split("\n")) {
    const start = offset
    const end = offset + line.length
    offset = end + 1
    const trimmed = line.trim()
    const isTable = trimmed.startsWith("|")
    summary = false
    if (trimmed.length === 0) {
      blank = true
      previousLineWasTable = false
      continue
    }
    const indent = line.length - trimmed.length - (line.length - line.trimEnd().length)
    // a blank line ends the block, unless what follows is indented under the current list item
    if (blank && !(itemIndent >= 0 && indent > itemIndent)) {
      if (!afterQuestion) subject = section
      itemIndent = -1
    }
    blank = false
    if (isTable) {
      const header = !previousLineWasTable
      previousLineWasTable = true
      if (header) columns = line.split("|").map(leanOf)
      if (header || TABLE_SEPARATOR.test(line)) continue
      const cells = line.split("|")
      // the row's head: the brands of its first non-empty cell ("| Sennheiser Momentum 4 | … |")
      const headAt = cells.findIndex((cell) => cell.trim().length > 0)
      const headStart = start + cells.slice(0, Math.max(0, headAt)).reduce((sum, cell) => sum + cell.length + 1, 0)
      const head = headAt < 0 ? [] : brandsIn(headStart, headStart + (cells[headAt]?.length ?? 0))
      const row = brandsIn(start, end)
      let cellStart = start
      for (const [column, cell] of cells.entries()) {
        const cellEnd = cellStart + cell.length
        lean = columns[column]
        labelled = lean !== undefined
        if (FEATURE_MARK.test(cell)) {
          cellStart = cellEnd + 1
          continue
        }
        for (const segment of clauses(text, cellStart, cellEnd)) {
          const judged = judgedIn(segment)
          const named = row.length > 0 && baselineOnly(segment, judged) && !judged.some((b) => row.includes(b)) ? [] : judged
          attribute(head.length > 0 ? head : named.length > 0 ? named : row, segment)
        }
        cellStart = cellEnd + 1
      }
      lean = undefined
      labelled = false
      subject = []
      continue
    }
    previousLineWasTable = false
    const bullet = LIST_ITEM.exec(line)
    if (bullet === null && indent === 0) recommending = RECOMMENDS.test(line) && !/[.!?]\s*$/u.test(line)
    if (HEADING.test(line)) {
      const named = brandsIn(start, end)
      // version 8: a FAQ heading asking about "it" ("### Is it worth paying for?") goes on with the
      // brand of the answer before it, and its answer's "yes" takes the question's verdict
      const question = QUESTION_HEADING.test(line)
      subject = named.length === 0 && question && PRONOUN.test(line) ? lastJudged : named
      section = subject.length === 1 && !question && !ALTERNATIVES.test(line) ? subject : []
      itemIndent = -1
      // "### Which kibble brands do vets recommend?": the brands its answer names are the recommendation
      endorsing = question && subject.length === 0 && RECOMMENDS.test(line)
      if (question && subject.length > 0) afterQuestion = true
      if (question && (subject.length > 0 || endorsing)) answering = line.replace(/^\s*#+\s*/u, "").trim()
      // version 11: a heading's verdict judges the brands it names ("### 3. Potensic Atom 2 — best
      // budget option"), unless it is about the alternatives to a brand ("## Best Substack alternatives")
      if (!question && !ALTERNATIVES.test(line)) {
        // a heading takes no lean from the list item or label line before it
        lean = undefined
        labelled = false
        // version 22: a clause naming no one goes on about the heading's brand ("### Willow Go – Clever, but pricey")
        let headingBrands: ReadonlyArray<B> = []
        for (const segment of clauses(text, start, end)) {
          const judged = judgedIn(segment)
          if (judged.length > 0) headingBrands = judged
          if (headingBrands.length > 0 && /\p{L}/u.test(clauseText(text, segment, allSpans, nameWords))) attribute(headingBrands, segment)
        }
      }
      continue
    }
    if (bullet !== null) {
      if (indent <= itemIndent || itemIndent < 0) {
        subject = section
        itemIndent = brandsIn(start, end).length > 0 ? indent : -1
      }
    }
    const bodyStart = start + (bullet?.[0].length ?? 0)
    const label = LINE_LABEL.exec(text.slice(bodyStart, end))
    summary = label !== null && SUMMARY.test((label[1] ?? "").trim())
    lean = label === null ? undefined : leanOf(label[1] ?? "")
    labelled = lean !== undefined
    if (lean === undefined && bullet !== null && recommending) lean = 1
    const lineSentences = sentences(text, bodyStart, end, allSpans)
    // the sentence that introduces a recommending list ("Good alternatives to X:") or says its items
    // are what follows ("these registrars are better value:") judges no one; the sentences before
    // it on its line do ("Since its price hikes, many have left. Good options:")
    const lastSentence = lineSentences.at(-1)
    const closing = lastSentence === undefined ? "" : text.slice(lastSentence.start, end)
    const introduces = bullet === null && lastSentence !== undefined &&
      ((recommending && /:\s*[*_]*\s*$/u.test(line)) || INTRODUCES_BELOW.test(closing) || NAMES_OPTIONS_BELOW.test(closing))
    for (const [index, sentence] of lineSentences.entries()) {
      if (introduces && index === lineSentences.length - 1) {
        subject = []
        answering = undefined
        continue
      }
      // clauses before the sentence names anyone ("Although it is pricey, Acmo is…") wait for it
      const pending: Array<Segment> = []
      const segments = clauses(text, sentence.start, sentence.end).flatMap(splitAtNewSubject).flatMap(splitAtDash)
      for (const segment of summary ? segments.flatMap(splitAtSummaryItems) : segments) {
        const judged = judgedIn(segment)
        // a clause that names brands only after "than" is about the brand of its block ("Ses offres sont
        // moins chères que …", version 11: also a sentence without a pronoun, "Das Angebot ist kleiner als bei X")
        const named = subject.length > 0 && !segment.question && !NOTHING_OPENS.test(text.slice(segment.start, segment.end)) &&
            baselineOnly(segment, judged) &&
            !judged.some((b) => subject.includes(b))
          ? []
          : judged
        // an opening condition judges no one: "If you want the highest rate, Ally is…"; one that
        // names a brand ("If you used Getir for quick grocery runs, note…") hands it to the main clause
        if (segment.condition) {
          if (named.length > 0) subject = named
          continue
        }
        if (segment.question) {
          if (named.length > 0) subject = named
          answering = clauseText(text, segment, allSpans, nameWords)
          afterQuestion = true
          endorsing = named.length === 0 && RECOMMENDS.test(text.slice(segment.start, segment.end))
          continue
        }
        afterQuestion = false
        const answers = answering
        answering = undefined
        // "…, but you get more for less with Nectar", "you can cover the basics for a fraction of the
        // price with Thorne": the block's brand loses to the rival it names
        if (judged.length > 0 && subject.length > 0 && !judged.some((b) => subject.includes(b)) && rivalGivesMore(segment)) {
          // the loser takes only the marker: the clause's words praise the rival
          for (const target of subject) out.get(target)?.push({ text: "", weight: segment.weight, lost: true })
        }
        if (named.length > 0) subject = named
        const lineLean = lean
        if (endorsing && named.length > 0 && lean === undefined) lean = 1
        // "Quelle est la meilleure mutuelle ? Tout dépend de votre profil. Harmonie Mutuelle, …": the
        // recommendation waits for the first clause that names a brand
        if (named.length > 0) endorsing = false
        if (subject.length === 0) {
          pending.push(segment)
          continue
        }
        for (const waiting of pending.splice(0)) attribute(subject, waiting)
        attribute(subject, segment, answers)
        lean = lineLean
      }
    }
  }
  return out
}
