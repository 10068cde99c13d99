import { randomBytes } from "node:crypto"

/**
 * Webhook signing secrets as the Standard Webhooks specification writes them: `whsec_` followed by
 * the base64 of 32 random bytes (an HMAC-SHA256 key of the hash's own size).
 */
export const PREFIX = "whsec_"

export const generate = (): string => `${PREFIX}${randomBytes(32).toString("base64")}`

/** The first characters, to name a secret in listings without showing it. */
export const hint = (secret: string): string => `${secret.slice(0, PREFIX.length + 4)}…`
