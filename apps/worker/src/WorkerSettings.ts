import { AI_MODELS, type AiModel } from "@sightline/domain/AiModel"
import { Engines, HttpRetry } from "@sightline/engines"
import { webhookSettings } from "@sightline/webhooks/Settings"
import { nonNegativeInteger, positiveInteger } from "@sightline/runtime/ConfigValues"
import * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Os from "node:os"

/** How this worker process runs (all from the environment; see docs/operations.md). */
export interface WorkerSettings {
  /** Names this process in prompt_runs.worker_id. */
  readonly workerId: string
  /** Runs in flight per engine in this process. */
  readonly concurrency: number
  /** Overrides of `concurrency` for single engines (WORKER_CONCURRENCY_CHAT_GPT, ...). */
  readonly engineConcurrency?: Partial<Record<AiModel, number>>
  /** A claimed run is taken over by another worker when its lease runs out (heartbeats extend it). */
  readonly leaseSeconds: number
  readonly pollIntervalMs: number
  /** Claims per run before it is failed (transient failures and takeovers both count). */
  readonly maxAttempts: number
  /** Wait before a transiently failed run is tried again (doubles per attempt) when the server gave no hint. */
  readonly retryDelayMs: number
}

export const workerSettings: Config.Config<WorkerSettings> = Config.all({
  workerId: Config.string("WORKER_ID").pipe(
    Config.withDefault(`${Os.hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`)
  ),
  concurrency: positiveInteger("WORKER_CONCURRENCY", 2),
  engineConcurrency: Config.all(
    Object.fromEntries(AI_MODELS.map((engine) => [engine, Config.option(
      Config.integer(`WORKER_CONCURRENCY_${engine.toUpperCase()}`).pipe(
        Config.validate({ message: "must be a positive integer", validation: (n) => n > 0 })
      )
    )]))
  ).pipe(Config.map((byEngine) => {
    const out: Partial<Record<AiModel, number>> = {}
    for (const engine of AI_MODELS) {
      const value = byEngine[engine]
      if (value !== undefined && Option.isSome(value)) out[engine] = value.value
    }
    return out
  })),
  leaseSeconds: positiveInteger("WORKER_LEASE_SECONDS", 600),
  pollIntervalMs: positiveInteger("WORKER_POLL_INTERVAL_MS", 5_000),
  maxAttempts: positiveInteger("WORKER_MAX_ATTEMPTS", 3),
  retryDelayMs: nonNegativeInteger("WORKER_RETRY_DELAY_MS", 60_000)
})

/** A provider is enabled when its key is set; base URL and model have the vendors' defaults. */
const provider = (prefix: string, defaultBaseUrl: string) =>
  Config.option(Config.redacted(`${prefix}_API_KEY`)).pipe(
    Config.map(Option.filter((key) => Redacted.value(key).trim() !== "")),
    Config.zipWith(Config.string(`${prefix}_BASE_URL`).pipe(Config.withDefault(defaultBaseUrl)), (apiKey, baseUrl) =>
      Option.map(apiKey, (key) => ({ apiKey: key, baseUrl })))
  )

const withModel = (prefix: string, defaultBaseUrl: string, defaultModel: string) =>
  Config.zipWith(
    provider(prefix, defaultBaseUrl),
    Config.string(`${prefix}_MODEL`).pipe(Config.withDefault(defaultModel)),
    (settings, model) => Option.map(settings, (s) => ({ ...s, model }))
  )

export const engineSettings: Config.Config<Engines.EngineSettings> = Config.all({
  retry: Config.all({
    maxRetries: nonNegativeInteger("ENGINE_MAX_RETRIES", HttpRetry.defaultRetryPolicy.maxRetries),
    baseDelayMs: nonNegativeInteger("ENGINE_RETRY_BASE_DELAY_MS", HttpRetry.defaultRetryPolicy.baseDelayMs),
    maxDelayMs: nonNegativeInteger("ENGINE_RETRY_MAX_DELAY_MS", HttpRetry.defaultRetryPolicy.maxDelayMs),
    maxHintMs: nonNegativeInteger("ENGINE_RETRY_MAX_HINT_MS", HttpRetry.defaultRetryPolicy.maxHintMs),
    timeoutMs: positiveInteger("ENGINE_TIMEOUT_MS", HttpRetry.defaultRetryPolicy.timeoutMs)
  }),
  openai: withModel("OPENAI", "https://api.openai.com/v1", "gpt-5-mini"),
  perplexity: withModel("PERPLEXITY", "https://api.perplexity.ai", "sonar"),
  gemini: Config.zipWith(
    withModel("GEMINI", "https://generativelanguage.googleapis.com", "gemini-2.5-flash"),
    positiveInteger("GEMINI_REDIRECT_TIMEOUT_MS", 5_000),
    (settings, redirectTimeoutMs) => Option.map(settings, (s) => ({ ...s, redirectTimeoutMs }))
  ),
  xai: withModel("XAI", "https://api.x.ai/v1", "grok-4"),
  serpapi: provider("SERPAPI", "https://serpapi.com")
})

/** Reads all three from the environment. */
export const fromEnvironment = Effect.all({ worker: workerSettings, engines: engineSettings, webhooks: webhookSettings })
