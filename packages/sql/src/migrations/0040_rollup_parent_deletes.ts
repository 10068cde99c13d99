import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * The rollup tables lose their foreign keys; statement-level triggers on `brands`, `prompts` and
 * `competitors` delete their rows instead, as `ON DELETE CASCADE` did. A foreign key checks every
 * new row (a lookup and a row lock on the parent, ~5-10 µs): the rebuild of a 1M-answer brand
 * inserts ~21M rollup rows, and the write path inserts a new row for each new key of a day. The
 * check guards nothing a rollup needs: every rollup row is summed from raw rows (answers,
 * mentions, citations) whose own foreign keys hold, in the same transaction. What the cascade did
 * (a deleted brand, prompt or competitor takes its rollup rows with it) the triggers do, once per
 * statement for all the deleted rows (docs/operations.md, "Sixth round").
 */
/** The rollup tables as of this migration; a later one either keeps a foreign key or replaces these trigger functions to include itself. */
export const ROLLUP_TABLES = [
  "rollup_brand",
  "rollup_prompt",
  "rollup_competitor",
  "rollup_domain",
  "rollup_url",
  "cited_prompt_days",
  "cited_domain_days",
  "rollup_prompt_competitor",
  "rollup_citation_mentions"
]

/** Per parent table, the rollup tables (and their column) whose rows go with a deleted parent row. */
const CASCADES = [
  { parent: "brands", children: ROLLUP_TABLES.map((table) => [table, "brand_id"] as const) },
  { parent: "prompts", children: [["rollup_prompt", "prompt_id"], ["rollup_prompt_competitor", "prompt_id"]] as const },
  {
    parent: "competitors",
    children: [["rollup_competitor", "competitor_id"], ["rollup_prompt_competitor", "competitor_id"]] as const
  }
]

/**
 * Creates or replaces the function the delete trigger of `parent` runs (`<parent>_delete_rollups`):
 * it deletes the rows of each child table whose column holds a deleted parent's id. Later
 * migrations that add a rollup table call it again with the longer list.
 */
export const installParentDeletes = (parent: string, children: ReadonlyArray<readonly [string, string]>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql.unsafe(`
      CREATE OR REPLACE FUNCTION ${parent}_delete_rollups() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        ${children.map(([table, column]) => `DELETE FROM ${table} WHERE ${column} IN (SELECT id FROM gone);`).join("\n        ")}
        RETURN NULL;
      END
      $fn$`))

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const foreignKeys = yield* sql<{ readonly tbl: string; readonly name: string }>`
    SELECT conrelid::regclass::text AS tbl, conname AS name FROM pg_constraint
    WHERE contype = 'f' AND conrelid::regclass::text IN ${sql.in(ROLLUP_TABLES)}`
  for (const { name, tbl } of foreignKeys) yield* sql`ALTER TABLE ${sql(tbl)} DROP CONSTRAINT ${sql(name)}`
  for (const { children, parent } of CASCADES) {
    yield* installParentDeletes(parent, children)
    yield* sql.unsafe(`
      CREATE TRIGGER ${parent}_delete_rollups AFTER DELETE ON ${parent}
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION ${parent}_delete_rollups()`)
  }
})
