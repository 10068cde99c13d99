import * as Schema from "effect/Schema"

/**
 * A prompt's detail time series (`time_series_data`) written as JSON text from the figures
 * PostgreSQL sums, byte for byte what `JSON.stringify` writes for the decoded series: a point per
 * day with answers in scope, and per point the own brand, then each competitor in id order.
 *
 * A big brand's series has 300 days × 12 brands = 3,600 objects. Formatting them in SQL (a
 * `round(numeric)` per figure, a concatenation per object) cost ~3 µs each, more than reading the
 * figures; here it is a fraction of that. PostgreSQL sends the sums only: per day the answers, the
 * own brand's mentions and sentiment sum, and per day and competitor with a mention its mentions
 * and sentiment sum (the days without one are 0 %).
 */
const isIntegers = (u: unknown): u is ReadonlyArray<number> => Array.isArray(u) && u.every(Number.isSafeInteger)
const isStrings = (u: unknown): u is ReadonlyArray<string> => Array.isArray(u) && u.every((x) => typeof x === "string")

/**
 * An array of integers (or below, of strings), checked in one loop. `Schema.Array(Schema.Number)`
 * takes every element through the parser: ~0.8 ms for the big brand's ~10,000 figures, a tenth of
 * the endpoint's time, against ~0.01 ms here. The elements are primitives, so there is nothing to
 * transform, only to check.
 */
const Integers = Schema.declare(isIntegers, { identifier: "Integers", description: "an array of safe integers" })
const Strings = Schema.declare(isStrings, { identifier: "Strings", description: "an array of strings" })

export const SeriesFigures = Schema.Struct({
  /** The days with answers in scope, ascending: `YYYY-MM-DD`, and the same days as day numbers. */
  series_dates: Strings,
  series_days: Integers,
  series_responses: Integers,
  series_mentions: Integers,
  /** The own brand's sentiment sum per day, in hundredths (sentiments have two decimals). */
  series_sentiment_cents: Integers,
  /** The own brand's name, then the competitors' in id order, and the competitors' ids. */
  series_names: Strings,
  series_competitor_ids: Integers,
  /** Per day and competitor with mentions: the day number, the competitor, mentions and sentiment sum in hundredths. */
  competitor_days: Integers,
  competitor_ids: Integers,
  competitor_mentions: Integers,
  competitor_sentiment_cents: Integers
})
export type SeriesFigures = typeof SeriesFigures.Type

/**
 * `part / whole` (integers, `part` >= 0, `whole` > 0) as a decimal string with two fraction digits,
 * rounded half away from zero: what `round(part::numeric / whole, 2)::text` writes, computed
 * exactly in integers (no float rounding). `scale` multiplies the quotient first (100 for a percentage).
 */
export const ratioText = (part: number, whole: number, scale: number): string => {
  const numerator = 2 * 100 * scale * part + whole
  const denominator = 2 * whole
  const cents = (numerator - (numerator % denominator)) / denominator
  const fraction = cents % 100
  return `${(cents - fraction) / 100}.${fraction < 10 ? "0" : ""}${fraction}`
}

/** Mention rates repeat (a day has a few answers, a competitor 0 to all of them): each is written once. */
const mentionRates = () => {
  const written = new Map<number, string>()
  return (mentioned: number, responses: number): string => {
    // The key is exact while responses < 10^7 (mentioned <= responses, so the key stays below 2^53).
    if (responses >= 1e7) return ratioText(mentioned, responses, 100)
    const key = mentioned * 1e7 + responses
    const found = written.get(key)
    if (found !== undefined) return found
    const text = ratioText(mentioned, responses, 100)
    written.set(key, text)
    return text
  }
}

/**
 * The series as JSON text ("[]" without days). A competitor not mentioned on a day (~40 % of a big
 * prompt's cells) is the same object every day, written once per competitor; the mention rates are
 * written once per (mentions, answers). Built by appending to one string: joining arrays of parts
 * measured no faster.
 */
export const seriesJson = (figures: SeriesFigures): string => {
  const days = figures.series_days
  const width = figures.series_competitor_ids.length
  const column = new Map(figures.series_competitor_ids.map((id, i) => [id, i]))
  const row = new Map(days.map((day, i) => [day, i]))
  // Competitor cells, day-major (0 mentions where no row says otherwise).
  const mentions = new Array<number>(days.length * width).fill(0)
  const sentiments = new Array<number>(days.length * width).fill(0)
  figures.competitor_days.forEach((day, i) => {
    const r = row.get(day)
    const c = column.get(figures.competitor_ids[i] ?? -1)
    if (r === undefined || c === undefined) return
    mentions[r * width + c] = figures.competitor_mentions[i] ?? 0
    sentiments[r * width + c] = figures.competitor_sentiment_cents[i] ?? 0
  })
  const heads = figures.series_names.map((name) => `{"name":${JSON.stringify(name)},"mention_rate":"`)
  const unmentioned = heads.map((head) => `,${head}0.00","average_sentiment":"0.00","own_brand":false}`)
  const rate = mentionRates()
  const sentiment = (mentioned: number, sentimentCents: number) =>
    mentioned === 0 ? "0.00" : ratioText(sentimentCents, 100 * mentioned, 1)
  let text = "["
  for (let r = 0; r < days.length; r++) {
    const responses = figures.series_responses[r] ?? 0
    const own = figures.series_mentions[r] ?? 0
    text += `${r === 0 ? "" : ","}{"date":"${figures.series_dates[r]}","brands":[${heads[0]}${rate(own, responses)}` +
      `","average_sentiment":"${sentiment(own, figures.series_sentiment_cents[r] ?? 0)}","own_brand":true}`
    for (let c = 0; c < width; c++) {
      const mentioned = mentions[r * width + c] ?? 0
      text += mentioned === 0
        ? unmentioned[c + 1]
        : `,${heads[c + 1]}${rate(mentioned, responses)}","average_sentiment":"${
          sentiment(mentioned, sentiments[r * width + c] ?? 0)
        }","own_brand":false}`
    }
    text += "]}"
  }
  return text + "]"
}
