import * as SqlClient from "@effect/sql/SqlClient"
import { expect, layer } from "@effect/vitest"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { HttpRetry, parseAnswer } from "@sightline/engines"
import * as Judges from "@sightline/engines/Judges"
import { ANALYSER_VERSION } from "@sightline/domain/analysis/ResponseAnalysis"
import { BrandMatching } from "@sightline/sql/BrandMatching"
import { reanalyse } from "@sightline/sql/Reanalysis"
import { Rollups } from "@sightline/sql/Rollups"
import { StoredPayloads } from "@sightline/sql/StoredPayloads"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as GeminiFake from "../../../packages/engines/test/fakes/GeminiFake.js"
import { JUDGE_SENTIMENT } from "../../../packages/engines/test/fakes/JudgeVerdict.js"
import * as Worker from "../src/Worker.js"
import { enginesLayer, seedBrand, settings, WorkerTestLayer } from "./support.js"

const snapshot = (responseId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return {
      brand: yield* sql`SELECT brand_mentioned, brand_position, brand_sentiment FROM responses WHERE id = ${responseId}`,
      mentions: yield* sql`SELECT competitor_id, position, sentiment FROM response_mentions WHERE response_id = ${responseId} ORDER BY 1`,
      citations: yield* sql`SELECT url_id, domain_id, ordinal FROM response_citations WHERE response_id = ${responseId} ORDER BY ordinal`,
      queries: yield* sql`SELECT query, ordinal FROM response_search_queries WHERE response_id = ${responseId} ORDER BY ordinal`
    }
  })

