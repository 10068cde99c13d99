import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { formatDecimal } from "../src/DecimalString.js"
import {
  average,
  averagePosition,
  averageSentiment,
  impact,
  lowestRankedPrompts,
  mentionRate,
  rankBrands,
  sentimentLabel,
  shareOfVoice,
  topRankedPrompts
} from "../src/Metrics.js"

/** A count pair with mentions <= responses. */
const counts = fc.integer({ min: 0, max: 10_000 }).chain((responses) =>
  fc.tuple(fc.integer({ min: 0, max: responses }), fc.constant(responses))
)

describe("mentionRate", () => {
  it("is mentions / responses x 100, and 0 without responses", () => {
    expect(formatDecimal(mentionRate(3, 8))).toBe("37.50")
    expect(formatDecimal(mentionRate(1, 3))).toBe("33.33")
    expect(formatDecimal(mentionRate(2, 3))).toBe("66.67")
    expect(formatDecimal(mentionRate(1, 160))).toBe("0.63")
    expect(mentionRate(0, 0)).toBe(0)
    expect(mentionRate(5, 5)).toBe(100)
  })

  it("stays within 0..100 and fits the spec's decimal-string patterns", () => {
    fc.assert(fc.property(counts, ([mentions, responses]) => {
      const rate = mentionRate(mentions, responses)
      expect(rate).toBeGreaterThanOrEqual(0)
      expect(rate).toBeLessThanOrEqual(100)
      expect(formatDecimal(rate)).toMatch(/^-?\d{0,3}(?:\.\d{0,2})?$/)
    }))
  })

  it("grows with mentions", () => {
    fc.assert(fc.property(counts, ([mentions, responses]) => {
      fc.pre(mentions < responses)
      expect(mentionRate(mentions + 1, responses)).toBeGreaterThan(mentionRate(mentions, responses))
    }))
  })
})

describe("averages", () => {
  it("are the mean, 0 when there is no data", () => {
    expect(average([])).toBe(0)
    expect(average([1, 2, 4])).toBeCloseTo(7 / 3, 12)
    expect(formatDecimal(averagePosition([1, null, 2, 2]))).toBe("1.67")
    expect(formatDecimal(averagePosition([null, null]))).toBe("0.00")
    expect(formatDecimal(averageSentiment([76.85, null, 23.15, 59.87]))).toBe("53.29")
  })

  it("lie between the smallest and the largest value", () => {
    fc.assert(fc.property(fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1 }), (values) => {
      const mean = average(values)
      expect(mean).toBeGreaterThanOrEqual(Math.min(...values) - 1e-9)
      expect(mean).toBeLessThanOrEqual(Math.max(...values) + 1e-9)
    }))
  })
})

describe("sentimentLabel", () => {
  it("uses the thresholds 60 and 40", () => {
    expect(sentimentLabel(null)).toBe("not_mentioned")
    expect(sentimentLabel(100)).toBe("positive")
    expect(sentimentLabel(60)).toBe("positive")
    expect(sentimentLabel(59.99)).toBe("neutral")
    expect(sentimentLabel(50)).toBe("neutral")
    expect(sentimentLabel(40)).toBe("neutral")
    expect(sentimentLabel(39.99)).toBe("negative")
    expect(sentimentLabel(0)).toBe("negative")
  })

  it("is consistent with the thresholds for every score", () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (score) => {
      const label = sentimentLabel(score)
      expect(label).toBe(score >= 60 ? "positive" : score < 40 ? "negative" : "neutral")
    }))
  })
})

describe("impact", () => {
  it("is high from 20 %, medium from 5 %, else low", () => {
    expect(impact(20, 100)).toBe("high")
    expect(impact(1, 5)).toBe("high")
    expect(impact(19, 100)).toBe("medium")
    expect(impact(1, 20)).toBe("medium")
    expect(impact(1, 21)).toBe("low")
    expect(impact(0, 10)).toBe("low")
    expect(impact(0, 0)).toBe("low")
  })

  it("agrees with the exact share for every count pair", () => {
    fc.assert(fc.property(counts, ([citing, inScope]) => {
      fc.pre(inScope > 0)
      // exact rational comparison: citing / inScope >= 1/5, >= 1/20
      const expected = 5 * citing >= inScope ? "high" : 20 * citing >= inScope ? "medium" : "low"
      expect(impact(citing, inScope)).toBe(expected)
    }))
  })
})

