/**
 * Case- and accent-insensitive text folding that remembers where every folded character came
 * from, so a match found in the folded text can be mapped back to the original string.
 *
 * Folding of one code point: NFD, drop non-spacing marks (\p{Mn}: the accents NFD splits off),
 * lower-case, and repeat both steps (lower-casing "İ" yields "i" + a combining dot). Every run of
 * whitespace becomes a single space, so "Acme  CRM" and "Acme\nCRM" read as "acme crm".
 */

const NON_SPACING_MARKS = /\p{Mn}/gu
const WHITESPACE = /^\s$/u

export interface FoldedText {
  /** The folded text. */
  readonly text: string
  /** For each UTF-16 unit of `text`, the index in the original where its code point starts. */
  readonly start: ReadonlyArray<number>
  /** For each UTF-16 unit of `text`, the index in the original just after its code point. */
  readonly end: ReadonlyArray<number>
}

export const foldCodePoint = (codePoint: string): string =>
  codePoint
    .normalize("NFD")
    .replace(NON_SPACING_MARKS, "")
    .toLowerCase()
    .normalize("NFD")
    .replace(NON_SPACING_MARKS, "")

export const foldWithMap = (original: string): FoldedText => {
  let text = ""
  const start: Array<number> = []
  const end: Array<number> = []
  let index = 0
  let previousWasSpace = false
  for (const codePoint of original) {
    const next = index + codePoint.length
    if (WHITESPACE.test(codePoint)) {
      if (previousWasSpace) {
        // Extend the single space to cover the whole whitespace run.
        end[end.length - 1] = next
      } else {
        text += " "
        start.push(index)
        end.push(next)
        previousWasSpace = true
      }
    } else {
      const folded = foldCodePoint(codePoint)
      // A lone combining mark folds to nothing: it belongs to the character before it.
      if (folded.length === 0 && end.length > 0) end[end.length - 1] = next
      for (let k = 0; k < folded.length; k++) {
        start.push(index)
        end.push(next)
      }
      text += folded
      previousWasSpace = false
    }
    index = next
  }
  return { text, start, end }
}

/** The folded form of a brand name or alias: folded, whitespace collapsed, trimmed. */
export const foldName = (name: string): string => foldWithMap(name).text.trim()

/** Letters, digits and spacing marks make up words; everything else separates them. */
export const isWordChar = (char: string): boolean => /^[\p{L}\p{N}\p{Mc}\p{Me}]$/u.test(char)

/**
 * Scripts written without spaces between words: a name next to (or written in) one of these has
 * no visible word boundary, so the boundary rule cannot apply there.
 */
export const isUnspacedScriptChar = (char: string): boolean =>
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]$/u
    .test(char)
