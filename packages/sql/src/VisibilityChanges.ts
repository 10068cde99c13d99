import * as SqlClient from "@effect/sql/SqlClient"
import { type DayFigures, significantChanges } from "@sightline/domain/VisibilityChange"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { foldJournal } from "./Rollups.js"
import { visibilityChanged } from "./WebhookOutbox.js"

/**
 * The `visibility.changed` webhook's detection (docs/webhooks.md): for every brand some webhook
 * subscribes to, the brand's and each of its prompts' visibility and share of voice on the last
 * closed UTC day are compared with the day before (VisibilityChange.significantChanges), from the
 * day rollups (prompt share of voice from the day's competitor mentions). Each significant change
 * is enqueued under the key `visibility.changed:<brand|prompt>:<id>:<metric>:<day>`, so running
 * the detection again (every worker does, periodically) never enqueues it twice. Brands without
 * such a webhook cost nothing.
 */

const Figures = Schema.Struct({
  brandId: Schema.Number,
  promptId: Schema.NullOr(Schema.Number),
  date: Schema.String,
  responses: Schema.Number,
  brandMentions: Schema.Number,
  competitorMentions: Schema.Number
})
const ClosedDay = Schema.Struct({ day: Schema.String })

/** A UTC day counts as closed this long after midnight, so answers stored at the turn are in. */
export const CLOSING_GRACE_MINUTES = 10

export class VisibilityChanges extends Effect.Service<VisibilityChanges>()("@sightline/sql/VisibilityChanges", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient

    /** The figures of `day` and the day before, per subscribed brand (promptId null) and per prompt. */
    const figures = (day: string) => {
      const subscribed = sql`
        SELECT DISTINCT b.id AS brand_id FROM brands b
        JOIN webhooks w ON w.workspace_id = b.workspace_id AND (w.brand_id IS NULL OR w.brand_id = b.id)
          AND 'visibility.changed' = ANY(w.events)`
      const days = sql`SELECT unnest(ARRAY[${day}::date - 1, ${day}::date]) AS period`
      return sql`
        WITH subscribed AS (${subscribed}), days AS (${days})
        SELECT s.brand_id AS "brandId", NULL::bigint AS "promptId", d.period::text AS date,
               coalesce((SELECT sum(r.responses) FROM rollup_brand r
                         WHERE r.brand_id = s.brand_id AND r.engine IS NULL AND r.grain = 'day' AND r.period = d.period), 0)::int
                 AS responses,
               coalesce((SELECT sum(r.mentions) FROM rollup_brand r
                         WHERE r.brand_id = s.brand_id AND r.engine IS NULL AND r.grain = 'day' AND r.period = d.period), 0)::int
                 AS "brandMentions",
               coalesce((SELECT sum(c.mentions) FROM rollup_competitor c
                         WHERE c.brand_id = s.brand_id AND c.engine IS NULL AND c.grain = 'day' AND c.period = d.period), 0)::int
                 AS "competitorMentions"
        FROM subscribed s CROSS JOIN days d
        UNION ALL
        SELECT p.brand_id, p.id, d.period::text, coalesce(rp.responses, 0), coalesce(rp.mentions, 0),
               (SELECT count(*) FROM response_mentions m
                WHERE m.prompt_id = p.id AND m.collected_at >= (d.period::timestamp AT TIME ZONE 'UTC')
                  AND m.collected_at < ((d.period + 1)::timestamp AT TIME ZONE 'UTC'))::int
        FROM subscribed s JOIN prompts p ON p.brand_id = s.brand_id CROSS JOIN days d
        LEFT JOIN rollup_prompt rp ON rp.prompt_id = p.id AND rp.engine IS NULL AND rp.grain = 'day' AND rp.period = d.period
        WHERE rp.responses IS NOT NULL OR d.period = ${day}::date`.pipe(
        Effect.flatMap(Schema.decodeUnknown(Schema.Array(Figures)))
      )
    }

    /**
     * Detects and enqueues the significant changes of `day` (YYYY-MM-DD; default the last closed UTC
     * day) against the day before. Returns how many changes were found (enqueued once each).
     */
    const detect = Effect.fn("VisibilityChanges.detect")(function*(options: { readonly day?: string } = {}) {
      const day = options.day ?? (yield* sql`
        SELECT (((now() AT TIME ZONE 'UTC') - make_interval(mins => ${CLOSING_GRACE_MINUTES}))::date - 1)::text AS day`.pipe(
        Effect.flatMap(Schema.decodeUnknown(Schema.Array(ClosedDay))),
        Effect.map((rows) => rows[0]?.day ?? "")
      ))
      // The figures come from the day rollups: every brand's journal folded first.
      yield* foldJournal("all")
      const rows = yield* figures(day)
      const byScope = new Map<string, { brandId: number; promptId: number | null; days: Map<string, DayFigures> }>()
      for (const row of rows) {
        const key = row.promptId === null ? `brand:${row.brandId}` : `prompt:${row.promptId}`
        const scope = byScope.get(key) ?? { brandId: row.brandId, promptId: row.promptId, days: new Map() }
        scope.days.set(row.date, row)
        byScope.set(key, scope)
      }
      const changes = [...byScope.entries()].flatMap(([key, scope]) => {
        const current = scope.days.get(day)
        const previous = [...scope.days.values()].find((d) => d.date !== day)
        if (current === undefined || previous === undefined) return []
        return significantChanges(current, previous).map((change) => ({
          brandId: scope.brandId,
          eventKey: `visibility.changed:${key}:${change.metric}:${day}`,
          data: { brand_id: scope.brandId, prompt_id: scope.promptId, ...change }
        }))
      })
      if (changes.length > 0) {
        yield* sql.withTransaction(Effect.forEach(changes, (change) => visibilityChanged(sql, change), { discard: true }))
      }
      return changes.length
    }, Effect.orDie)

    return { detect } as const
  })
}) {}
