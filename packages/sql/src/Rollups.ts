import * as SqlClient from "@effect/sql/SqlClient"
import type * as SqlError from "@effect/sql/SqlError"
import type * as Statement from "@effect/sql/Statement"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/**
 * The rollups (migration 0005): per-day and per-month sums and counts of the analysed answers, so
 * that the dashboard and the prompt figures read a few hundred rows instead of a brand's whole
 * history. Three tables, one grain each of what the read side groups by:
 *
 * - `rollup_brand`: brand × prompt group × engine × period: responses, own-brand mentions, and the
 *   sums of the own brand's positions and sentiments over those mentions;
 * - `rollup_competitor`: competitor × prompt group × engine × period: mentions and the sums;
 * - `rollup_prompt`: prompt × engine × period: the same figures as `rollup_brand`.
 *
 * `grain` is `day` (the UTC day) or `month` (the first day of the UTC month); `engine` NULL is the
 * sum over all engines. Only sums and counts are stored: averages are divided at read time, exactly
 * as `avg()` over the raw rows divides (see read/Periods.ts). A prompt's group never changes, so
 * keying by group is exact.
 *
 * ResponseStore adds a batch's answers in its own transaction (`add`); a re-analysis subtracts an
 * answer's old figures and adds the new ones (`subtract` / `add`). `rebuild` recomputes them
 * set-based from the raw rows (bulk loads, restores, after `reanalyze`) and `verify` compares
 * them with the raw rows.
 */

/** The figures of each rollup as they follow from the raw rows of the answers that `where` selects. */
const expected = (sql: SqlClient.SqlClient, answers: Statement.Fragment) => {
  const keyed = sql`
    SELECT r.id, r.brand_id, p.group_id, r.prompt_id, e.engine, g.grain,
      CASE WHEN g.grain = 'day' THEN (r.collected_at AT TIME ZONE 'UTC')::date
        ELSE date_trunc('month', r.collected_at AT TIME ZONE 'UTC')::date END AS period,
      r.brand_mentioned, r.brand_position, r.brand_sentiment
    FROM responses r
    JOIN prompts p ON p.id = r.prompt_id
    CROSS JOIN LATERAL (VALUES (r.engine), (NULL::text)) e(engine)
    CROSS JOIN (VALUES ('day'), ('month')) g(grain)
    WHERE ${answers}`
  const figures = sql`
    count(*)::int AS responses,
    (count(*) FILTER (WHERE k.brand_mentioned))::int AS mentions,
    coalesce(sum(k.brand_position), 0)::bigint AS position_sum,
    coalesce(sum(k.brand_sentiment), 0) AS sentiment_sum`
  return {
    brand: sql`
      SELECT k.brand_id, k.group_id, k.engine, k.grain, k.period, ${figures}
      FROM (${keyed}) k GROUP BY 1, 2, 3, 4, 5`,
    prompt: sql`
      SELECT k.prompt_id, k.brand_id, k.engine, k.grain, k.period, ${figures}
      FROM (${keyed}) k GROUP BY 1, 2, 3, 4, 5`,
    competitor: sql`
      SELECT m.competitor_id, k.brand_id, k.group_id, k.engine, k.grain, k.period,
        count(*)::int AS mentions, sum(m.position)::bigint AS position_sum, sum(m.sentiment) AS sentiment_sum
      FROM (${keyed}) k JOIN response_mentions m ON m.response_id = k.id
      GROUP BY 1, 2, 3, 4, 5, 6`
  }
}

const BRAND_KEY = "brand_id, engine, grain, period, group_id"
const PROMPT_KEY = "prompt_id, engine, grain, period"
const COMPETITOR_KEY = "brand_id, engine, grain, period, group_id, competitor_id"

export class RollupMismatch extends Schema.TaggedError<RollupMismatch>()("RollupMismatch", {
  table: Schema.String,
  differences: Schema.Number
}) {
  override get message() {
    return `${this.table}: ${this.differences} row(s) differ from the raw rows`
  }
}

export interface RollupDifferences {
  readonly brand: number
  readonly prompt: number
  readonly competitor: number
}

