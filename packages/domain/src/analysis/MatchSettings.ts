import * as Either from "effect/Either"

/**
 * How an admin tells Sightline to match a brand (`brands match` / `competitors match`):
 * - "auto" (default): names and aliases case- and accent-insensitively, with the ordinary-word rules;
 * - "case-sensitive": names and aliases exactly as written, nothing else;
 * - "regex": only `pattern` (a JavaScript regular expression, flags `u`), names are not used.
 * Occurrences inside an exclusion phrase ("Close the deal") never count, whatever the mode.
 */
export interface MatchSettings {
  readonly mode: MatchMode
  readonly pattern: string | null
  readonly exclusions: ReadonlyArray<string>
}

export const MATCH_MODES = ["auto", "case-sensitive", "regex"] as const
export type MatchMode = typeof MATCH_MODES[number]

export const DEFAULT_MATCH: MatchSettings = { mode: "auto", pattern: null, exclusions: [] }

export const isMatchMode = (mode: string): mode is MatchMode => MATCH_MODES.some((candidate) => candidate === mode)

/** Longest exclusion phrase and pattern an admin may set. */
export const MAX_MATCH_TEXT = 200

/**
 * Checks settings as an admin gave them: a pattern exactly in regex mode, one that compiles with
 * the `u` flag and cannot match the empty string; exclusions trimmed, non-empty, without duplicates.
 * The reason is a sentence for the admin.
 */
export const checkMatchSettings = (input: {
  readonly mode: string
  readonly pattern: string | null
  readonly exclusions: ReadonlyArray<string>
}): Either.Either<MatchSettings, string> => {
  if (!isMatchMode(input.mode)) return Either.left(`mode must be one of ${MATCH_MODES.join(", ")}, not "${input.mode}"`)
  const exclusions = [...new Set(input.exclusions.map((phrase) => phrase.trim().replace(/\s+/gu, " ")))]
  if (exclusions.some((phrase) => phrase.length === 0)) return Either.left("an exclusion phrase must not be empty")
  if (exclusions.some((phrase) => phrase.length > MAX_MATCH_TEXT)) {
    return Either.left(`an exclusion phrase must be at most ${MAX_MATCH_TEXT} characters`)
  }
  if (input.mode !== "regex") {
    return input.pattern === null
      ? Either.right({ mode: input.mode, pattern: null, exclusions })
      : Either.left(`a pattern only applies to mode regex (the mode is ${input.mode})`)
  }
  const pattern = input.pattern ?? ""
  if (pattern.length === 0) return Either.left("mode regex needs a pattern")
  if (pattern.length > MAX_MATCH_TEXT) return Either.left(`the pattern must be at most ${MAX_MATCH_TEXT} characters`)
  let compiled: RegExp
  try {
    compiled = new RegExp(pattern, "u")
  } catch (error) {
    return Either.left(`the pattern is not a valid regular expression (${error instanceof Error ? error.message : String(error)})`)
  }
  if (compiled.test("")) return Either.left("the pattern must not match the empty string")
  return Either.right({ mode: "regex", pattern, exclusions })
}
