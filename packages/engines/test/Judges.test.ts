import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import type { JudgeKind } from "@sightline/domain/analysis/Judge"
import { analyseAnswer } from "@sightline/domain/analysis/ResponseAnalysis"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Judges from "../src/Judges.js"
import type { FakeServer } from "./fakes/FakeServer.js"
import * as GeminiFake from "./fakes/GeminiFake.js"
import { JUDGE_SENTIMENT } from "./fakes/JudgeVerdict.js"
import * as OpenAiFake from "./fakes/OpenAiFake.js"
import { fastRetry, withFake } from "./support.js"

const input = {
  text: "",
  markdown: "For small teams, Acme CRM and Globex Sales are common picks. Acme CRM is praised for its excellent pipeline view.",
  language: "en",
  brand: { kind: "brand" as const, id: 1, name: "Acme CRM", aliases: ["Acme"] },
  competitors: [
    { kind: "competitor" as const, id: 2, name: "Globex Sales", aliases: [] },
    { kind: "competitor" as const, id: 3, name: "Initech", aliases: [] }
  ],
  citations: [],
  searchQueries: []
}

const judgeLayer = (kind: JudgeKind, fake: FakeServer) =>
  Judges.layer({ kind, apiKey: Redacted.make("sk-judge"), baseUrl: fake.baseUrl, model: Judges.DEFAULT_JUDGE_MODELS[kind], retry: fastRetry })
    .pipe(Layer.provide(FetchHttpClient.layer))

const cases = [
  { kind: "openai" as const, start: OpenAiFake.start, path: "/v1/responses" },
  { kind: "gemini" as const, start: GeminiFake.start, path: "/v1beta/models/gemini-2.5-flash-lite:generateContent" }
]

describe("model judge (ANALYSIS_JUDGE)", () => {
  for (const c of cases) {
    it.scopedLive(`${c.kind}: the judge's verdict replaces the local figures and is recorded`, () =>
      Effect.gen(function*() {
        const fake = yield* withFake(c.start)
        const analysis = yield* analyseAnswer(input).pipe(Effect.provide(judgeLayer(c.kind, fake)))
        expect(analysis.judge).toEqual({ kind: c.kind, model: Judges.DEFAULT_JUDGE_MODELS[c.kind], fallback: null })
        expect(analysis.brand).toMatchObject({ mentioned: true, position: 1, sentiment: JUDGE_SENTIMENT })
        expect(analysis.competitors.map((f) => [f.brand.name, f.mentioned, f.position, f.sentiment])).toEqual([
          ["Globex Sales", true, 2, JUDGE_SENTIMENT],
          ["Initech", false, null, null]
        ])
        // One structured-output request, with the JSON schema and without web search.
        expect(fake.requests.map((r) => r.url.pathname)).toEqual([c.path])
        const body = JSON.stringify(fake.requests[0]?.body)
        expect(body).toContain("\"mentioned\"")
        expect(body).not.toContain("web_search")
        expect(body).not.toContain("google_search")
        expect(body).toContain("- Acme CRM (also written: Acme)")
      }).pipe(Effect.provide(SentimentLexiconLive)))

    it.scopedLive(`${c.kind}: a verdict that leaves brands out, or a failing provider, falls back to the local analyser`, () =>
      Effect.gen(function*() {
        const fake = yield* withFake(c.start)
        const local = yield* analyseAnswer(input)
        fake.enqueue("judge_incomplete")
        const incomplete = yield* analyseAnswer(input).pipe(Effect.provide(judgeLayer(c.kind, fake)))
        expect(incomplete.brand).toEqual(local.brand)
        expect(incomplete.judge).toEqual({
          kind: "local",
          model: null,
          fallback: `${c.kind} ${Judges.DEFAULT_JUDGE_MODELS[c.kind]}: the verdict does not judge exactly the tracked brands`
        })
        fake.enqueue("server_error", "server_error", "server_error")
        const failed = yield* analyseAnswer(input).pipe(Effect.provide(judgeLayer(c.kind, fake)))
        expect(failed.brand).toEqual(local.brand)
        expect(failed.judge.kind).toBe("local")
        expect(failed.judge.fallback).toMatch(/server_error/)
      }).pipe(Effect.provide(SentimentLexiconLive)))
  }

  it.scopedLive("openai: an answer that is not JSON falls back", () =>
    Effect.gen(function*() {
      const fake = yield* withFake(OpenAiFake.start)
      fake.enqueue("judge_not_json")
      const analysis = yield* analyseAnswer(input).pipe(Effect.provide(judgeLayer("openai", fake)))
      expect(analysis.judge.fallback).toBe("openai gpt-5-nano: the answer is not JSON")
    }).pipe(Effect.provide(SentimentLexiconLive)))

  it.effect("is configured by ANALYSIS_JUDGE, ANALYSIS_JUDGE_MODEL and the provider's key", () =>
    Effect.gen(function*() {
      const read = (entries: ReadonlyArray<readonly [string, string]>) =>
        Judges.judgeConfig.pipe(Effect.withConfigProvider(ConfigProvider.fromMap(new Map(entries))), Effect.either)
      const none = yield* read([])
      expect(none._tag === "Right" && Option.isNone(none.right)).toBe(true)
      const gemini = yield* read([["ANALYSIS_JUDGE", "Gemini"], ["GEMINI_API_KEY", "g-key"], ["ANALYSIS_JUDGE_MODEL", "gemini-x"]])
      expect(gemini._tag === "Right" && Option.map(gemini.right, (s) => [s.kind, s.model, s.baseUrl])).toEqual(
        Option.some(["gemini", "gemini-x", "https://generativelanguage.googleapis.com"])
      )
      const missingKey = yield* read([["ANALYSIS_JUDGE", "openai"]])
      expect(missingKey._tag).toBe("Left")
      const unknown = yield* read([["ANALYSIS_JUDGE", "claude"], ["OPENAI_API_KEY", "k"]])
      expect(unknown._tag === "Left" && String(unknown.left)).toContain("ANALYSIS_JUDGE must be openai, gemini or off")
    }))
})
