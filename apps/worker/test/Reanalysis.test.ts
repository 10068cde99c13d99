import * as SqlClient from "@effect/sql/SqlClient"
import { expect, layer } from "@effect/vitest"
import { parseAnswer } from "@sightline/engines"
import { reanalyse } from "@sightline/sql/Reanalysis"
import { Rollups } from "@sightline/sql/Rollups"
import { StoredPayloads } from "@sightline/sql/StoredPayloads"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as GeminiFake from "../../../packages/engines/test/fakes/GeminiFake.js"
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

layer(Layer.merge(WorkerTestLayer, Layer.merge(StoredPayloads.Default, Rollups.Default).pipe(Layer.provide(WorkerTestLayer))), {
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
      yield* sql`UPDATE responses SET brand_mentioned = false, brand_position = NULL, brand_sentiment = NULL WHERE id = ${responseId}`
      yield* sql`DELETE FROM response_mentions WHERE response_id = ${responseId}`
      yield* sql`DELETE FROM response_citations WHERE response_id = ${responseId}`
      yield* sql`DELETE FROM response_search_queries WHERE response_id = ${responseId}`
      yield* sql`UPDATE action_plans SET generated_at = '2000-01-01' WHERE prompt_id = ${promptId}`
      const requestsBefore = fake.requests.length

      const result = yield* reanalyse({ brandId, parse: parseAnswer })
      expect(result).toEqual({ analysed: 1, skipped: 0, plansRefreshed: 1 })
      expect(yield* snapshot(responseId)).toEqual(original)
      expect(fake.requests.length).toBe(requestsBefore)
      const [plan] = yield* sql`SELECT generated_at > now() - interval '1 minute' AS fresh FROM action_plans WHERE prompt_id = ${promptId}`
      expect(plan?.["fresh"]).toBe(true)

      // another brand's responses are left alone
      const other = yield* reanalyse({ brandId: brandId + 1000, parse: parseAnswer })
      expect(other).toEqual({ analysed: 0, skipped: 0, plansRefreshed: 0 })
    }))
})
