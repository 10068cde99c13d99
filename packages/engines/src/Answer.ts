/**
 * The normalised answer of one engine call, computed by a pure parser from the stored payload
 * (so `reanalyze` can recompute everything without calling an engine again).
 */
export interface NormalisedAnswer {
  readonly _tag: "Answer"
  /** The answer as the engine formatted it. */
  readonly markdown: string
  /** The same answer as plain text, for mention finding. */
  readonly text: string
  /** Cited URLs in first-seen order, as the engine gave them (normalised later by the analysis). */
  readonly citations: ReadonlyArray<string>
  /** The web searches the engine ran; [] when the engine does not expose them. */
  readonly searchQueries: ReadonlyArray<string>
}

/** The engine ran but gave no answer (e.g. no AI Overview for this query). Not a failure. */
export interface NoAnswer {
  readonly _tag: "NoAnswer"
  readonly reason: string
}

export type ParsedAnswer = NormalisedAnswer | NoAnswer

/**
 * What is stored in response_payloads: the provider's raw JSON plus what the adapter had to fetch
 * besides it (the AI Overview follow-up page, resolved grounding redirects).
 */
export interface StoredPayload {
  readonly response: unknown
  readonly followUp?: unknown
  readonly resolvedUrls?: Readonly<Record<string, string>>
}

export const answer = (
  fields: { readonly markdown: string; readonly text: string; readonly citations: ReadonlyArray<string>; readonly searchQueries: ReadonlyArray<string> }
): ParsedAnswer =>
  fields.markdown.trim() === ""
    ? { _tag: "NoAnswer", reason: "the engine returned an empty answer" }
    : { _tag: "Answer", ...fields }
