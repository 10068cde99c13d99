/**
 * Narrowing helpers for provider JSON. Providers add fields and item types often, so parsers read
 * the paths they know and tolerate everything else instead of decoding a strict schema.
 */
export type JsonRecord = { readonly [key: string]: unknown }

export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === "object" && value !== null && !Array.isArray(value)

export const record = (value: unknown, key: string): JsonRecord | undefined => {
  if (!isRecord(value)) return undefined
  const field = value[key]
  return isRecord(field) ? field : undefined
}

export const array = (value: unknown, key: string): ReadonlyArray<unknown> => {
  if (!isRecord(value)) return []
  const field = value[key]
  return Array.isArray(field) ? field : []
}

export const string = (value: unknown, key: string): string | undefined => {
  if (!isRecord(value)) return undefined
  const field = value[key]
  return typeof field === "string" ? field : undefined
}

export const number = (value: unknown, key: string): number | undefined => {
  if (!isRecord(value)) return undefined
  const field = value[key]
  return typeof field === "number" && Number.isFinite(field) ? field : undefined
}

export const strings = (value: unknown, key: string): ReadonlyArray<string> =>
  array(value, key).filter((item): item is string => typeof item === "string")

/** Keeps the first occurrence of each value, in order. */
export const dedupe = <A>(values: Iterable<A>): Array<A> => [...new Set(values)]
