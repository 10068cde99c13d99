import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"

/**
 * The optional model judge (ANALYSIS_JUDGE=openai|gemini): a small model reads the answer and says,
 * per tracked brand, whether it is mentioned, its position and its sentiment, as JSON that follows
 * VERDICT_JSON_SCHEMA (structured output). The transport lives in packages/engines (Judges.ts);
 * this module builds the request and checks the answer. Any failure falls back to the local
 * analyser (ResponseAnalysis.ts), which records why.
 */

export type JudgeKind = "openai" | "gemini"

export interface JudgeRequest {
  /** The instructions (system prompt). */
  readonly instructions: string
  /** The answer and the brands to judge (user message). */
  readonly input: string
}

export class JudgeFailed extends Schema.TaggedError<JudgeFailed>()("JudgeFailed", {
  reason: Schema.String
}) {
  override get message() {
    return `the model judge failed: ${this.reason}`
  }
}

/** A model judge: its provider and model, and one structured-output call returning raw JSON. */
export class AnalysisJudge extends Context.Tag("@sightline/domain/AnalysisJudge")<AnalysisJudge, {
  readonly kind: JudgeKind
  readonly model: string
  readonly judge: (request: JudgeRequest) => Effect.Effect<unknown, JudgeFailed>
}>() {}

export const Verdict = Schema.Struct({
  brands: Schema.Array(Schema.Struct({
    name: Schema.String,
    mentioned: Schema.Boolean,
    position: Schema.NullOr(Schema.Int.pipe(Schema.positive())),
    sentiment: Schema.NullOr(Schema.Number.pipe(Schema.between(0, 100)))
  }))
})
export type Verdict = typeof Verdict.Type

/**
 * The verdict's JSON Schema, in the subset both OpenAI strict structured outputs and Gemini's
 * responseSchema accept (every property required, nulls as a type union).
 */
export const VERDICT_JSON_SCHEMA = {
  type: "object",
  properties: {
    brands: {
      type: "array",
      items: {
        type: "object",
        properties: {
          name: { type: "string" },
          mentioned: { type: "boolean" },
          position: { type: ["integer", "null"] },
          sentiment: { type: ["number", "null"] }
        },
        required: ["name", "mentioned", "position", "sentiment"],
        additionalProperties: false
      }
    }
  },
  required: ["brands"],
  additionalProperties: false
} as const

const INSTRUCTIONS = [
  "You analyse how an AI assistant's answer speaks about brands, as a careful human reader would.",
  "For every brand listed, return: mentioned (true only if the answer refers to that brand, not to an ordinary word",
  "spelled like it), position (1 + the number of other listed brands the answer mentions first; null if not",
  "mentioned), and sentiment (0 very negative .. 50 neutral .. 100 very positive, about that brand only; null if",
  "not mentioned). Return every listed brand exactly once, with its name exactly as listed."
].join(" ")

/** The judge request for an answer and its tracked brands (names with their aliases). */
export const judgeRequest = (
  text: string,
  brands: ReadonlyArray<{ readonly name: string; readonly aliases: ReadonlyArray<string> }>
): JudgeRequest => ({
  instructions: INSTRUCTIONS,
  input: [
    "Brands:",
    ...brands.map((brand) => `- ${brand.name}${brand.aliases.length > 0 ? ` (also written: ${brand.aliases.join(", ")})` : ""}`),
    "",
    "Answer:",
    text
  ].join("\n")
})

const decodeVerdict = Schema.decodeUnknownEither(Verdict)

/**
 * Checks a judge's JSON against the tracked brands: every brand judged once, by its exact name;
 * mentioned exactly when position and sentiment are set; positions 1..n without gaps among the
 * mentioned. The reason says what is wrong.
 */
export const checkVerdict = (raw: unknown, names: ReadonlyArray<string>): Either.Either<Verdict, string> => {
  const decoded = decodeVerdict(raw)
  if (Either.isLeft(decoded)) return Either.left("the verdict does not match the schema")
  const verdict = decoded.right
  const judged = verdict.brands.map((brand) => brand.name)
  if (judged.length !== names.length || names.some((name) => !judged.includes(name))) {
    return Either.left("the verdict does not judge exactly the tracked brands")
  }
  if (verdict.brands.some((brand) => brand.mentioned !== (brand.position !== null) || brand.mentioned !== (brand.sentiment !== null))) {
    return Either.left("a brand's position or sentiment disagrees with whether it is mentioned")
  }
  const positions = verdict.brands.flatMap((brand) => (brand.position === null ? [] : [brand.position])).sort((a, b) => a - b)
  if (positions.some((position, index) => position > index + 1)) return Either.left("the positions have gaps")
  return Either.right(verdict)
}