layer(Layer.mergeAll(WorkerTestLayer, Layer.mergeAll(StoredPayloads.Default, BrandMatching.Default, Rollups.Default).pipe(Layer.provide(WorkerTestLayer))), {
  excludeTestServices: true
})("reanalyze", (it) => {
  it.scoped("recomputes the analysis of stored responses from their payloads, without calling an engine", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const fake = yield* Effect.acquireRelease(Effect.promise(GeminiFake.start), (f) => Effect.promise(() => f.close()))
      const { brandId, promptId } = yield* seedBrand({ engines: ["gemini"] })
      yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({ gemini: fake.baseUrl })))
      const [response] = yield* sql`SELECT id FROM responses WHERE prompt_id = ${promptId}`
      const responseId = Number(response?.["id"])
      const original = yield* snapshot(responseId)
      expect(original.citations).toHaveLength(3)

      // The stored analysis goes stale (e.g. an older analyser); the payload is intact.
      const [stored] = yield* sql`SELECT analyser_version FROM responses WHERE id = ${responseId}`
      expect(stored?.["analyser_version"]).toBe(ANALYSER_VERSION)
      yield* sql`
        UPDATE responses SET brand_mentioned = false, brand_position = NULL, brand_sentiment = NULL, analyser_version = 1
        WHERE id = ${responseId}`
      yield* sql`DELETE FROM response_mentions WHERE response_id = ${responseId}`
      yield* sql`DELETE FROM response_citations WHERE response_id = ${responseId}`
      yield* sql`DELETE FROM response_search_queries WHERE response_id = ${responseId}`
      yield* sql`UPDATE action_plans SET generated_at = '2000-01-01' WHERE prompt_id = ${promptId}`
      const requestsBefore = fake.requests.length

      const result = yield* reanalyse({ brandId, parse: parseAnswer })
      expect(result).toEqual({ analysed: 1, skipped: 0, plansRefreshed: 1, analyserVersion: ANALYSER_VERSION })
      expect(yield* snapshot(responseId)).toEqual(original)
      const [upgraded] = yield* sql`SELECT analyser_version FROM responses WHERE id = ${responseId}`
      expect(upgraded?.["analyser_version"]).toBe(ANALYSER_VERSION)
      expect(fake.requests.length).toBe(requestsBefore)
      const [plan] = yield* sql`SELECT generated_at > now() - interval '1 minute' AS fresh FROM action_plans WHERE prompt_id = ${promptId}`
      expect(plan?.["fresh"]).toBe(true)

      // another brand's responses are left alone
      const other = yield* reanalyse({ brandId: brandId + 1000, parse: parseAnswer })
      expect(other).toEqual({ analysed: 0, skipped: 0, plansRefreshed: 0, analyserVersion: ANALYSER_VERSION })
    }))

  it.scoped("with a model judge (ANALYSIS_JUDGE), stores the judge's figures and records the judge and model", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const fake = yield* Effect.acquireRelease(Effect.promise(GeminiFake.start), (f) => Effect.promise(() => f.close()))
      const { brandId, promptId } = yield* seedBrand({ engines: ["gemini"] })
      yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({ gemini: fake.baseUrl })))
      const row = sql`
        SELECT brand_sentiment::float8 AS sentiment, analysis_judge AS judge, analysis_judge_model AS model
        FROM responses WHERE prompt_id = ${promptId}`
      const [local] = yield* row
      expect(local).toMatchObject({ judge: "local", model: null })

      const judge = Judges.layer({
        kind: "gemini",
        apiKey: Redacted.make("g-key"),
        baseUrl: fake.baseUrl,
        model: "gemini-2.5-flash-lite",
        retry: HttpRetry.defaultRetryPolicy
      }).pipe(Layer.provide(FetchHttpClient.layer))
      yield* reanalyse({ brandId, parse: parseAnswer }).pipe(Effect.provide(judge))
      expect(yield* row).toEqual([{ sentiment: JUDGE_SENTIMENT, judge: "gemini", model: "gemini-2.5-flash-lite" }])
      const judged = fake.requests.filter((r) => JSON.stringify(r.body).includes("responseJsonSchema"))
      expect(judged).toHaveLength(1)
    }))

  it.scoped("applies changed match settings to stored answers when re-analysed", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const matching = yield* BrandMatching
      const fake = yield* Effect.acquireRelease(Effect.promise(GeminiFake.start), (f) => Effect.promise(() => f.close()))
      const { brandId, competitorId, promptId } = yield* seedBrand({ engines: ["gemini"] })
      yield* Worker.run(settings(), { once: true }).pipe(Effect.provide(enginesLayer({ gemini: fake.baseUrl })))
      const mentioned = sql`SELECT brand_mentioned AS mentioned FROM responses WHERE prompt_id = ${promptId}`
      expect(yield* mentioned).toEqual([{ mentioned: true }])

      // "Acme CRM is a popular choice..." no longer counts once the phrase is excluded
      const stored = yield* matching.set({ kind: "brand", id: brandId }, { exclusions: ["Acme CRM is a popular"] })
      expect(stored).toEqual({ brandId, settings: { mode: "auto", pattern: null, exclusions: ["Acme CRM is a popular"] } })
      yield* reanalyse({ brandId, parse: parseAnswer })
      expect(yield* mentioned).toEqual([{ mentioned: false }])

      // regex mode: the pattern alone decides
      yield* matching.set({ kind: "brand", id: brandId }, { mode: "regex", pattern: "\\bAcme CRM\\b", exclusions: [] })
      yield* reanalyse({ brandId, parse: parseAnswer })
      expect(yield* mentioned).toEqual([{ mentioned: true }])
      yield* matching.set({ kind: "brand", id: brandId }, { pattern: "\\bAcme Corp\\b" })
      yield* reanalyse({ brandId, parse: parseAnswer })
      expect(yield* mentioned).toEqual([{ mentioned: false }])

      // case-sensitive competitor settings are stored and bad settings are refused
      const competitor = yield* matching.set({ kind: "competitor", id: competitorId }, { mode: "case-sensitive" })
      expect(competitor.settings.mode).toBe("case-sensitive")
      const refused = yield* Effect.flip(matching.set({ kind: "brand", id: brandId }, { mode: "regex", pattern: "(" }))
      expect(refused.message).toContain("not a valid regular expression")
      const empty = yield* Effect.flip(matching.set({ kind: "brand", id: brandId }, { mode: "regex", pattern: "x*" }))
      expect(empty.message).toContain("must not match the empty string")
      const missing = yield* Effect.flip(matching.set({ kind: "competitor", id: 999_999 }, { mode: "auto" }))
      expect(missing._tag).toBe("CompetitorNotFound")
    }))
})
