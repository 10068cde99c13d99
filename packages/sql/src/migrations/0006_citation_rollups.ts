import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import { installApplyFunctions, Rollups } from "../Rollups.js"

/**
 * The cited-sources rollups (what they hold: Rollups.ts): responses citing each domain and URL per
 * day and month, the days on which each prompt cited each URL (a key set, for exact distinct
 * prompt counts over any range). Existing answers are rolled up here. As in 0005, no index holds a figure, so updates stay heap-only.
 * Also the covering indexes of the raw reads that remain.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE rollup_domain (
      brand_id  bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
      domain_id bigint NOT NULL,
      engine    text,
      grain     text NOT NULL CHECK (grain IN ('day', 'month', 'year')), -- year: see 0013
      period    date NOT NULL,
      responses integer NOT NULL,
      UNIQUE NULLS NOT DISTINCT (brand_id, engine, grain, period, domain_id)
    ) WITH (fillfactor = 80)`
  yield* sql`
    CREATE TABLE rollup_url (
      brand_id  bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
      url_id    bigint NOT NULL,
      domain_id bigint NOT NULL,
      engine    text,
      grain     text NOT NULL CHECK (grain IN ('day', 'month', 'year')), -- year: see 0013
      period    date NOT NULL,
      responses integer NOT NULL,
      UNIQUE NULLS NOT DISTINCT (brand_id, engine, grain, period, url_id)
    ) WITH (fillfactor = 80)`
  yield* sql`CREATE INDEX rollup_url_domain ON rollup_url (brand_id, domain_id, engine, grain, period)`
  yield* sql`
    CREATE TABLE cited_prompt_days (
      brand_id  bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
      url_id    bigint NOT NULL,
      domain_id bigint NOT NULL,
      prompt_id bigint NOT NULL,
      engine    text,
      days      datemultirange NOT NULL,
      UNIQUE NULLS NOT DISTINCT (brand_id, url_id, engine, prompt_id)
    ) WITH (fillfactor = 80)`
  // The same per domain: its distinct prompts and engines over any range, whether it is cited at all.
  yield* sql`
    CREATE TABLE cited_domain_days (
      brand_id  bigint NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
      domain_id bigint NOT NULL,
      engine    text,
      prompt_id bigint NOT NULL,
      days      datemultirange NOT NULL,
      UNIQUE NULLS NOT DISTINCT (brand_id, domain_id, engine, prompt_id)
    ) WITH (fillfactor = 80)`

  // What the remaining raw reads walk: a prompt's citations and competitor mentions by time, now
  // answered from the index alone (no heap fetch per row). The brand × domain index only served the
  // cited-sources reads, which the rollups answer now; dropping it pays for part of the rollups' writes.
  yield* sql`DROP INDEX response_citations_prompt_time`
  yield* sql`
    CREATE INDEX response_citations_prompt_time ON response_citations (prompt_id, collected_at)
    INCLUDE (engine, response_id, domain_id, url_id)`
  yield* sql`DROP INDEX response_mentions_prompt_time`
  yield* sql`
    CREATE INDEX response_mentions_prompt_time ON response_mentions (prompt_id, collected_at)
    INCLUDE (engine, competitor_id, sentiment)`
  yield* sql`DROP INDEX response_citations_brand_domain`

  yield* installApplyFunctions
  yield* Rollups.rebuildCitationRows({}).pipe(Effect.provide(Rollups.Default))
})
