import * as SqlClient from "@effect/sql/SqlClient"
import { ActionPlan, ActionPlanDetail } from "@sightline/domain/api/Resources"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { decodeRows, iso, type PageRequest, paged } from "./Query.js"

const planColumns = (sql: SqlClient.SqlClient) =>
  sql`ap.id, (SELECT count(*)::int FROM actions a WHERE a.action_plan_id = ap.id) AS actions_count,
      ${iso(sql, "ap.generated_at")} AS generated_at, p.text AS prompt, ap.prompt_id, ap.insights_summary`

/** Action plans of a brand, newest first. */
export const listActionPlans = Effect.fnUntraced(function*(brandId: number, page: PageRequest) {
  const sql = yield* SqlClient.SqlClient
  return yield* paged(
    ActionPlan,
    page,
    sql<{ total: number }>`SELECT count(*)::int AS total FROM action_plans WHERE brand_id = ${brandId}`,
    (limit, offset) =>
      sql`SELECT ${planColumns(sql)} FROM action_plans ap JOIN prompts p ON p.id = ap.prompt_id
          WHERE ap.brand_id = ${brandId}
          ORDER BY ap.generated_at DESC, ap.id DESC
          LIMIT ${limit} OFFSET ${offset}`
  )
})

/** One plan with its actions in the planner's order. */
export const getActionPlan = Effect.fnUntraced(function*(planId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql`
    SELECT ${planColumns(sql)},
      coalesce((
        SELECT json_agg(json_build_object('id', a.id, 'title', a.title, 'description', a.description,
          'priority', a.priority, 'category', a.category,
          'created_at', ${iso(sql, "a.created_at")}) ORDER BY a.ordinal, a.id)
        FROM actions a WHERE a.action_plan_id = ap.id
      ), '[]'::json) AS actions
    FROM action_plans ap JOIN prompts p ON p.id = ap.prompt_id
    WHERE ap.id = ${planId}`.pipe(Effect.flatMap(decodeRows(ActionPlanDetail)), Effect.orDie)
  return Option.fromNullable(rows[0])
})
