import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import { formatDecimal } from "../src/DecimalString.js"

/** Rounds `units / 10^scale` to hundredths, half away from zero, with BigInt arithmetic only. */
const referenceFormat = (negative: boolean, units: bigint, scale: number): string => {
  const divisor = 10n ** BigInt(scale)
  // hundredths = round(units * 100 / divisor), half away from zero (units >= 0 here)
  const numerator = units * 100n
  let hundredths = numerator / divisor
  if ((numerator % divisor) * 2n >= divisor) hundredths += 1n
  const text = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`
  return negative && hundredths !== 0n ? `-${text}` : text
}

const decimalLiteral = (negative: boolean, units: bigint, scale: number): string => {
  const digits = units.toString().padStart(scale + 1, "0")
  const literal = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`
  return negative ? `-${literal}` : literal
}

describe("formatDecimal", () => {
  it("formats with two fraction digits, half away from zero", () => {
    expect(formatDecimal(45.5)).toBe("45.50")
    expect(formatDecimal(0)).toBe("0.00")
    expect(formatDecimal(1.005)).toBe("1.01")
    expect(formatDecimal(2.675)).toBe("2.68")
    expect(formatDecimal(-2.675)).toBe("-2.68")
    expect(formatDecimal(-0.004)).toBe("0.00")
    expect(formatDecimal(100 / 3)).toBe("33.33")
    expect(formatDecimal(200 / 3)).toBe("66.67")
    expect(formatDecimal(Number.NaN)).toBe("0.00")
    expect(formatDecimal(1e21)).toBe("1000000000000000000000.00")
  })

  it("always yields -?digits.two-digits, for any double", () => {
    fc.assert(fc.property(fc.double(), (value) => {
      expect(formatDecimal(value)).toMatch(/^-?\d+\.\d{2}$/)
    }))
  })

  it("agrees with a BigInt reference on decimals of up to 12 integer and 3 fraction digits", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }),
        fc.integer({ min: 0, max: 3 }),
        (negative, units, scale) => {
          const value = Number(decimalLiteral(negative, units, scale))
          expect(formatDecimal(value)).toBe(referenceFormat(negative, units, scale))
        }
      ),
      { numRuns: 2000 }
    )
  })

  it("agrees with the reference on percentages of counts (how metrics use it)", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 100_000 }), fc.nat(100_000), (responses, seed) => {
      const mentions = seed % (responses + 1)
      // mentions / responses * 100 to hundredths, exactly
      const numerator = BigInt(mentions) * 10_000n
      let hundredths = numerator / BigInt(responses)
      if ((numerator % BigInt(responses)) * 2n >= BigInt(responses)) hundredths += 1n
      const expected = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`
      expect(formatDecimal((mentions / responses) * 100)).toBe(expected)
    }), { numRuns: 2000 })
  })
})
