import * as SqlClient from "@effect/sql/SqlClient"
import * as ApiKeyFormat from "@sightline/domain/ApiKeyFormat"
import { Rollups } from "@sightline/sql/Rollups"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

/**
 * Crafted data, inserted with plain SQL. Expected metrics are computed in the tests from these
 * definitions (never hard-coded), so the SQL is checked against an independent calculation.
 */
export interface MentionSpec {
  readonly competitor: "X" | "Y"
  readonly position: number
  readonly sentiment: number
}
export interface ResponseSpec {
  readonly key: string
  readonly prompt: "P1" | "P2" | "PB1" | "PC1"
  readonly engine: string
  readonly collectedAt: string
  /** The own brand's mention; null when not mentioned. */
  readonly brand: { readonly position: number; readonly sentiment: number } | null
  readonly mentions: ReadonlyArray<MentionSpec>
  readonly citations: ReadonlyArray<string>
  readonly queries: ReadonlyArray<string>
}

export const DOMAIN_OF: Record<string, string> = {
  "https://docs.example.com/a": "example.com",
  "https://example.com/b": "example.com",
  "https://news.test/x": "news.test",
  "https://shared.example/p": "shared.example",
  "https://only-c.example/z": "only-c.example",
  "https://www.100%_off.test/deal": "100%_off.test"
}

export const RESPONSES: ReadonlyArray<ResponseSpec> = [
  {
    key: "r1", prompt: "P1", engine: "chat_gpt", collectedAt: "2024-03-01T10:00:00Z",
    brand: { position: 1, sentiment: 80 },
    mentions: [{ competitor: "X", position: 2, sentiment: 50 }],
    citations: ["https://docs.example.com/a", "https://news.test/x"], queries: ["q one", "q two"]
  },
  {
    key: "r2", prompt: "P1", engine: "perplexity", collectedAt: "2024-03-01T23:59:59Z",
    brand: null,
    mentions: [{ competitor: "X", position: 1, sentiment: 30 }, { competitor: "Y", position: 2, sentiment: 70 }],
    citations: ["https://docs.example.com/a"], queries: ["q one"]
  },
  {
    key: "r3", prompt: "P1", engine: "chat_gpt", collectedAt: "2024-03-02T00:00:00Z",
    brand: { position: 2, sentiment: 45.5 },
    mentions: [{ competitor: "Y", position: 1, sentiment: 90 }],
    citations: ["https://example.com/b"], queries: ["q three"]
  },
  {
    key: "r4", prompt: "P1", engine: "gemini", collectedAt: "2024-03-03T12:00:00Z",
    brand: { position: 3, sentiment: 33.33 },
    mentions: [], citations: [], queries: []
  },
  {
    key: "r5", prompt: "P2", engine: "chat_gpt", collectedAt: "2024-03-02T08:00:00Z",
    brand: null, mentions: [], citations: ["https://news.test/x", "https://www.100%_off.test/deal"], queries: []
  },
  {
    key: "r6", prompt: "P2", engine: "chat_gpt", collectedAt: "2024-03-02T09:00:00Z",
    brand: { position: 1, sentiment: 60 }, mentions: [], citations: [], queries: []
  },
  {
    key: "rb1", prompt: "PB1", engine: "chat_gpt", collectedAt: "2024-03-01T08:00:00Z",
    brand: null, mentions: [], citations: ["https://shared.example/p"], queries: []
  },
  {
    key: "rc1", prompt: "PC1", engine: "grok", collectedAt: "2024-03-01T08:00:00Z",
    brand: null, mentions: [], citations: ["https://only-c.example/z", "https://shared.example/p"], queries: []
  }
]

export interface FixtureIds {
  readonly workspace1: number
  readonly workspace2: number
  readonly brandA: number
  readonly brandB: number
  readonly brandC: number
  readonly competitorX: number
  readonly competitorY: number
  readonly competitorZ: number
  readonly groupG1: number
  readonly groupGB: number
  readonly prompts: Record<"P1" | "P2" | "P3" | "PB1" | "PC1", number>
  readonly responses: Record<string, number>
  readonly domains: Record<string, number>
  readonly uncitedDomain: number
  readonly planA: number
  readonly planB: number
  readonly actions: ReadonlyArray<number>
  /** Plaintext keys. */
  readonly keys: {
    readonly workspace1: string
    readonly brandA: string
    readonly workspace2: string
    readonly revoked: string
    readonly expired: string
    readonly limited: string
  }
  readonly keyIds: Record<string, number>
}

