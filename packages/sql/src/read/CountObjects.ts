/**
 * The sums per key of a JSON array of count objects, `[{"<id>": n, ...}, ...]` (keys: decimal ids;
 * values: integers), as PostgreSQL writes `json_agg` of the citations rollup's `competitor_responses`
 * (CitationMentionRollup.ts). Read in one pass over the text instead of `JSON.parse` and a walk of
 * every object: a big brand's page of the citations report holds ~800 such objects (~75 KB), and
 * parsing them into objects and summing their entries took ~1 ms a request, the scan ~0.5 ms
 * (docs/operations.md, "Tenth round"). JSON whitespace is allowed anywhere between tokens; anything
 * else (another shape, a fraction, an exponent, an escaped key) gives undefined.
 */
export interface CountSums {
  /** The keys in the order first seen. */
  readonly ids: ReadonlyArray<number>
  /** `sums[i]`: the sum of key `ids[i]` over every object. */
  readonly sums: ReadonlyArray<number>
}

/** The index of the first character at or after `at` that is not JSON whitespace. */
const skipSpace = (text: string, at: number): number => {
  for (; at < text.length; at++) {
    const c = text.charCodeAt(at)
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return at
  }
  return at
}

/** Adds `value` to the sum of `id`: a page's objects share a handful of ids, so a linear search beats a Map. */
const addTo = (ids: Array<number>, sums: Array<number>, id: number, value: number) => {
  let i = 0
  while (i < ids.length && ids[i] !== id) i++
  if (i === ids.length) {
    ids.push(id)
    sums.push(value)
  } else sums[i] = (sums[i] ?? 0) + value
}

/**
 * Token by token, with the digits read in place: no closure or object per token (under tsx, which
 * `pnpm bench:scale` runs, per-call helper closures cost more than the scan itself).
 */
export const sumCountObjects = (text: string): CountSums | undefined => {
  const ids: Array<number> = []
  const sums: Array<number> = []
  const end = text.length
  let c = 0
  let at = skipSpace(text, 0)
  if (text.charCodeAt(at++) !== 91) return undefined // [
  at = skipSpace(text, at)
  if (text.charCodeAt(at) === 93) at++ // ]
  else {
    for (;;) {
      if (text.charCodeAt(at++) !== 123) return undefined // {
      at = skipSpace(text, at)
      if (text.charCodeAt(at) === 125) at++ // }
      else {
        for (;;) {
          if (text.charCodeAt(at++) !== 34) return undefined // "
          let id = 0
          const key = at
          for (; at < end && (c = text.charCodeAt(at)) >= 48 && c <= 57; at++) id = id * 10 + (c - 48)
          if (at === key || at - key > 15 || text.charCodeAt(at++) !== 34) return undefined
          at = skipSpace(text, at)
          if (text.charCodeAt(at++) !== 58) return undefined // :
          at = skipSpace(text, at)
          const negative = text.charCodeAt(at) === 45 // -
          if (negative) at++
          let value = 0
          const digits = at
          for (; at < end && (c = text.charCodeAt(at)) >= 48 && c <= 57; at++) value = value * 10 + (c - 48)
          if (at === digits || at - digits > 15) return undefined
          addTo(ids, sums, id, negative ? -value : value)
          at = skipSpace(text, at)
          c = text.charCodeAt(at++)
          if (c === 125) break // }
          if (c !== 44) return undefined // ,
          at = skipSpace(text, at)
        }
      }
      at = skipSpace(text, at)
      c = text.charCodeAt(at++)
      if (c === 93) break // ]
      if (c !== 44) return undefined // ,
      at = skipSpace(text, at)
    }
  }
  return skipSpace(text, at) === end ? { ids, sums } : undefined
}
