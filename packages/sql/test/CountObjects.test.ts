import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { sumCountObjects } from "../src/read/CountObjects.js"

/** What the scan must equal: the text parsed, and every object's entries summed per key. */
const reference = (text: string): ReadonlyMap<number, number> => {
  const sums = new Map<number, number>()
  const parsed: unknown = JSON.parse(text)
  if (!Array.isArray(parsed)) throw new Error("not an array")
  for (const object of parsed) {
    if (typeof object !== "object" || object === null) throw new Error("not an object")
    for (const [key, value] of Object.entries(object)) {
      if (typeof value !== "number") throw new Error("not a count")
      sums.set(Number(key), (sums.get(Number(key)) ?? 0) + value)
    }
  }
  return sums
}

const asMap = (counted: ReturnType<typeof sumCountObjects>) =>
  counted === undefined ? undefined : new Map(counted.ids.map((id, i) => [id, counted.sums[i] ?? 0]))

const counts = fc.array(
  fc.dictionary(fc.integer({ min: 0, max: 100_000 }).map(String), fc.integer({ min: -1_000_000, max: 1_000_000 }), {
    maxKeys: 12
  }),
  { maxLength: 12 }
)
const whitespace = fc.constantFrom("", " ", "\n", "\t", "\r\n  ")

/** The objects written as JSON with the given whitespace around every token (PostgreSQL writes `", "` and `": "`). */
const written = (objects: ReadonlyArray<Record<string, number>>, space: string) =>
  `${space}[${space}${
    objects.map((object) =>
      `{${space}${
        Object.entries(object).map(([key, value]) => `"${key}"${space}:${space}${value}`).join(`${space},${space}`)
      }${space}}`
    ).join(`${space},${space}`)
  }${space}]${space}`

describe("sumCountObjects", () => {
  it("sums what JSON.parse reads, whatever the whitespace", () => {
    fc.assert(fc.property(counts, whitespace, (objects, space) => {
      const text = written(objects, space)
      expect(asMap(sumCountObjects(text))).toEqual(reference(text))
      expect(asMap(sumCountObjects(JSON.stringify(objects)))).toEqual(reference(text))
    }))
  })

  it("reads PostgreSQL's json_agg of stored objects", () => {
    expect(sumCountObjects(`[{"9": 5461, "10": 3955}, {"10": -5, "11": 1}, {}]`)).toEqual({
      ids: [9, 10, 11],
      sums: [5461, 3950, 1]
    })
    expect(sumCountObjects("[]")).toEqual({ ids: [], sums: [] })
  })

  it("refuses any other text", () => {
    for (
      const text of [
        "",
        "{}",
        "[{}",
        "[{}]x",
        `[{"9": 1.5}]`,
        `[{"9": 1e3}]`,
        `[{"a": 1}]`,
        `[{"9": "1"}]`,
        `[{"9": 1,}]`,
        `[{"9" 1}]`,
        `[{}, ]`,
        `[[1]]`,
        `[null]`,
        `[{"9": -}]`
      ]
    ) expect(sumCountObjects(text), text).toBeUndefined()
  })
})