const Differences = Schema.Struct({ brand: Schema.Number, prompt: Schema.Number, competitor: Schema.Number })

export class Rollups extends Effect.Service<Rollups>()("@sightline/sql/Rollups", {
  accessors: true,
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** Adds (sign 1) or subtracts (sign -1) the figures of the given answers, in the caller's transaction. */
    const apply = (responseIds: ReadonlyArray<number>, sign: 1 | -1): Effect.Effect<void, SqlError.SqlError> => {
      if (responseIds.length === 0) return Effect.void
      const rows = expected(sql, sql`r.id = ANY(${responseIds}::bigint[])`)
      const s = sql.literal(String(sign))
      // Rows go in key order, so concurrent writers lock the rollup rows they share in the same order.
      return sql`
        WITH brand_rows AS (
          INSERT INTO rollup_brand AS t (brand_id, group_id, engine, grain, period, responses, mentions, position_sum, sentiment_sum)
          SELECT brand_id, group_id, engine, grain, period, ${s} * responses, ${s} * mentions, ${s} * position_sum,
            ${s} * sentiment_sum
          FROM (${rows.brand}) x ORDER BY ${sql.literal(BRAND_KEY)}
          ON CONFLICT (${sql.literal(BRAND_KEY)}) DO UPDATE SET responses = t.responses + excluded.responses,
            mentions = t.mentions + excluded.mentions, position_sum = t.position_sum + excluded.position_sum,
            sentiment_sum = t.sentiment_sum + excluded.sentiment_sum
        ),
        prompt_rows AS (
          INSERT INTO rollup_prompt AS t (prompt_id, brand_id, engine, grain, period, responses, mentions, position_sum, sentiment_sum)
          SELECT prompt_id, brand_id, engine, grain, period, ${s} * responses, ${s} * mentions, ${s} * position_sum,
            ${s} * sentiment_sum
          FROM (${rows.prompt}) x ORDER BY ${sql.literal(PROMPT_KEY)}
          ON CONFLICT (${sql.literal(PROMPT_KEY)}) DO UPDATE SET responses = t.responses + excluded.responses,
            mentions = t.mentions + excluded.mentions, position_sum = t.position_sum + excluded.position_sum,
            sentiment_sum = t.sentiment_sum + excluded.sentiment_sum
        )
        INSERT INTO rollup_competitor AS t (competitor_id, brand_id, group_id, engine, grain, period, mentions, position_sum, sentiment_sum)
        SELECT competitor_id, brand_id, group_id, engine, grain, period, ${s} * mentions, ${s} * position_sum,
          ${s} * sentiment_sum
        FROM (${rows.competitor}) x ORDER BY ${sql.literal(COMPETITOR_KEY)}
        ON CONFLICT (${sql.literal(COMPETITOR_KEY)}) DO UPDATE SET mentions = t.mentions + excluded.mentions,
          position_sum = t.position_sum + excluded.position_sum, sentiment_sum = t.sentiment_sum + excluded.sentiment_sum`
        .pipe(Effect.asVoid)
    }

    /** Adds the figures of freshly written answers (their mentions already written). */
    const add = (responseIds: ReadonlyArray<number>) => apply(responseIds, 1)
    /** Takes away the figures of answers about to be re-analysed (before their mentions are deleted). */
    const subtract = (responseIds: ReadonlyArray<number>) => apply(responseIds, -1)

    const brandFilter = (brandId: number | undefined, alias: string) =>
      brandId === undefined ? sql`TRUE` : sql`${sql.literal(`${alias}.brand_id`)} = ${brandId}`

    /** Recomputes the rollups of one brand (or all) from the raw rows, in one transaction. */
    const rebuild = Effect.fn("Rollups.rebuild")(function*(options: { readonly brandId?: number | undefined }) {
      const rows = expected(sql, brandFilter(options.brandId, "r"))
      const where = brandFilter(options.brandId, "t")
      yield* sql.withTransaction(Effect.gen(function*() {
        yield* sql`DELETE FROM rollup_brand t WHERE ${where}`
        yield* sql`DELETE FROM rollup_prompt t WHERE ${where}`
        yield* sql`DELETE FROM rollup_competitor t WHERE ${where}`
        yield* sql`INSERT INTO rollup_brand (${sql.literal(BRAND_KEY)}, responses, mentions, position_sum, sentiment_sum)
          SELECT ${sql.literal(BRAND_KEY)}, responses, mentions, position_sum, sentiment_sum FROM (${rows.brand}) x`
        yield* sql`INSERT INTO rollup_prompt (${sql.literal(PROMPT_KEY)}, brand_id, responses, mentions, position_sum, sentiment_sum)
          SELECT ${sql.literal(PROMPT_KEY)}, brand_id, responses, mentions, position_sum, sentiment_sum FROM (${rows.prompt}) x`
        yield* sql`INSERT INTO rollup_competitor (${sql.literal(COMPETITOR_KEY)}, mentions, position_sum, sentiment_sum)
          SELECT ${sql.literal(COMPETITOR_KEY)}, mentions, position_sum, sentiment_sum FROM (${rows.competitor}) x`
      })).pipe(Effect.orDie)
    })

    /**
     * The number of rollup rows that differ from the raw rows, per table (0 everywhere when they
     * agree). A stored row whose figures are all zero (left by a re-analysis) counts as absent.
     */
    const differences = Effect.fn("Rollups.differences")(function*(options: { readonly brandId?: number | undefined }) {
      const rows = expected(sql, brandFilter(options.brandId, "r"))
      const where = brandFilter(options.brandId, "t")
      // EXCEPT compares NULL keys (all engines, no group) as equal, which a join would not.
      const compare = (stored: Statement.Fragment, fresh: Statement.Fragment) =>
        sql`(SELECT count(*)::int FROM (
          (${stored} EXCEPT ALL ${fresh}) UNION ALL (${fresh} EXCEPT ALL ${stored})) d)`
      const [found] = yield* sql`
        SELECT
          ${
        compare(
          sql`SELECT ${sql.literal(BRAND_KEY)}, responses, mentions, position_sum, sentiment_sum FROM rollup_brand t
              WHERE ${where} AND (responses, mentions, position_sum, sentiment_sum) <> (0, 0, 0, 0)`,
          sql`SELECT ${sql.literal(BRAND_KEY)}, responses, mentions, position_sum, sentiment_sum FROM (${rows.brand}) x`
        )
      } AS brand,
          ${
        compare(
          sql`SELECT ${sql.literal(PROMPT_KEY)}, brand_id, responses, mentions, position_sum, sentiment_sum FROM rollup_prompt t
              WHERE ${where} AND (responses, mentions, position_sum, sentiment_sum) <> (0, 0, 0, 0)`,
          sql`SELECT ${sql.literal(PROMPT_KEY)}, brand_id, responses, mentions, position_sum, sentiment_sum FROM (${rows.prompt}) x`
        )
      } AS prompt,
          ${
        compare(
          sql`SELECT ${sql.literal(COMPETITOR_KEY)}, mentions, position_sum, sentiment_sum FROM rollup_competitor t
              WHERE ${where} AND (mentions, position_sum, sentiment_sum) <> (0, 0, 0)`,
          sql`SELECT ${sql.literal(COMPETITOR_KEY)}, mentions, position_sum, sentiment_sum FROM (${rows.competitor}) x`
        )
      } AS competitor`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(Differences))), Effect.orDie)
      const result: RollupDifferences = found ?? { brand: 0, prompt: 0, competitor: 0 }
      return result
    })

    /** Fails with RollupMismatch (the first table that differs) unless the rollups agree with the raw rows. */
    const verify = Effect.fn("Rollups.verify")(function*(options: { readonly brandId?: number | undefined }) {
      const found = yield* differences(options)
      for (const table of ["brand", "prompt", "competitor"] as const) {
        if (found[table] > 0) return yield* new RollupMismatch({ table: `rollup_${table}`, differences: found[table] })
      }
      return found
    })

    return { add, subtract, rebuild, differences, verify } as const
  })
}) {}
