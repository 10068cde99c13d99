import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/**
 * The big brand of the scale benchmark, built in the real schema with set-based SQL (never through
 * ResponseStore): a customer tracking 500 prompts on all 7 engines daily for 300 days, i.e.
 * 1,050,000 answers with ~2.7M competitor mentions (11 competitors, mention rates 75 % down to 3 %),
 * ~3.1M citations over 5,000 domains and 50,000 URLs (Zipf-like: URL rank r is drawn with weight
 * 1/r, ten consecutive ranks share a domain) and ~1.5M search queries. The heap is written in
 * collection order, as a live system writes it. Rollups are not touched: the caller rebuilds them.
 */
export const SCALE_BRAND_NAME = "Scale brand"
export const SCALE = {
  days: 300,
  prompts: 500,
  groups: 10,
  domains: 5_000,
  urlsPerDomain: 10
} as const

const ENGINES = ["chat_gpt", "perplexity", "bing_copilot", "google_ai", "gemini", "grok", "google_ai_mode"] as const
/** Engines that report the web searches they ran (about 1.4 queries per answer overall). */
const SEARCHING = ["chat_gpt", "perplexity", "bing_copilot", "google_ai_mode"] as const
const COMPETITORS = 11
const FILLER = "The options people recommend most often differ in pricing, support and integrations. "

const Id = Schema.Struct({ id: Schema.Number })

