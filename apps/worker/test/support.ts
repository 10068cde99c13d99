import type {} from "../../../packages/sql/test-support/globalSetup.js"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as SqlClient from "@effect/sql/SqlClient"
import type { AiModel } from "@sightline/domain/AiModel"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import { Engines } from "@sightline/engines"
import { ActionPlans } from "@sightline/sql/ActionPlans"
import { ResponseStore } from "@sightline/sql/ResponseStore"
import { Runs } from "@sightline/sql/Runs"
import { TestDatabase } from "../../../packages/sql/test-support/TestDatabase.js"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import type { WorkerSettings } from "../src/WorkerSettings.js"

export const settings = (overrides: Partial<WorkerSettings> = {}): WorkerSettings => ({
  workerId: "worker-a",
  concurrency: 1,
  leaseSeconds: 30,
  pollIntervalMs: 50,
  maxAttempts: 3,
  retryDelayMs: 60_000,
  ...overrides
})

/** A database of its own plus every service the worker needs except the engines. */
export const WorkerTestLayer = Layer.mergeAll(Runs.Default, ResponseStore.Default, ActionPlans.Default, SentimentLexiconLive).pipe(
  Layer.provideMerge(TestDatabase)
)

type Provider = "openai" | "perplexity" | "gemini" | "xai" | "serpapi"

/** Engines pointing at fakes (only the given providers are enabled), with test-short retries. */
export const enginesLayer = (baseUrls: Partial<Record<Provider, string>>) => {
  const key = Redacted.make("test-key")
  const withModel = (baseUrl: string | undefined, model: string) =>
    Option.map(Option.fromNullable(baseUrl), (url) => ({ apiKey: key, baseUrl: url, model }))
  return Engines.layer({
    retry: { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 20, maxHintMs: 60_000, timeoutMs: 2_000 },
    openai: withModel(baseUrls.openai, "gpt-5-mini"),
    perplexity: withModel(baseUrls.perplexity, "sonar-pro"),
    gemini: Option.map(withModel(baseUrls.gemini, "gemini-2.5-flash"), (s) => ({ ...s, redirectTimeoutMs: 1_000 })),
    xai: withModel(baseUrls.xai, "grok-4-1-fast-reasoning"),
    serpapi: Option.map(Option.fromNullable(baseUrls.serpapi), (url) => ({ apiKey: key, baseUrl: url }))
  }).pipe(Layer.provide(FetchHttpClient.layer))
}

const Id = Schema.Struct({ id: Schema.Number })
const one = (rows: ReadonlyArray<unknown>) =>
  Schema.decodeUnknown(Schema.Array(Id))(rows).pipe(
    Effect.flatMap((decoded) => Effect.fromNullable(decoded[0])),
    Effect.map((row) => row.id),
    Effect.orDie
  )

let seeded = 0

/** Inserts a workspace, the brand "Acme CRM" (US, en), its competitor "Globex Sales" and prompts. */
export const seedBrand = (options: { readonly engines: ReadonlyArray<AiModel>; readonly prompts?: number; readonly sql?: SqlClient.SqlClient }) =>
  Effect.gen(function*() {
    const sql = options.sql ?? (yield* SqlClient.SqlClient)
    const n = seeded++
    const workspaceId = yield* sql`INSERT INTO workspaces (name) VALUES (${`Workspace ${n} ${Date.now()}`}) RETURNING id`.pipe(Effect.flatMap(one))
    const brandId = yield* sql`
      INSERT INTO brands (workspace_id, name, website, country_code, language_code, display_name)
      VALUES (${workspaceId}, 'Acme CRM', 'https://acme.example', 'US', 'en', 'Acme CRM') RETURNING id`.pipe(Effect.flatMap(one))
    const competitorId = yield* sql`
      INSERT INTO competitors (brand_id, name, website) VALUES (${brandId}, 'Globex Sales', 'https://globex.example')
      RETURNING id`.pipe(Effect.flatMap(one))
    const promptIds: Array<number> = []
    for (let i = 0; i < (options.prompts ?? 1); i++) {
      const text = `What is the best CRM for a 5-person agency? (${i})`
      promptIds.push(yield* sql`
        INSERT INTO prompts (brand_id, text, engines) VALUES (${brandId}, ${text}, ${options.engines}::text[]) RETURNING id`.pipe(
        Effect.flatMap(one)
      ))
    }
    const [promptId = 0] = promptIds
    return { workspaceId, brandId, competitorId, promptId, promptIds }
  }).pipe(Effect.orDie)
