import { createHash, randomBytes } from "node:crypto"

/**
 * API keys look like `sl_` followed by 40 base62 characters. Only the SHA-256 hash (hex) is stored;
 * the first 11 characters (`sl_` + 8) are kept as a prefix so listings can name a key.
 */
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
const BODY_LENGTH = 40
export const PREFIX_LENGTH = 11

export const generate = (): string => {
  const out: Array<string> = []
  while (out.length < BODY_LENGTH) {
    for (const byte of randomBytes(BODY_LENGTH * 2)) {
      // Rejection sampling keeps every character equally likely (248 = 4 * 62).
      if (byte < 248 && out.length < BODY_LENGTH) out.push(ALPHABET[byte % 62]!)
    }
  }
  return `sl_${out.join("")}`
}

export const hash = (key: string): string => createHash("sha256").update(key, "utf8").digest("hex")

export const prefixOf = (key: string): string => key.slice(0, PREFIX_LENGTH)

/** Keys are valid for this many calendar months from creation (the spec's "6 months"). */
export const VALIDITY_MONTHS = 6
