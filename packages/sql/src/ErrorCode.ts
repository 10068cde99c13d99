/**
 * The string `code` an error carries, if any: a PostgreSQL SQLSTATE ("25006", "0A000") on what pg
 * raises for a refused statement, or a Node system code ("ECONNREFUSED", "EPERM").
 */
export const errorCode = (u: unknown): string | undefined =>
  typeof u === "object" && u !== null && "code" in u && typeof u.code === "string" ? u.code : undefined
