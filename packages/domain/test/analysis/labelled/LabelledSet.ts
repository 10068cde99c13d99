import * as Schema from "effect/Schema"
import { readdirSync, readFileSync } from "node:fs"

/** The sentiment a careful reader gives a brand in one answer. */
export const ReaderSentiment = Schema.Literal("positive", "neutral", "negative")
export type ReaderSentiment = typeof ReaderSentiment.Type

const LabelledBrand = Schema.Struct({
  name: Schema.String,
  aliases: Schema.optional(Schema.Array(Schema.String)),
  website: Schema.optional(Schema.String)
})

/** One answer: its tracked brands and, per brand, the reader's label (null: not mentioned). */
export const LabelledAnswer = Schema.Struct({
  id: Schema.String,
  kind: Schema.Literal("list", "table", "prose", "faq", "alternatives"),
  /** The language set on the brand (not necessarily the answer's). */
  brandLanguage: Schema.String,
  brand: LabelledBrand,
  competitors: Schema.Array(LabelledBrand),
  markdown: Schema.String,
  labels: Schema.Record({
    key: Schema.String,
    value: Schema.NullOr(Schema.Struct({ position: Schema.Int, sentiment: ReaderSentiment }))
  })
})
export type LabelledAnswer = typeof LabelledAnswer.Type

export const LabelledCitation = Schema.Struct({ url: Schema.String, expected: Schema.String, domain: Schema.String })
export type LabelledCitation = typeof LabelledCitation.Type

export const LabelledSet = Schema.Struct({
  description: Schema.String,
  answers: Schema.Array(LabelledAnswer),
  citations: Schema.Array(LabelledCitation)
})
export type LabelledSet = typeof LabelledSet.Type

/** Reads and validates a labelled set next to this module ("set-1.json", "set-2.json"). */
export const readLabelledSet = (file: string): LabelledSet =>
  Schema.decodeUnknownSync(LabelledSet)(JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8")))

/** The number of "set-N.json", NaN for another file. */
export const setNumber = (file: string): number => Number(/^set-(\d+)\.json$/u.exec(file)?.[1] ?? NaN)

/** Every labelled set next to this module, in number order (a new set-N.json is picked up as it lands). */
export const labelledSetFiles = (): ReadonlyArray<string> =>
  readdirSync(new URL(".", import.meta.url))
    .filter((file) => !Number.isNaN(setNumber(file)))
    .sort((a, b) => setNumber(a) - setNumber(b))