describe("rankBrands", () => {
  it("orders by visibility desc, mentions desc, name asc; ranking from 1", () => {
    const ranked = rankBrands([
      { name: "Zeta", mentions: 3, visibility: 30 },
      { name: "Acme", mentions: 5, visibility: 50, own: true },
      { name: "Beta", mentions: 3, visibility: 30 },
      { name: "Gamma", mentions: 4, visibility: 30 },
      { name: "Delta", mentions: 0, visibility: 0 }
    ])
    expect(ranked.map((row) => [row.name, row.ranking])).toEqual([
      ["Acme", 1],
      ["Gamma", 2],
      ["Beta", 3],
      ["Zeta", 4],
      ["Delta", 5]
    ])
    expect(ranked[0]).toMatchObject({ own: true })
  })

  it("does not depend on the input order, and ranks 1..n in order", () => {
    const row = fc.record({
      name: fc.string({ minLength: 1, maxLength: 6 }),
      mentions: fc.nat(20),
      visibility: fc.integer({ min: 0, max: 4 }).map((quarter) => quarter * 25)
    })
    const rows = fc.uniqueArray(row, { selector: (r) => r.name, maxLength: 12 })
    fc.assert(fc.property(rows.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length }))), ([list, shuffled]) => {
      const a = rankBrands(list)
      const b = rankBrands(shuffled)
      expect(b).toEqual(a)
      expect(a.map((r) => r.ranking)).toEqual(a.map((_, i) => i + 1))
      for (const [prev, cur] of a.slice(1).map((row, i) => [a[i] ?? row, row] as const)) {
        const ordered = prev.visibility > cur.visibility ||
          (prev.visibility === cur.visibility && (prev.mentions > cur.mentions ||
            (prev.mentions === cur.mentions && prev.name < cur.name)))
        expect(ordered).toBe(true)
      }
    }))
  })
})

describe("ranked prompts", () => {
  const prompts = [
    { id: 1, responses: 4, brandMentions: 2 }, // 50
    { id: 2, responses: 0, brandMentions: 0 }, // no response: never listed
    { id: 3, responses: 2, brandMentions: 1 }, // 50, fewer mentions
    { id: 4, responses: 3, brandMentions: 3 }, // 100
    { id: 5, responses: 5, brandMentions: 0 }, // 0
    { id: 6, responses: 1, brandMentions: 0 }, // 0
    { id: 7, responses: 8, brandMentions: 4 }, // 50, most mentions
    { id: 8, responses: 3, brandMentions: 1 } // 33.33
  ]

  it("top: visibility desc, brand_mentions desc, id asc; at most 5 with a response", () => {
    expect(topRankedPrompts(prompts).map((p) => [p.id, formatDecimal(p.visibility)])).toEqual([
      [4, "100.00"],
      [7, "50.00"],
      [1, "50.00"],
      [3, "50.00"],
      [8, "33.33"]
    ])
  })

  it("lowest: visibility asc, id asc; at most 5 with a response", () => {
    expect(lowestRankedPrompts(prompts).map((p) => p.id)).toEqual([5, 6, 8, 1, 3])
  })

  it("ties are judged on the visibility the API shows (two fraction digits)", () => {
    // 2/3 = 66.6667 % and 13333/20000 = 66.665 % both show "66.67": a tie, so brand_mentions decide.
    const rows = [{ id: 1, responses: 3, brandMentions: 2 }, { id: 2, responses: 20_000, brandMentions: 13_333 }]
    expect(topRankedPrompts(rows).map((p) => [p.id, formatDecimal(p.visibility)])).toEqual([[2, "66.67"], [1, "66.67"]])
    expect(lowestRankedPrompts(rows).map((p) => p.id)).toEqual([1, 2])
  })

  it("never lists prompts without responses and never more than 5", () => {
    const row = fc.record({ id: fc.nat(1000), responses: fc.nat(10), brandMentions: fc.nat(10) })
      .map((r) => ({ ...r, brandMentions: Math.min(r.brandMentions, r.responses) }))
    fc.assert(fc.property(fc.uniqueArray(row, { selector: (r) => r.id, maxLength: 20 }), (rows) => {
      const withResponses = rows.filter((r) => r.responses > 0).length
      for (const ranked of [topRankedPrompts(rows), lowestRankedPrompts(rows)]) {
        expect(ranked.length).toBe(Math.min(5, withResponses))
        expect(ranked.every((r) => r.responses >= 1)).toBe(true)
      }
      const top = topRankedPrompts(rows)
      top.slice(1).forEach((row, i) => expect(top[i]?.visibility).toBeGreaterThanOrEqual(row.visibility))
    }))
  })
})

describe("shareOfVoice", () => {
  it("is the brand's mentions over all tracked brands' mentions, and sums to 100", () => {
    expect(formatDecimal(shareOfVoice(4, 10))).toBe("40.00")
    expect(shareOfVoice(0, 0)).toBe(0)
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 1_000 }), { minLength: 1, maxLength: 12 }), (mentions) => {
      const total = mentions.reduce((sum, value) => sum + value, 0)
      const shares = mentions.map((value) => shareOfVoice(value, total))
      const sum = shares.reduce((acc, value) => acc + value, 0)
      expect(total === 0 ? sum : Math.abs(sum - 100)).toBeLessThan(1e-9)
    }))
  })
})
