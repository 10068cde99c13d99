import * as SqlClient from "@effect/sql/SqlClient"
import { type ActionPlan, planActions, type PromptEvidence } from "@sightline/domain/ActionPlanner"
import { AiModel } from "@sightline/domain/AiModel"
import { findMentions, type TrackedBrand } from "@sightline/domain/analysis/Mentions"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { ResponseStore } from "./ResponseStore.js"
import { actionPlanUpdated } from "./WebhookOutbox.js"

/**
 * Worker-side writes of action plans: the evidence of one prompt, gathered in SQL over its recent
 * responses, and the upsert of its one plan (stable id, actions replaced, generated_at set).
 */

/** The planner looks at this many days of responses, so a plan follows how answers change. */
export const EVIDENCE_WINDOW_DAYS = 90
/** Below this brand sentiment a mention is quoted as negative evidence (docs/api-decisions.md: negative < 40). */
const NEGATIVE_BELOW = 40
const NEGATIVE_SAMPLES = 10

const decodeRows = <A, I>(schema: Schema.Schema<A, I>) => (rows: ReadonlyArray<unknown>) =>
  Schema.decodeUnknown(Schema.Array(schema))(rows)

const NullableNumber = Schema.NullOr(Schema.Number)
const Names = Schema.Array(Schema.String)

const PromptRow = Schema.Struct({ prompt: Schema.String, brandId: Schema.Number, brandName: Schema.String })
const Totals = Schema.Struct({
  responses: Schema.Number,
  brandMentions: Schema.Number,
  brandAveragePosition: NullableNumber,
  brandAverageSentiment: NullableNumber
})
const CompetitorRow = Schema.Struct({ name: Schema.String, mentions: Schema.Number, averagePosition: NullableNumber })
const EngineRow = Schema.Struct({
  engine: AiModel,
  responses: Schema.Number,
  brandMentions: Schema.Number,
  competitorResponses: Schema.Number,
  competitorsMentioned: Names
})
const DomainRow = Schema.Struct({
  domain: Schema.String,
  responses: Schema.Number,
  responsesMentioningBrand: Schema.Number,
  competitorsMentioned: Names
})
const NegativeRow = Schema.Struct({ responseId: Schema.Number, engine: AiModel, text: Schema.String, sentiment: Schema.Number })
const HeadToHeadRow = Schema.Struct({
  name: Schema.String,
  engine: AiModel,
  bothNamed: Schema.Number,
  namedFirst: Schema.Number
})
const PlanId = Schema.Struct({ id: Schema.Number })
const ActionHead = Schema.Struct({ title: Schema.String, priority: Schema.String, category: Schema.String })

const sameActions = (a: ReadonlyArray<typeof ActionHead.Type>, b: ReadonlyArray<typeof ActionHead.Type>) =>
  a.length === b.length &&
  a.every((x, i) => x.title === b[i]?.title && x.priority === b[i]?.priority && x.category === b[i]?.category)

