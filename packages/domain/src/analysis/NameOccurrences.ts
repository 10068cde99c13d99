import { isUnspacedScriptChar, isWordChar } from "./Folding.js"

const codePointBefore = (text: string, index: number): string => {
  if (index <= 0) return ""
  const low = text.charCodeAt(index - 1)
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1
  return String.fromCodePoint(text.codePointAt(start) ?? 0)
}

const codePointAtIndex = (text: string, index: number): string => {
  const codePoint = text.codePointAt(index)
  return codePoint === undefined ? "" : String.fromCodePoint(codePoint)
}

/** Two characters run together into one word (so a name cannot start or end between them). */
const joins = (a: string, b: string): boolean =>
  a !== "" && b !== "" && isWordChar(a) && isWordChar(b) && !isUnspacedScriptChar(a) && !isUnspacedScriptChar(b)

/**
 * Where a folded name is written in folded text as a whole word: no word character joined to
 * either end. An empty name is written nowhere.
 */
export const occurrencesOf = (folded: string, name: string): Array<{ start: number; end: number }> => {
  const out: Array<{ start: number; end: number }> = []
  if (name.length === 0) return out
  const first = codePointAtIndex(name, 0)
  const last = codePointBefore(name, name.length)
  let at = folded.indexOf(name)
  while (at >= 0) {
    const end = at + name.length
    if (!joins(codePointBefore(folded, at), first) && !joins(last, codePointAtIndex(folded, end))) out.push({ start: at, end })
    at = folded.indexOf(name, at + 1)
  }
  return out
}