export class Fixture extends Context.Tag("test/Fixture")<Fixture, FixtureIds>() {}

const one = <A>(rows: ReadonlyArray<A>): A => {
  const [row] = rows
  if (row === undefined) throw new Error("insert returned no row")
  return row
}

export const insertFixture = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const id = (rows: ReadonlyArray<{ id: number }>) => one(rows).id

  const workspace1 = id(yield* sql<{ id: number }>`INSERT INTO workspaces (name) VALUES ('Acme Inc') RETURNING id`)
  const workspace2 = id(yield* sql<{ id: number }>`INSERT INTO workspaces (name) VALUES ('Other Co') RETURNING id`)
  const brand = (workspaceId: number, name: string, createdAt: string) =>
    sql<{ id: number }>`INSERT INTO brands (workspace_id, name, website, country_code, language_code, display_name,
        description, key_features, created_at)
      VALUES (${workspaceId}, ${name}, ${`https://${name.toLowerCase()}.example`}, 'US', 'en', ${`${name} Display`},
        ${`About ${name}`}, ${["fast", "cheap"]}, ${createdAt}) RETURNING id`.pipe(Effect.map(id))
  const brandA = yield* brand(workspace1, "Acme", "2024-01-01T00:00:00Z")
  const brandB = yield* brand(workspace1, "Beta", "2024-01-02T00:00:00Z")
  const brandC = yield* brand(workspace2, "Gamma", "2024-01-03T00:00:00Z")

  const competitor = (brandId: number, name: string) =>
    sql<{ id: number }>`INSERT INTO competitors (brand_id, name, website, created_at)
      VALUES (${brandId}, ${name}, ${`https://${name.toLowerCase()}.example`}, '2024-01-05T00:00:00Z') RETURNING id`
      .pipe(Effect.map(id))
  const competitorX = yield* competitor(brandA, "Xeno")
  const competitorY = yield* competitor(brandA, "Yarn")
  const competitorZ = yield* competitor(brandB, "Zed")

  const group = (brandId: number, name: string) =>
    sql<{ id: number }>`INSERT INTO prompt_groups (brand_id, name, created_at)
      VALUES (${brandId}, ${name}, '2024-01-06T00:00:00Z') RETURNING id`.pipe(Effect.map(id))
  const groupG1 = yield* group(brandA, "Core")
  const groupGB = yield* group(brandB, "Beta group")

  const prompt = (brandId: number, groupId: number | null, text: string) =>
    sql<{ id: number }>`INSERT INTO prompts (brand_id, group_id, text, next_run_at, created_at)
      VALUES (${brandId}, ${groupId}, ${text}, '2024-04-01T00:00:00Z', '2024-01-07T00:00:00Z') RETURNING id`
      .pipe(Effect.map(id))
  const prompts = {
    P1: yield* prompt(brandA, groupG1, "Best tools?"),
    P2: yield* prompt(brandA, null, "Cheap tools?"),
    P3: yield* prompt(brandA, null, "Unanswered?"),
    PB1: yield* prompt(brandB, groupGB, "Beta prompt?"),
    PC1: yield* prompt(brandC, null, "Gamma prompt?")
  }
  const brandOfPrompt = { P1: brandA, P2: brandA, PB1: brandB, PC1: brandC }
  const competitorIds = { X: competitorX, Y: competitorY }

  const domains: Record<string, number> = {}
  for (const domain of new Set(Object.values(DOMAIN_OF))) {
    domains[domain] = id(yield* sql<{ id: number }>`INSERT INTO domains (domain) VALUES (${domain}) RETURNING id`)
  }
  const uncitedDomain = id(yield* sql<{ id: number }>`INSERT INTO domains (domain) VALUES ('uncited.test') RETURNING id`)
  const urls: Record<string, number> = {}
  for (const [url, domain] of Object.entries(DOMAIN_OF)) {
    urls[url] = id(yield* sql<{ id: number }>`INSERT INTO urls (domain_id, url) VALUES (${domains[domain]}, ${url}) RETURNING id`)
  }

  const responses: Record<string, number> = {}
  for (const spec of RESPONSES) {
    const brandId = brandOfPrompt[spec.prompt]
    const promptId = prompts[spec.prompt]
    const responseId = id(yield* sql<{ id: number }>`
      INSERT INTO responses (brand_id, prompt_id, engine, model, collected_at, response_markdown, response_text,
        idempotency_key, brand_mentioned, brand_position, brand_sentiment)
      VALUES (${brandId}, ${promptId}, ${spec.engine}, 'test-model', ${spec.collectedAt}, ${`**${spec.key}**`},
        ${spec.key}, ${`fixture-${spec.key}`}, ${spec.brand !== null}, ${spec.brand?.position ?? null},
        ${spec.brand?.sentiment ?? null})
      RETURNING id`)
    responses[spec.key] = responseId
    for (const mention of spec.mentions) {
      yield* sql`INSERT INTO response_mentions (response_id, competitor_id, prompt_id, engine, collected_at, position, sentiment)
        VALUES (${responseId}, ${competitorIds[mention.competitor]}, ${promptId}, ${spec.engine}, ${spec.collectedAt},
          ${mention.position}, ${mention.sentiment})`
    }
    for (const [ordinal, url] of spec.citations.entries()) {
      const domain = DOMAIN_OF[url] ?? ""
      yield* sql`INSERT INTO response_citations (response_id, url_id, domain_id, brand_id, prompt_id, engine, collected_at, ordinal)
        VALUES (${responseId}, ${urls[url]}, ${domains[domain]}, ${brandId}, ${promptId}, ${spec.engine},
          ${spec.collectedAt}, ${ordinal})`
    }
    for (const [ordinal, query] of spec.queries.entries()) {
      yield* sql`INSERT INTO response_search_queries (response_id, query, prompt_id, engine, collected_at, ordinal)
        VALUES (${responseId}, ${query}, ${promptId}, ${spec.engine}, ${spec.collectedAt}, ${ordinal})`
    }
  }

  // Rows written directly, as a bulk load would: the rollups are rebuilt from them.
  yield* Rollups.rebuild({}).pipe(Effect.provide(Rollups.Default))

  const plan = (brandId: number, promptId: number, generatedAt: string) =>
    sql<{ id: number }>`INSERT INTO action_plans (brand_id, prompt_id, insights_summary, generated_at)
      VALUES (${brandId}, ${promptId}, ${`Summary of ${promptId}`}, ${generatedAt}) RETURNING id`.pipe(Effect.map(id))
  const planA = yield* plan(brandA, prompts.P1, "2024-03-05T00:00:00Z")
  const planA2 = yield* plan(brandA, prompts.P2, "2024-03-06T00:00:00Z")
  const planB = yield* plan(brandB, prompts.PB1, "2024-03-05T00:00:00Z")
  const actions: Array<number> = []
  for (const [ordinal, priority] of (["low", "high"] as const).entries()) {
    actions.push(id(yield* sql<{ id: number }>`
      INSERT INTO actions (action_plan_id, ordinal, title, description, priority, category, created_at)
      VALUES (${planA}, ${ordinal}, ${`Action ${ordinal}`}, 'Do it', ${priority}, 'content', '2024-03-05T00:00:00Z')
      RETURNING id`))
  }
  void planA2

  const keyIds: Record<string, number> = {}
  const key = (name: string, workspaceId: number, brandId: number | null, opts: {
    readonly limit?: number
    readonly expired?: boolean
    readonly revoked?: boolean
  } = {}) =>
    Effect.gen(function*() {
      const plaintext = ApiKeyFormat.generate()
      keyIds[name] = id(yield* sql<{ id: number }>`
        INSERT INTO api_keys (workspace_id, brand_id, name, prefix, key_hash, rate_limit_per_minute, expires_at, revoked_at)
        VALUES (${workspaceId}, ${brandId}, ${name}, ${ApiKeyFormat.prefixOf(plaintext)}, ${ApiKeyFormat.hash(plaintext)},
          ${opts.limit ?? 1_000_000},
          ${opts.expired === true ? sql`now() - interval '1 day'` : sql`now() + interval '6 months'`},
          ${opts.revoked === true ? sql`now()` : null})
        RETURNING id`)
      return plaintext
    })
  const keys = {
    workspace1: yield* key("workspace1", workspace1, null),
    brandA: yield* key("brandA", workspace1, brandA),
    workspace2: yield* key("workspace2", workspace2, null),
    revoked: yield* key("revoked", workspace1, null, { revoked: true }),
    expired: yield* key("expired", workspace1, null, { expired: true }),
    limited: yield* key("limited", workspace1, brandA, { limit: 3 })
  }

  return {
    workspace1, workspace2, brandA, brandB, brandC, competitorX, competitorY, competitorZ, groupG1, groupGB,
    prompts, responses, domains, uncitedDomain, planA, planB, actions, keys, keyIds
  } satisfies FixtureIds
}).pipe(Effect.orDie)

export const layer = Layer.effect(Fixture, insertFixture)