export class ActionPlans extends Effect.Service<ActionPlans>()("@sightline/sql/ActionPlans", {
  effect: Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const store = yield* ResponseStore
    const since = sql`now() - make_interval(days => ${EVIDENCE_WINDOW_DAYS})`

    /**
     * The planner's evidence for one prompt; `tracked` (the brand and its competitors) is used to
     * cut the excerpts of negative mentions. None when the prompt does not exist.
     */
    const gatherEvidence = Effect.fn("ActionPlans.gatherEvidence")(function*(
      promptId: number,
      tracked: { readonly brand: TrackedBrand; readonly competitors: ReadonlyArray<TrackedBrand> }
    ) {
      const prompt = (yield* sql`
        SELECT p.text AS prompt, p.brand_id AS "brandId", b.name AS "brandName"
        FROM prompts p JOIN brands b ON b.id = p.brand_id WHERE p.id = ${promptId}`.pipe(
        Effect.flatMap(decodeRows(PromptRow))
      ))[0]
      if (prompt === undefined) return Option.none<PromptEvidence>()

      const [totals] = yield* sql`
        SELECT count(*)::int AS responses,
               count(*) FILTER (WHERE brand_mentioned)::int AS "brandMentions",
               avg(brand_position)::float8 AS "brandAveragePosition",
               avg(brand_sentiment)::float8 AS "brandAverageSentiment"
        FROM responses WHERE prompt_id = ${promptId} AND collected_at >= ${since}`.pipe(Effect.flatMap(decodeRows(Totals)))

      const competitors = yield* sql`
        SELECT c.name, count(m.response_id)::int AS mentions, avg(m.position)::float8 AS "averagePosition"
        FROM competitors c
        LEFT JOIN response_mentions m
          ON m.competitor_id = c.id AND m.prompt_id = ${promptId} AND m.collected_at >= ${since}
        WHERE c.brand_id = ${prompt.brandId}
        GROUP BY c.id, c.name ORDER BY c.id`.pipe(Effect.flatMap(decodeRows(CompetitorRow)))

      const engines = yield* sql`
        WITH r AS (
          SELECT id, engine, brand_mentioned FROM responses
          WHERE prompt_id = ${promptId} AND collected_at >= ${since}
        )
        SELECT r.engine,
               count(*)::int AS responses,
               count(*) FILTER (WHERE r.brand_mentioned)::int AS "brandMentions",
               count(*) FILTER (WHERE EXISTS (SELECT 1 FROM response_mentions m WHERE m.response_id = r.id))::int
                 AS "competitorResponses",
               coalesce((SELECT array_agg(DISTINCT c.name) FROM response_mentions m
                         JOIN competitors c ON c.id = m.competitor_id
                         JOIN r r2 ON r2.id = m.response_id WHERE r2.engine = r.engine), '{}') AS "competitorsMentioned"
        FROM r GROUP BY r.engine ORDER BY r.engine`.pipe(Effect.flatMap(decodeRows(EngineRow)))

      const domains = yield* sql`
        WITH r AS (
          SELECT id, brand_mentioned FROM responses WHERE prompt_id = ${promptId} AND collected_at >= ${since}
        ), cited AS (
          SELECT DISTINCT c.domain_id, r.id AS response_id, r.brand_mentioned
          FROM response_citations c JOIN r ON r.id = c.response_id
        )
        SELECT d.domain,
               count(*)::int AS responses,
               count(*) FILTER (WHERE cited.brand_mentioned)::int AS "responsesMentioningBrand",
               coalesce((SELECT array_agg(DISTINCT comp.name) FROM cited c2
                         JOIN response_mentions m ON m.response_id = c2.response_id
                         JOIN competitors comp ON comp.id = m.competitor_id
                         WHERE c2.domain_id = cited.domain_id), '{}') AS "competitorsMentioned"
        FROM cited JOIN domains d ON d.id = cited.domain_id
        GROUP BY cited.domain_id, d.domain
        ORDER BY responses DESC, d.domain`.pipe(Effect.flatMap(decodeRows(DomainRow)))

      const negatives = yield* sql`
        SELECT id AS "responseId", engine, response_text AS text, brand_sentiment::float8 AS sentiment
        FROM responses
        WHERE prompt_id = ${promptId} AND collected_at >= ${since} AND brand_sentiment < ${NEGATIVE_BELOW}
        ORDER BY brand_sentiment, id
        LIMIT ${NEGATIVE_SAMPLES}`.pipe(Effect.flatMap(decodeRows(NegativeRow)))

      // Answers naming the brand and a competitor, and whether the competitor came first (raw mentions:
      // a prompt's recent answers, through the (prompt, time) index).
      const pairs = yield* sql`
        SELECT c.name, m.engine, count(*)::int AS "bothNamed",
               count(*) FILTER (WHERE m.position < r.brand_position)::int AS "namedFirst"
        FROM response_mentions m
        JOIN responses r ON r.id = m.response_id
        JOIN competitors c ON c.id = m.competitor_id
        WHERE m.prompt_id = ${promptId} AND m.collected_at >= ${since} AND r.brand_mentioned AND r.brand_position IS NOT NULL
        GROUP BY c.id, c.name, m.engine
        ORDER BY c.id, m.engine`.pipe(Effect.flatMap(decodeRows(HeadToHeadRow)))
      const rivals = [...new Set(pairs.map((p) => p.name))].map((name) => {
        const rows = pairs.filter((p) => p.name === name)
        return {
          name,
          bothNamed: rows.reduce((sum, p) => sum + p.bothNamed, 0),
          namedFirst: rows.reduce((sum, p) => sum + p.namedFirst, 0),
          engines: rows.map(({ bothNamed, engine, namedFirst }) => ({ engine, bothNamed, namedFirst }))
        }
      })

      const everyone = [tracked.brand, ...tracked.competitors]
      const evidence: PromptEvidence = {
        promptId,
        prompt: prompt.prompt,
        brandName: prompt.brandName,
        responses: totals?.responses ?? 0,
        brandMentions: totals?.brandMentions ?? 0,
        brandAveragePosition: totals?.brandAveragePosition ?? null,
        brandAverageSentiment: totals?.brandAverageSentiment ?? null,
        competitors,
        engines,
        domains,
        headToHead: rivals,
        negativeMentions: negatives.flatMap((row) => {
          const mention = findMentions(row.text, everyone).find((m) => m.brand.kind === "brand")
          const excerpt = mention?.excerpts[0]
          return excerpt === undefined
            ? []
            : [{ responseId: row.responseId, engine: row.engine, excerpt, sentiment: row.sentiment }]
        })
      }
      return Option.some(evidence)
    }, (effect) => Effect.orDie(effect))

    /**
     * Creates or refreshes the prompt's plan: same id, actions replaced, generated_at = now. When the
     * plan is new or its actions (title, priority, category, in order) changed, `action_plan.updated`
     * is enqueued for the matching webhooks in the same transaction; a refresh to the same actions
     * (only the counts behind them moved) announces nothing.
     */
    const save = Effect.fn("ActionPlans.save")(function*(promptId: number, plan: ActionPlan) {
      const write = Effect.gen(function*() {
        const before = yield* sql`
          SELECT x.title, x.priority, x.category FROM actions x
          JOIN action_plans a ON a.id = x.action_plan_id
          WHERE a.prompt_id = ${promptId} ORDER BY x.ordinal`.pipe(Effect.flatMap(decodeRows(ActionHead)))
        const existed = yield* sql`SELECT 1 FROM action_plans WHERE prompt_id = ${promptId}`
        const [row] = yield* sql`
          INSERT INTO action_plans (brand_id, prompt_id, insights_summary, generated_at)
          SELECT brand_id, id, ${plan.insightsSummary}, now() FROM prompts WHERE id = ${promptId}
          ON CONFLICT (prompt_id) DO UPDATE
            SET insights_summary = EXCLUDED.insights_summary, generated_at = EXCLUDED.generated_at
          RETURNING id`.pipe(Effect.flatMap(decodeRows(PlanId)))
        if (row === undefined) return Option.none<number>()
        yield* sql`DELETE FROM actions WHERE action_plan_id = ${row.id}`
        if (plan.actions.length > 0) {
          yield* sql`INSERT INTO actions ${
            sql.insert(plan.actions.map((action, index) => ({
              action_plan_id: row.id,
              ordinal: index + 1,
              title: action.title,
              description: action.description,
              priority: action.priority,
              category: action.category,
              evidence: JSON.stringify(action.evidence)
            })))
          }`
        }
        const after = plan.actions.map(({ category, priority, title }) => ({ title, priority, category }))
        if (existed.length === 0 || !sameActions(before, after)) yield* actionPlanUpdated(sql, row.id)
        return Option.some(row.id)
      })
      return yield* sql.withTransaction(write)
    }, (effect) => Effect.orDie(effect))

    const BrandOfPrompt = Schema.Struct({ brandId: Schema.Number })

    /**
     * Generates or refreshes the plan of one prompt from its evidence. Returns the plan id; none when
     * the prompt no longer exists or has no responses yet.
     */
    const refresh = Effect.fn("ActionPlans.refresh")(function*(promptId: number) {
      const [prompt] = yield* sql`SELECT brand_id AS "brandId" FROM prompts WHERE id = ${promptId}`.pipe(
        Effect.flatMap(decodeRows(BrandOfPrompt)),
        Effect.orDie
      )
      if (prompt === undefined) return Option.none<number>()
      const tracked = yield* store.trackedBrands(prompt.brandId).pipe(Effect.option)
      if (Option.isNone(tracked)) return Option.none<number>()
      const evidence = yield* gatherEvidence(promptId, tracked.value)
      if (Option.isNone(evidence) || evidence.value.responses === 0) return Option.none<number>()
      return yield* save(promptId, planActions(evidence.value))
    })

    return { gatherEvidence, save, refresh } as const
  }),
  dependencies: [ResponseStore.Default]
}) {}
