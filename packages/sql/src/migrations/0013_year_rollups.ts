import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import { installApplyFunctions } from "../Rollups.js"

/**
 * Year rows (grain `year`, period the first day of the UTC year; all engines only, engine NULL) in the rollups that rank many keys
 * over long ranges: `rollup_prompt` (the dashboard's top and lowest prompts), `rollup_domain` and
 * `rollup_url` (the cited sources). A range fitted to the data (read/Query.ts, `dataRange`) then
 * reads one row per key for each whole year, instead of one per month. Existing rows are summed
 * from the month rows; the apply functions are reinstalled to write the year rows with every answer.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  for (const table of ["rollup_prompt", "rollup_domain", "rollup_url"]) {
    yield* sql.unsafe(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_grain_check`)
    yield* sql.unsafe(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_grain_check CHECK (grain IN ('day', 'month', 'year'))`)
    // A database created at 0005/0006 by this version has them already.
    yield* sql.unsafe(`DELETE FROM ${table} WHERE grain = 'year'`)
  }
  yield* sql`
    INSERT INTO rollup_prompt (prompt_id, brand_id, engine, grain, period, responses, mentions, position_sum, sentiment_sum)
    SELECT prompt_id, brand_id, engine, 'year', date_trunc('year', period)::date,
      sum(responses), sum(mentions), sum(position_sum), sum(sentiment_sum)
    FROM rollup_prompt WHERE grain = 'month' AND engine IS NULL
    GROUP BY prompt_id, brand_id, engine, date_trunc('year', period)`
  yield* sql`
    INSERT INTO rollup_domain (brand_id, domain_id, engine, grain, period, responses)
    SELECT brand_id, domain_id, engine, 'year', date_trunc('year', period)::date, sum(responses)
    FROM rollup_domain WHERE grain = 'month' AND engine IS NULL
    GROUP BY brand_id, domain_id, engine, date_trunc('year', period)`
  yield* sql`
    INSERT INTO rollup_url (brand_id, url_id, domain_id, engine, grain, period, responses)
    SELECT brand_id, url_id, domain_id, engine, 'year', date_trunc('year', period)::date, sum(responses)
    FROM rollup_url WHERE grain = 'month' AND engine IS NULL
    GROUP BY brand_id, url_id, domain_id, engine, date_trunc('year', period)`
  yield* sql`ANALYZE rollup_prompt, rollup_domain, rollup_url`
  yield* installApplyFunctions
})