/** Builds the big brand in the given workspace and returns its id. Takes a few minutes on 2 cores. */
export const buildScaleBrand = Effect.fn("ScaleBrand.build")(function*(workspaceId: number) {
  const sql = yield* SqlClient.SqlClient
  const ids = <A extends { readonly id: number }>(rows: ReadonlyArray<A>) => rows.map((r) => r.id)
  const decodeIds = Schema.decodeUnknown(Schema.Array(Id))

  return yield* sql.withTransaction(Effect.gen(function*() {
    // The rows are generated consistent; foreign-key triggers would only triple the load time.
    yield* sql`SET LOCAL session_replication_role = replica`
    yield* sql`SET LOCAL work_mem = '256MB'`
    yield* sql`SELECT setseed(0.42)`

    const [brand] = yield* sql`
      INSERT INTO brands (workspace_id, name, website, country_code, language_code, display_name)
      VALUES (${workspaceId}, ${SCALE_BRAND_NAME}, 'https://scale.example', 'US', 'en', ${SCALE_BRAND_NAME})
      RETURNING id`.pipe(Effect.flatMap(decodeIds))
    if (brand === undefined) return yield* Effect.dieMessage("no brand row")
    const brandId = brand.id

    // Mention rates fall geometrically from 75 % (the first competitor) to 3 % (the last).
    yield* sql`
      INSERT INTO competitors (brand_id, name, website)
      SELECT ${brandId}, 'Rival ' || i, 'https://rival' || i || '.example'
      FROM generate_series(1, ${COMPETITORS}) i`
    yield* sql`
      INSERT INTO prompt_groups (brand_id, name)
      SELECT ${brandId}, 'Scale group ' || g FROM generate_series(1, ${SCALE.groups}) g`
    yield* sql`
      INSERT INTO prompts (brand_id, group_id, text, created_at)
      SELECT ${brandId}, g.id, 'Which tool is best for scale task ' || i || '?', now() - interval '301 days'
      FROM generate_series(1, ${SCALE.prompts}) i
      JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM prompt_groups WHERE brand_id = ${brandId}) g
        ON g.n = 1 + (i - 1) % ${SCALE.groups}`
    const promptIds = ids(
      yield* sql`SELECT id FROM prompts WHERE brand_id = ${brandId} ORDER BY id`.pipe(Effect.flatMap(decodeIds))
    )
    const firstPrompt = promptIds[0] ?? 0

    // One answer per prompt, engine and day, in collection order (24 s apart within a day).
    yield* sql`
      INSERT INTO responses (brand_id, prompt_id, engine, model, collected_at, response_markdown, response_text,
        idempotency_key, brand_mentioned, brand_position, brand_sentiment, analysed_at, created_at)
      SELECT ${brandId}, x.prompt_id, x.engine, 'scale-model', x.collected_at,
        '## Answer\n\n' || repeat(${FILLER}, 5), repeat(${FILLER}, 5),
        'scale:' || x.prompt_id || ':' || x.engine || ':' || x.day,
        x.mentioned, CASE WHEN x.mentioned THEN 1 + floor(random() * 5)::int END,
        CASE WHEN x.mentioned THEN round((20 + random() * 70)::numeric, 2) END,
        x.collected_at, x.collected_at
      FROM (
        SELECT p.prompt_id, e.engine, d.day,
          d.day::timestamp AT TIME ZONE 'UTC'
            + make_interval(secs => 24 * ((p.n - 1) * ${ENGINES.length} + e.n - 1)) AS collected_at,
          random() < 0.4 AS mentioned
        FROM (SELECT current_date - k AS day FROM generate_series(0, ${SCALE.days - 1}::int) k) d
        CROSS JOIN (SELECT id AS prompt_id, row_number() OVER (ORDER BY id) AS n FROM prompts WHERE brand_id = ${brandId}) p
        CROSS JOIN unnest(${ENGINES}::text[]) WITH ORDINALITY AS e(engine, n)
        ORDER BY d.day, p.n, e.n
      ) x`
    yield* sql`
      INSERT INTO response_payloads (response_id, payload)
      SELECT id, jsonb_build_object('engine', engine, 'model', model, 'answer', response_text)
      FROM responses WHERE brand_id = ${brandId} ORDER BY id`

    // Competitor i is mentioned with probability 0.75 * 0.04^((i-1)/10); positions follow the draw.
    yield* sql`
      INSERT INTO response_mentions (response_id, competitor_id, prompt_id, engine, collected_at, position, sentiment)
      SELECT m.id, m.competitor_id, m.prompt_id, m.engine, m.collected_at,
        row_number() OVER (PARTITION BY m.id ORDER BY m.draw), round((10 + random() * 80)::numeric, 2)
      FROM (
        SELECT r.id, c.id AS competitor_id, r.prompt_id, r.engine, r.collected_at, random() AS draw, c.rate
        FROM responses r
        CROSS JOIN (
          SELECT id, 0.75 * power(0.04, (row_number() OVER (ORDER BY id) - 1) / 10.0) AS rate
          FROM competitors WHERE brand_id = ${brandId}
        ) c
        WHERE r.brand_id = ${brandId}
      ) m
      WHERE m.draw < m.rate
      ORDER BY m.id, m.competitor_id`

    yield* sql`
      INSERT INTO domains (domain)
      SELECT 'source' || d || '.example' FROM generate_series(1, ${SCALE.domains}) d
      ON CONFLICT (domain) DO NOTHING`
    yield* sql`
      INSERT INTO urls (domain_id, url)
      SELECT d.id, 'https://' || d.domain || '/page/' || k
      FROM domains d CROSS JOIN generate_series(1, ${SCALE.urlsPerDomain}) k
      WHERE d.domain ~ '^source[0-9]+\\.example$'
      ON CONFLICT (url) DO NOTHING`

    // Three draws per answer of a URL rank with weight 1/rank (rank = floor(N^u)); rank r is page
    // 1 + (r-1) % 10 of domain 1 + (r-1) / 10, so domains are Zipf-like too.
    const urlCount = SCALE.domains * SCALE.urlsPerDomain
    yield* sql`
      INSERT INTO response_citations (response_id, url_id, domain_id, brand_id, prompt_id, engine, collected_at, ordinal)
      SELECT c.id, u.id, u.domain_id, ${brandId}, c.prompt_id, c.engine, c.collected_at,
        row_number() OVER (PARTITION BY c.id ORDER BY c.draw)
      FROM (
        SELECT DISTINCT ON (r.id, x.url_rank) r.id, r.prompt_id, r.engine, r.collected_at, x.url_rank, x.draw
        FROM responses r
        CROSS JOIN LATERAL (
          SELECT k AS draw, least(${urlCount}, floor(power(${urlCount}::float8, random() + r.id * 0))::int) AS url_rank
          FROM generate_series(1, 3) k
        ) x
        WHERE r.brand_id = ${brandId}
        ORDER BY r.id, x.url_rank, x.draw
      ) c
      JOIN urls u ON u.url = 'https://source' || (1 + (c.url_rank - 1) / ${SCALE.urlsPerDomain}) || '.example/page/'
        || (1 + (c.url_rank - 1) % ${SCALE.urlsPerDomain})
      ORDER BY c.id, c.draw`

    yield* sql`
      INSERT INTO response_search_queries (response_id, query, prompt_id, engine, collected_at, ordinal)
      SELECT q.id, q.query, q.prompt_id, q.engine, q.collected_at, row_number() OVER (PARTITION BY q.id ORDER BY q.query)
      FROM (
        SELECT DISTINCT r.id, 'scale task ' || (r.prompt_id - ${firstPrompt}) || ' option ' || floor(random() * 20 + r.id * 0)::int AS query,
          r.prompt_id, r.engine, r.collected_at
        FROM responses r CROSS JOIN generate_series(1, 3) k
        WHERE r.brand_id = ${brandId} AND r.engine = ANY(${SEARCHING}::text[])
      ) q
      ORDER BY q.id, q.query`

    yield* sql`
      INSERT INTO action_plans (brand_id, prompt_id, insights_summary, generated_at)
      SELECT ${brandId}, id, 'Competitors are cited more often for this prompt.', now()
      FROM prompts WHERE brand_id = ${brandId} ORDER BY id`
    yield* sql`
      INSERT INTO actions (action_plan_id, ordinal, title, description, priority, category)
      SELECT a.id, k, 'Action ' || k, 'Publish a comparison page.', (ARRAY['high', 'medium', 'low'])[k], 'content'
      FROM action_plans a CROSS JOIN generate_series(1, 3) k WHERE a.brand_id = ${brandId}`
    return brandId
  }))
})
