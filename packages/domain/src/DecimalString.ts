import * as Schema from "effect/Schema"

/**
 * A decimal number carried as a JSON string with exactly two fraction digits ("45.50", "0.00").
 * The spec allows up to 4 integer digits (dashboard, brand ranking) or 3 (ranked prompt visibility).
 */
export const DecimalString = Schema.String.pipe(
  Schema.pattern(/^-?\d{0,4}(?:\.\d{0,2})?$/),
  Schema.annotations({ identifier: "DecimalString", description: "A decimal number as a string with two fraction digits.", examples: ["45.50", "0.00"] })
)
export type DecimalString = typeof DecimalString.Type

/** A percentage as a decimal string with at most 3 integer digits (RankedPrompt.visibility). */
export const PercentString = Schema.String.pipe(
  Schema.pattern(/^-?\d{0,3}(?:\.\d{0,2})?$/),
  Schema.annotations({ identifier: "PercentString", description: "A percentage (0 to 100) as a string with two fraction digits.", examples: ["66.67"] })
)
export type PercentString = typeof PercentString.Type

/**
 * Formats a number with exactly two fraction digits, rounding half away from zero (PostgreSQL's
 * `round(numeric, 2)` does the same, so SQL and this function agree). Non-finite input is "0.00".
 * Works on the decimal expansion, not on binary floats: 1.005 rounds to "1.01", as in SQL.
 */
export const formatDecimal = (value: number): string => {
  if (!Number.isFinite(value) || Math.abs(value) < 0.001) return "0.00"
  // From 1e21 on, toFixed switches to exponent notation; such doubles are integers anyway.
  if (Math.abs(value) >= 1e21) return `${BigInt(value)}.00`
  // From 1e14 on, toPrecision(15) can round up to exponent notation; toFixed is exact enough there.
  if (Math.abs(value) >= 1e14) return value.toFixed(2)
  const negative = value < 0
  // toPrecision(15) recovers the decimal the float was written as (1.005, not 1.00499999...);
  // in this range it never uses exponent notation.
  const [intPart = "0", fracPart = ""] = Math.abs(value).toPrecision(15).split(".")
  const digits = (fracPart + "000").slice(0, 3)
  let cents = BigInt(intPart) * 100n + BigInt(digits.slice(0, 2))
  if (Number(digits[2]) >= 5) cents += 1n
  const whole = cents / 100n
  const frac = (cents % 100n).toString().padStart(2, "0")
  const sign = negative && cents !== 0n ? "-" : ""
  return `${sign}${whole}.${frac}`
}
