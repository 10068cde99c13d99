import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * Per-workspace classes of cited domains (`sources set-type`): they beat the maintained list of
 * domain/analysis/SourceTypes.ts for that workspace's brands. Keyed by registrable domain.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE source_type_overrides (
      workspace_id bigint NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      domain       text NOT NULL CHECK (domain = lower(domain) AND btrim(domain) <> ''),
      source_type  text NOT NULL CHECK (source_type IN ('ugc', 'editorial', 'reference', 'other')),
      created_at   timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (workspace_id, domain)
    )`
})
