import type * as SqlClient from "@effect/sql/SqlClient"

/**
 * What the set-based rollup rebuilds share: every grain of a rollup computed from the raw rows in
 * one aggregation, with `GROUPING SETS`, instead of per-engine day rows first and the all-engines,
 * month and year rows summed from them in further statements (each reading back what the one
 * before wrote). The rows aggregated expose `engine`, `day`, `month` and `year` (the UTC day and
 * the first days of its month and year). The sets list the coarser periods with the finer ones
 * (a day has one month and year), so one sort serves the day, month and year rows of a key
 * (rollups of nested sets) and a second one the per-engine month rows. Every figure is summed from
 * the raw rows of its own row, exactly as the write path's statement sums them.
 */

/** Which rows a rollup has: per-engine rows (and all-engines ones) or all-engines ones only; year rows or not. */
export interface Grains {
  readonly engines: boolean
  readonly years: boolean
}

const setsOf = ({ engines, years }: Grains, alias: string): ReadonlyArray<string> => {
  const up = years ? ["year", "month"] : ["month"]
  const day = [...up, "day"]
  return [
    ...(engines ? [[...day, "engine"]] : []),
    day,
    ...(engines ? [[...up, "engine"]] : []),
    up,
    ...(years ? [["year"]] : [])
  ].map((set) => `(${set.map((column) => `${alias}.${column}`).join(", ")})`)
}

/** The `GROUPING SETS (...)` item of a GROUP BY (after the key's own columns), on the rows of `alias`. */
export const grainSets = (sql: SqlClient.SqlClient, grains: Grains, alias: string) =>
  sql.literal(`GROUPING SETS (${setsOf(grains, alias).join(", ")})`)

/** The row's `grain`: 'day', 'month' or 'year', from which period column its set grouped by. */
export const grainColumn = (sql: SqlClient.SqlClient, alias: string) =>
  sql.literal(
    `CASE WHEN GROUPING(${alias}.day) = 0 THEN 'day' WHEN GROUPING(${alias}.month) = 0 THEN 'month' ELSE 'year' END AS grain`
  )

/** The row's `period`: its set's finest period column (the others are NULL or coarser). */
export const periodColumn = (sql: SqlClient.SqlClient, grains: Grains, alias: string) =>
  sql.literal(`coalesce(${alias}.day, ${alias}.month${grains.years ? `, ${alias}.year` : ""}) AS period`)

/** The UTC day, month and year of `column` (a timestamptz), named as the grouping sets expect. */
export const periodsOf = (sql: SqlClient.SqlClient, column: string) =>
  sql.literal(`(${column} AT TIME ZONE 'UTC')::date AS day,
      date_trunc('month', ${column} AT TIME ZONE 'UTC')::date AS month,
      date_trunc('year', ${column} AT TIME ZONE 'UTC')::date AS year`)

/**
 * The memory a rebuild's sorts and hashes may take (each), for the rest of its transaction: they
 * aggregate millions of rows, and more memory than a request needs keeps them off disk.
 */
export const rebuildMemory = (sql: SqlClient.SqlClient) => sql`SET LOCAL work_mem = '512MB'`
