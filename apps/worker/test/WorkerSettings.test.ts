import { describe, expect, it } from "@effect/vitest"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import { engineSettings, workerSettings } from "../src/WorkerSettings.js"

const withEnv = (env: Record<string, string>) => Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env))))

describe("worker settings", () => {
  it.effect("an engine is enabled by a non-empty key; base URL and model have defaults and overrides", () =>
    Effect.gen(function*() {
      const settings = yield* engineSettings.pipe(withEnv({
        OPENAI_API_KEY: "sk-1",
        OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
        GEMINI_API_KEY: "g",
        GEMINI_MODEL: "gemini-3-flash-preview",
        SERPAPI_API_KEY: "",
        ENGINE_RETRY_BASE_DELAY_MS: "10"
      }))
      expect(Option.map(settings.openai, (s) => [Redacted.value(s.apiKey), s.baseUrl, s.model])).toEqual(
        Option.some(["sk-1", "http://127.0.0.1:9/v1", "gpt-5-mini"])
      )
      expect(Option.map(settings.gemini, (s) => [s.baseUrl, s.model, s.redirectTimeoutMs])).toEqual(
        Option.some(["https://generativelanguage.googleapis.com", "gemini-3-flash-preview", 5000])
      )
      expect(Option.isNone(settings.serpapi)).toBe(true)
      expect(Option.isNone(settings.perplexity)).toBe(true)
      expect(Option.isNone(settings.xai)).toBe(true)
      expect(settings.retry).toMatchObject({ baseDelayMs: 10, maxRetries: 2, timeoutMs: 120_000 })
    }))

  it.effect("concurrency is per engine, with optional per-engine overrides; bad values are rejected", () =>
    Effect.gen(function*() {
      const settings = yield* workerSettings.pipe(withEnv({ WORKER_CONCURRENCY: "3", WORKER_CONCURRENCY_GOOGLE_AI_MODE: "1" }))
      expect(settings.concurrency).toBe(3)
      expect(settings.engineConcurrency).toEqual({ google_ai_mode: 1 })
      const bad = yield* workerSettings.pipe(withEnv({ WORKER_CONCURRENCY: "0" }), Effect.either)
      expect(bad._tag).toBe("Left")
    }))
})
