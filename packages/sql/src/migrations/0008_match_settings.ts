import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * Per-brand and per-competitor match settings (`brands match`, `competitors match`): how names are
 * matched in answers ('auto', 'case-sensitive' or 'regex' with `match_pattern`) and phrases whose
 * occurrences never count as a mention ("close the deal").
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  for (const table of ["brands", "competitors"]) {
    yield* sql.unsafe(`
      ALTER TABLE ${table}
        ADD COLUMN match_mode text NOT NULL DEFAULT 'auto' CHECK (match_mode IN ('auto', 'case-sensitive', 'regex')),
        ADD COLUMN match_pattern text,
        ADD COLUMN match_exclusions text[] NOT NULL DEFAULT '{}',
        ADD CONSTRAINT ${table}_match_pattern_for_regex CHECK ((match_mode = 'regex') = (match_pattern IS NOT NULL))`)
  }
})
