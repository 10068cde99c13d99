import * as Migrator from "@effect/sql/Migrator"
import * as SqlClient from "@effect/sql/SqlClient"
import { Progress } from "@sightline/runtime"
import * as Effect from "effect/Effect"
import core from "./migrations/0001_core.js"
import referenceData from "./migrations/0002_reference_data.js"
import workerRuns from "./migrations/0003_worker_runs.js"
import promptRunRetry from "./migrations/0004_prompt_run_retry.js"
import rollups from "./migrations/0005_rollups.js"
import citationRollups from "./migrations/0006_citation_rollups.js"
import analyserVersion from "./migrations/0007_analyser_version.js"
import matchSettings from "./migrations/0008_match_settings.js"
import promptLifecycle from "./migrations/0010_prompt_lifecycle.js"
import rateLimitBuckets from "./migrations/0012_rate_limit_buckets.js"
import yearRollups from "./migrations/0013_year_rollups.js"
import sourceTypeOverrides from "./migrations/0017_source_type_overrides.js"
import webhooks from "./migrations/0019_webhooks.js"
import brandCompetitorMentions from "./migrations/0020_brand_competitor_mentions.js"
import urlRanking from "./migrations/0021_url_ranking.js"
import promptCompetitorRollup from "./migrations/0025_prompt_competitor_rollup.js"
import rateLimitLeases from "./migrations/0028_rate_limit_leases.js"
import rollupApplyV2 from "./migrations/0029_rollup_apply_v2.js"
import promptCompetitorDays from "./migrations/0032_prompt_competitor_days.js"
import citationMentionsRollup from "./migrations/0034_citation_mentions_rollup.js"
import citationMentionsRanking from "./migrations/0037_citation_mentions_ranking.js"
import citationMentionsMerge from "./migrations/0039_citation_mentions_merge.js"
import rollupParentDeletes from "./migrations/0040_rollup_parent_deletes.js"
import oneCitationRollup from "./migrations/0041_one_citation_rollup.js"
import citationMentionsGroupingSets from "./migrations/0042_citation_mentions_grouping_sets.js"
import citationSourceDays from "./migrations/0043_citation_source_days.js"
import competitorPeriods from "./migrations/0045_competitor_periods.js"
import promptDayFigures from "./migrations/0046_prompt_day_figures.js"
import rollupJournal from "./migrations/0047_rollup_journal.js"
import promptCitationsRollup from "./migrations/0048_prompt_citations_rollup.js"
import competitorEnginesRollup from "./migrations/0049_competitor_engines_rollup.js"
import citationMentionsJson from "./migrations/0050_citation_mentions_json.js"

/**
 * Every migration, in order. Add new ones here as `NNNN_name`, numbered above every existing one:
 * the migrator runs only the migrations above the latest one a database has applied.
 */
const all = {
  "0001_core": core,
  "0002_reference_data": referenceData,
  "0003_worker_runs": workerRuns,
  "0004_prompt_run_retry": promptRunRetry,
  "0005_rollups": rollups,
  "0006_citation_rollups": citationRollups,
  "0007_analyser_version": analyserVersion,
  "0008_match_settings": matchSettings,
  "0010_prompt_lifecycle": promptLifecycle,
  "0012_rate_limit_buckets": rateLimitBuckets,
  "0013_year_rollups": yearRollups,
  "0017_source_type_overrides": sourceTypeOverrides,
  "0019_webhooks": webhooks,
  "0020_brand_competitor_mentions": brandCompetitorMentions,
  "0021_url_ranking": urlRanking,
  "0025_prompt_competitor_rollup": promptCompetitorRollup,
  "0028_rate_limit_leases": rateLimitLeases,
  "0029_rollup_apply_v2": rollupApplyV2,
  "0032_prompt_competitor_days": promptCompetitorDays,
  "0034_citation_mentions_rollup": citationMentionsRollup,
  "0037_citation_mentions_ranking": citationMentionsRanking,
  "0039_citation_mentions_merge": citationMentionsMerge,
  "0040_rollup_parent_deletes": rollupParentDeletes,
  "0041_one_citation_rollup": oneCitationRollup,
  "0042_citation_mentions_grouping_sets": citationMentionsGroupingSets,
  "0043_citation_source_days": citationSourceDays,
  "0045_competitor_periods": competitorPeriods,
  "0046_prompt_day_figures": promptDayFigures,
  "0047_rollup_journal": rollupJournal,
  "0048_prompt_citations_rollup": promptCitationsRollup,
  "0049_competitor_engines_rollup": competitorEnginesRollup,
  "0050_citation_mentions_json": citationMentionsJson
}

const names = Object.keys(all)

/** Each migration reports its place in the list as it finishes (see Progress). */
export const migrations = Migrator.fromRecord(Object.fromEntries(
  Object.entries(all).map(([name, migration]) => [
    name,
    Effect.tap(migration, () => Progress.report("migrating the schema", names.indexOf(name) + 1, names.length))
  ])
))

// The generic migrator: PgMigrator.run would also need FileSystem, Path and a shell to dump schemas.
const runMigrations = Migrator.make({})

// Any constant works; it only has to be the same in every Sightline process.
const MIGRATION_LOCK = 7_263_415_001

/** The Migrator's table (its default name) and the id of our newest migration. */
const MIGRATIONS_TABLE = "effect_sql_migrations"
const LATEST = Math.max(...names.map((name) => Number(name.slice(0, name.indexOf("_")))))

/**
 * Whether the newest migration is applied: one query on a connection the caller needs anyway,
 * so a process on a current schema (every start but the first after an upgrade) takes no lock and
 * no second connection. No table yet (a new database) reads as not current.
 */
export const isCurrent = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ readonly latest: number | null }>`SELECT max(migration_id) AS latest FROM ${sql(MIGRATIONS_TABLE)}`
  return (rows[0]?.latest ?? 0) >= LATEST
}).pipe(Effect.catchTag("SqlError", () => Effect.succeed(false)))

/**
 * Runs pending migrations, idempotently. The Migrator itself skips (rather than waits) when another
 * process holds its table lock, which would let a second process start on a half-migrated schema:
 * a session advisory lock makes concurrent starters wait for each other instead.
 */
const migrateLocked = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return yield* Effect.scoped(Effect.gen(function*() {
    const connection = yield* sql.reserve
    yield* Effect.acquireRelease(
      connection.executeUnprepared(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`, [], undefined),
      () => Effect.orDie(connection.executeUnprepared(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`, [], undefined))
    )
    return yield* runMigrations({ loader: migrations, table: MIGRATIONS_TABLE })
  }))
})

const none: ReadonlyArray<readonly [id: number, name: string]> = []

/** Brings the schema up to date; returns the migrations it applied (none when it was current). */
export const migrate = Effect.if(isCurrent, { onTrue: () => Effect.succeed(none), onFalse: () => migrateLocked }).pipe(
  Effect.withSpan("Database.migrate")
)
