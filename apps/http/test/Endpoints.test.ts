import { expect, layer } from "@effect/vitest"
import { formatDecimal } from "@sightline/domain/DecimalString"
import * as Metrics from "@sightline/domain/Metrics"
import { periodChange, rateFigures } from "@sightline/domain/ReportFigures"
import { Client } from "@sightline/domain/api/index"
import { PermissionDenied } from "@sightline/domain/api/Errors"
import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { DOMAIN_OF, Fixture, RESPONSES, type ResponseSpec } from "./support/Fixture.js"
import { get, makeHarness } from "./support/Harness.js"
import { items } from "./support/Json.js"

/** Independent expectations: the pure metric definitions applied to the fixture's raw data. */
const inRange = (spec: ResponseSpec, filters: { start?: string; end?: string; model?: string }) => {
  const day = spec.collectedAt.slice(0, 10)
  return (filters.start === undefined || day >= filters.start) && (filters.end === undefined || day <= filters.end) &&
    (filters.model === undefined || spec.engine === filters.model)
}
const promptMetrics = (prompt: string, filters: { start?: string; end?: string; model?: string } = {}) => {
  const rs = RESPONSES.filter((r) => r.prompt === prompt && inRange(r, filters))
  const mentioned = rs.filter((r) => r.brand !== null)
  return {
    responses: rs.length,
    mentions: mentioned.length,
    mentionRate: formatDecimal(Metrics.mentionRate(mentioned.length, rs.length)),
    position: formatDecimal(Metrics.averagePosition(rs.map((r) => r.brand?.position ?? null))),
    sentiment: formatDecimal(Metrics.averageSentiment(rs.map((r) => r.brand?.sentiment ?? null)))
  }
}

const data = items

layer(makeHarness(), { timeout: 120_000, excludeTestServices: true })("read endpoints", (it) => {
  it.effect("GET /v1/brands/ lists the key's brands with country and language objects", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const all = yield* get("/v1/brands/", f.keys.workspace1)
      expect(all.status).toBe(200)
      expect(all.body).toMatchObject({ pagination: { current_page: 1, per_page: 100, total_pages: 1, total_records: 2 } })
      expect(data(all.body).map((b) => b["id"])).toEqual([f.brandA, f.brandB])
      expect(data(all.body)[0]).toEqual({
        id: f.brandA,
        workspace_id: f.workspace1,
        workspace_name: "Acme Inc",
        name: "Acme",
        website: "https://acme.example",
        country: { name: "United States", code: "US", alt_code: "USA", flag: "🇺🇸", native_name: "United States" },
        language: expect.objectContaining({ code: "en", name: "English" }),
        created_at: "2024-01-01T00:00:00.000Z",
        display_name: "Acme Display",
        description: "About Acme",
        key_features: ["fast", "cheap"]
      })
      const restricted = yield* get("/v1/brands", f.keys.brandA)
      expect(data(restricted.body).map((b) => b["id"])).toEqual([f.brandA])
    }))

  it.effect("the typed client of the contract talks to the server", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const client = yield* Client.makeClient({ baseUrl: "", apiKey: Redacted.make(f.keys.brandA) })
      const brands = yield* client.brands.list({ urlParams: { per_page: 1 } })
      expect(brands.pagination.total_records).toBe(1)
      expect(brands.data[0]?.name).toBe("Acme")
      const prompt = yield* client.prompts.get({ path: { monitored_prompt_id: f.prompts.P1 }, urlParams: {} })
      expect(prompt.data.total_responses).toBe(4)
      const denied = yield* client.prompts.get({ path: { monitored_prompt_id: f.prompts.PB1 }, urlParams: {} }).pipe(Effect.flip)
      expect(denied).toBeInstanceOf(PermissionDenied)
    }))

  it.effect("pagination: per_page, page past the end, total_pages", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const first = yield* get("/v1/brands/?per_page=1", f.keys.workspace1)
      expect(first.body).toMatchObject({ pagination: { current_page: 1, per_page: 1, total_pages: 2, total_records: 2 } })
      expect(data(first.body).map((b) => b["id"])).toEqual([f.brandA])
      const second = yield* get("/v1/brands/?per_page=1&page=2", f.keys.workspace1)
      expect(data(second.body).map((b) => b["id"])).toEqual([f.brandB])
      const past = yield* get("/v1/brands/?per_page=1&page=9", f.keys.workspace1)
      expect(past.status).toBe(200)
      expect(past.body).toEqual({ pagination: { current_page: 9, per_page: 1, total_pages: 2, total_records: 2 }, data: [] })
      const empty = yield* get(`/v1/action-plans/?brand_id=${f.brandB}&page=1`, f.keys.workspace1)
      expect(empty.body).toMatchObject({ pagination: { total_records: 1, total_pages: 1 } })
      const none = yield* get(`/v1/monitored-prompts/${f.prompts.P3}/responses/`, f.keys.workspace1)
      expect(none.body).toEqual({ pagination: { current_page: 1, per_page: 100, total_pages: 0, total_records: 0 }, data: [] })
    }))

  it.effect("competitors and groups: lists, details, id order", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const list = yield* get("/v1/monitored-competitors/", f.keys.brandA)
      expect(data(list.body)).toEqual([
        { id: f.competitorX, name: "Xeno", created_at: "2024-01-05T00:00:00.000Z", website: "https://xeno.example" },
        { id: f.competitorY, name: "Yarn", created_at: "2024-01-05T00:00:00.000Z", website: "https://yarn.example" }
      ])
      const one = yield* get(`/v1/monitored-competitors/${f.competitorY}/`, f.keys.brandA)
      expect(one.body).toEqual({ data: data(list.body)[1] })
      const groups = yield* get(`/v1/groups/?brand_id=${f.brandA}`, f.keys.workspace1)
      expect(data(groups.body)).toEqual([
        { id: f.groupG1, name: "Core", prompts_count: 1, created_at: "2024-01-06T00:00:00.000Z" }
      ])
      const group = yield* get(`/v1/groups/${f.groupG1}`, f.keys.workspace1)
      expect(group.body).toEqual({ data: data(groups.body)[0] })
    }))

  it.effect("monitored prompts list: metrics per prompt, filters, group_id", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const item = (name: "P1" | "P2" | "P3", filters: { start?: string; end?: string; model?: string } = {}) => {
        const m = promptMetrics(name, filters)
        return {
          id: f.prompts[name],
          brand_mentions: m.mentions,
          brand_average_position: m.position,
          mention_rate: m.mentionRate,
          average_sentiment: m.sentiment,
          responses: m.responses,
          created_at: "2024-01-07T00:00:00.000Z"
        }
      }
      const all = yield* get("/v1/monitored-prompts/", f.keys.brandA)
      expect(data(all.body)).toEqual([
        { ...item("P1"), prompt: "Best tools?" },
        { ...item("P2"), prompt: "Cheap tools?" },
        { ...item("P3"), prompt: "Unanswered?" }
      ])
      expect(data(all.body)[0]).toMatchObject({ mention_rate: "75.00", average_sentiment: "52.94" })
      expect(data(all.body)[2]).toMatchObject({ mention_rate: "0.00", brand_average_position: "0.00", responses: 0 })

      const chat = yield* get("/v1/monitored-prompts/?ai_model=chat_gpt", f.keys.brandA)
      expect(data(chat.body)[0]).toMatchObject(item("P1", { model: "chat_gpt" }))
      const day = yield* get("/v1/monitored-prompts/?start_date=2024-03-01&end_date=2024-03-01", f.keys.brandA)
      expect(data(day.body)[0]).toMatchObject(item("P1", { start: "2024-03-01", end: "2024-03-01" }))
      expect(data(day.body)[0]).toMatchObject({ responses: 2 }) // 23:59:59 is still the 1st (inclusive end)
      const later = yield* get("/v1/monitored-prompts/?start_date=2024-03-02", f.keys.brandA)
      expect(data(later.body)[0]).toMatchObject(item("P1", { start: "2024-03-02" }))

      const grouped = yield* get(`/v1/monitored-prompts/?group_id=${f.groupG1}`, f.keys.workspace1)
      expect(grouped.status).toBe(200)
      expect(data(grouped.body).map((p) => p["id"])).toEqual([f.prompts.P1])
    }))

  it.effect("monitored prompt detail: totals and time series per UTC day", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const reply = yield* get(`/v1/monitored-prompts/${f.prompts.P1}/`, f.keys.brandA)
      expect(reply.status).toBe(200)
      const m = promptMetrics("P1")
      const p1 = RESPONSES.filter((r) => r.prompt === "P1")
      const days = [...new Set(p1.map((r) => r.collectedAt.slice(0, 10)))].sort()
      const series = days.map((date) => {
        const rs = p1.filter((r) => r.collectedAt.startsWith(date))
        const competitor = (c: "X" | "Y", name: string) => {
          const ms = rs.flatMap((r) => r.mentions.filter((x) => x.competitor === c))
          return {
            name,
            mention_rate: formatDecimal(Metrics.mentionRate(ms.length, rs.length)),
            average_sentiment: formatDecimal(Metrics.average(ms.map((x) => x.sentiment))),
            own_brand: false
          }
        }
        return {
          date,
          brands: [
            {
              name: "Acme",
              mention_rate: formatDecimal(Metrics.mentionRate(rs.filter((r) => r.brand !== null).length, rs.length)),
              average_sentiment: formatDecimal(Metrics.averageSentiment(rs.map((r) => r.brand?.sentiment ?? null))),
              own_brand: true
            },
            competitor("X", "Xeno"),
            competitor("Y", "Yarn")
          ]
        }
      })
      expect(reply.body).toEqual({
        data: {
          id: f.prompts.P1,
          prompt: "Best tools?",
          total_responses: m.responses,
          total_brand_mentions: m.mentions,
          brand_mention_rate: m.mentionRate,
          brand_average_position: m.position,
          time_series_data: series,
          next_run_at: "2024-04-01T00:00:00.000Z",
          created_at: "2024-01-07T00:00:00.000Z"
        }
      })
      const filtered = yield* get(`/v1/monitored-prompts/${f.prompts.P1}?ai_model=gemini`, f.keys.brandA)
      expect(filtered.body).toMatchObject({ data: { total_responses: 1, time_series_data: [{ date: "2024-03-03" }] } })
    }))

  it.effect("responses: newest first, labels, citations and queries in order", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const reply = yield* get(`/v1/monitored-prompts/${f.prompts.P1}/responses/`, f.keys.brandA)
      const expected = RESPONSES.filter((r) => r.prompt === "P1")
        .sort((a, b) => b.collectedAt.localeCompare(a.collectedAt))
        .map((r) => ({
          id: f.responses[r.key],
          ai_model: r.engine,
          response_markdown: `**${r.key}**`,
          response_text: r.key,
          brand_mentioned: r.brand !== null,
          brand_sentiment: Metrics.sentimentLabel(r.brand?.sentiment ?? null),
          citations: r.citations,
          search_queries: r.queries,
          created_at: new Date(r.collectedAt).toISOString(),
          analyser_version: 1 // rows written without a version were analysed by version 1
        }))
      expect(data(reply.body)).toEqual(expected)
      const labels = yield* get(`/v1/monitored-prompts/${f.prompts.P2}/responses/`, f.keys.brandA)
      expect(data(labels.body).map((r) => r["brand_sentiment"])).toEqual(["positive", "not_mentioned"]) // 60 is positive
      const paged = yield* get(`/v1/monitored-prompts/${f.prompts.P1}/responses/?per_page=3&page=2`, f.keys.brandA)
      expect(data(paged.body).map((r) => r["id"])).toEqual([f.responses["r1"]])
    }))

  it.effect("prompt citations and search queries: counts of responses, ordering", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const citations = yield* get(`/v1/monitored-prompts/${f.prompts.P1}/citations/`, f.keys.brandA)
      expect(data(citations.body)).toEqual([
        {
          domain: "example.com",
          count: 3,
          urls: [{ url: "https://docs.example.com/a", count: 2 }, { url: "https://example.com/b", count: 1 }]
        },
        { domain: "news.test", count: 1, urls: [{ url: "https://news.test/x", count: 1 }] }
      ])
      const queries = yield* get(`/v1/monitored-prompts/${f.prompts.P1}/search-queries/`, f.keys.brandA)
      expect(data(queries.body)).toEqual([
        { query: "q one", count: 2 },
        { query: "q three", count: 1 },
        { query: "q two", count: 1 }
      ])
      const chat = yield* get(`/v1/monitored-prompts/${f.prompts.P1}/search-queries/?ai_model=perplexity`, f.keys.brandA)
      expect(data(chat.body)).toEqual([{ query: "q one", count: 1 }])
    }))

  it.effect("cited sources: domains, URLs, impact, first_seen_at, search", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const inScope = RESPONSES.filter((r) => r.prompt === "P1" || r.prompt === "P2")
      const citing = (domain: string) => inScope.filter((r) => r.citations.some((u) => DOMAIN_OF[u] === domain))
      const domains = yield* get("/v1/cited-sources/", f.keys.brandA)
      expect(data(domains.body)).toEqual([
        {
          domain_id: f.domains["example.com"],
          domain: "example.com",
          ai_models: ["chat_gpt", "perplexity"],
          impact: Metrics.impact(citing("example.com").length, inScope.length),
          prompts_count: 1,
          responses_count: 3,
          urls_count: 2,
          source_type: "other"
        },
        {
          domain_id: f.domains["news.test"],
          domain: "news.test",
          ai_models: ["chat_gpt"],
          impact: Metrics.impact(citing("news.test").length, inScope.length),
          prompts_count: 2,
          responses_count: 2,
          urls_count: 1,
          source_type: "other"
        },
        {
          domain_id: f.domains["100%_off.test"],
          domain: "100%_off.test",
          ai_models: ["chat_gpt"],
          impact: Metrics.impact(1, inScope.length),
          prompts_count: 1,
          responses_count: 1,
          urls_count: 1,
          source_type: "other"
        }
      ])
      const search = yield* get("/v1/cited-sources/?search=EXAMPLE", f.keys.brandA)
      expect(data(search.body).map((d) => d["domain"])).toEqual(["example.com"])
      const literal = yield* get(`/v1/cited-sources/?search=${encodeURIComponent("%_")}`, f.keys.brandA)
      expect(data(literal.body).map((d) => d["domain"])).toEqual(["100%_off.test"])
      const wildcard = yield* get(`/v1/cited-sources/?search=${encodeURIComponent("e%t")}`, f.keys.brandA)
      expect(data(wildcard.body)).toEqual([])

      const urls = yield* get("/v1/cited-sources/urls/?start_date=2024-03-02", f.keys.brandA)
      expect(data(urls.body).map((u) => [u["url"], u["count"], u["first_seen_at"]])).toEqual([
        ["https://example.com/b", 1, "2024-03-02T00:00:00.000Z"],
        ["https://news.test/x", 1, "2024-03-01T10:00:00.000Z"], // first seen before the filtered range
        ["https://www.100%_off.test/deal", 1, "2024-03-02T08:00:00.000Z"]
      ])
      expect(data(urls.body)[0]).toEqual({
        url_id: expect.any(Number),
        url: "https://example.com/b",
        ai_models: ["chat_gpt"],
        impact: Metrics.impact(1, 4),
        count: 1,
        prompts_count: 1,
        first_seen_at: "2024-03-02T00:00:00.000Z",
        domain_id: f.domains["example.com"],
        domain: "example.com",
        source_type: "other"
      })
      const domainUrls = yield* get(`/v1/cited-sources/${f.domains["example.com"]}/urls/`, f.keys.brandA)
      expect(data(domainUrls.body).map((u) => Object.keys(u).sort())).toEqual([
        ["ai_models", "count", "first_seen_at", "impact", "prompts_count", "source_type", "url", "url_id"],
        ["ai_models", "count", "first_seen_at", "impact", "prompts_count", "source_type", "url", "url_id"]
      ])
      // A workspace's override classes its domains for every brand of the workspace, and only there.
      const sql = yield* SqlClient.SqlClient
      yield* sql`INSERT INTO source_type_overrides (workspace_id, domain, source_type) VALUES (${f.workspace1}, 'news.test', 'editorial')`
      const classed = yield* get("/v1/cited-sources/", f.keys.brandA)
      expect(data(classed.body).map((d) => [d["domain"], d["source_type"]])).toEqual([
        ["example.com", "other"], ["news.test", "editorial"], ["100%_off.test", "other"]
      ])
      const otherWorkspace = yield* get("/v1/cited-sources/", f.keys.workspace2)
      expect(data(otherWorkspace.body).every((d) => d["source_type"] === "other")).toBe(true)
      yield* sql`DELETE FROM source_type_overrides`
      expect(data(domainUrls.body).map((u) => u["url"])).toEqual(["https://docs.example.com/a", "https://example.com/b"])
      const related = yield* get(`/v1/cited-sources/${f.domains["news.test"]}/related-prompts/`, f.keys.brandA)
      expect(data(related.body)).toEqual([
        { prompt_id: f.prompts.P1, prompt: "Best tools?" },
        { prompt_id: f.prompts.P2, prompt: "Cheap tools?" }
      ])
    }))

  it.effect("action plans: newest first, detail with ordered actions", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const list = yield* get("/v1/action-plans/", f.keys.brandA)
      expect(data(list.body).map((p) => p["prompt_id"])).toEqual([f.prompts.P2, f.prompts.P1])
      const detail = yield* get(`/v1/action-plans/${f.planA}/`, f.keys.brandA)
      expect(detail.body).toEqual({
        data: {
          id: f.planA,
          actions_count: 2,
          generated_at: "2024-03-05T00:00:00.000Z",
          prompt: "Best tools?",
          prompt_id: f.prompts.P1,
          insights_summary: `Summary of ${f.prompts.P1}`,
          actions: [0, 1].map((i) => ({
            id: f.actions[i],
            title: `Action ${i}`,
            description: "Do it",
            priority: i === 0 ? "low" : "high",
            category: "content",
            created_at: "2024-03-05T00:00:00.000Z"
          }))
        }
      })
    }))

  it.effect("dashboard: totals, ranking, ranked prompts, group filter", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const url = `/v1/dashboard/?brand_id=${f.brandA}&start_date=2024-03-01&end_date=2024-03-31`
      const reply = yield* get(url, f.keys.workspace1)
      expect(reply.status).toBe(200)
      const rs = RESPONSES.filter((r) => r.prompt === "P1" || r.prompt === "P2")
      const mentioned = rs.filter((r) => r.brand !== null)
      const tracked = (rows: typeof rs) => rows.reduce((sum, r) => sum + (r.brand === null ? 0 : 1) + r.mentions.length, 0)
      const competitor = (c: "X" | "Y", name: string) => {
        const ms = rs.flatMap((r) => r.mentions.filter((m) => m.competitor === c))
        return {
          name, mentions: ms.length, own_brand: false, visibility: Metrics.mentionRate(ms.length, rs.length),
          average_position: formatDecimal(Metrics.average(ms.map((m) => m.position))),
          average_sentiment: formatDecimal(Metrics.average(ms.map((m) => m.sentiment)))
        }
      }
      const ranking = Metrics.rankBrands([
        {
          name: "Acme", mentions: mentioned.length, own_brand: true, visibility: Metrics.mentionRate(mentioned.length, rs.length),
          average_position: formatDecimal(Metrics.averagePosition(rs.map((r) => r.brand?.position ?? null))),
          average_sentiment: formatDecimal(Metrics.averageSentiment(rs.map((r) => r.brand?.sentiment ?? null)))
        },
        competitor("X", "Xeno"),
        competitor("Y", "Yarn")
      ]).map((r) => ({
        ...r,
        visibility: formatDecimal(r.visibility),
        share_of_voice: formatDecimal(Metrics.shareOfVoice(r.mentions, tracked(rs)))
      }))
      // Sightline's extra fields: the own brand per day and per AI model.
      const ownFigures = (rows: typeof rs) => {
        const hit = rows.filter((r) => r.brand !== null)
        return {
          responses: rows.length,
          mentions: hit.length,
          visibility: formatDecimal(Metrics.mentionRate(hit.length, rows.length)),
          share_of_voice: formatDecimal(Metrics.shareOfVoice(hit.length, tracked(rows))),
          average_sentiment: formatDecimal(Metrics.averageSentiment(rows.map((r) => r.brand?.sentiment ?? null)))
        }
      }
      const dayOf = (r: typeof rs[number]) => r.collectedAt.slice(0, 10)
      const series = [...new Set(rs.map(dayOf))].sort().map((date) => ({ date, ...ownFigures(rs.filter((r) => dayOf(r) === date)) }))
      const byAiModel = [...new Set(rs.map((r) => r.engine))].sort().map((engine) => {
        const rows = rs.filter((r) => r.engine === engine)
        return {
          ai_model: engine,
          ...ownFigures(rows),
          average_position: formatDecimal(Metrics.averagePosition(rows.map((r) => r.brand?.position ?? null)))
        }
      })
      const perPrompt = (["P1", "P2"] as const).map((p) => {
        const m = promptMetrics(p)
        return { id: f.prompts[p], responses: m.responses, brandMentions: m.mentions, prompt: p === "P1" ? "Best tools?" : "Cheap tools?" }
      })
      const ranked = (rows: ReadonlyArray<(typeof perPrompt)[number] & { visibility: number }>) =>
        rows.map((r) => ({ id: r.id, brand_mentions: r.brandMentions, prompt: r.prompt, visibility: formatDecimal(r.visibility) }))
      expect(reply.body).toEqual({
        data: {
          total_prompts: 3,
          total_responses: rs.length,
          total_brand_mentions: mentioned.length,
          brand_mention_rate: formatDecimal(Metrics.mentionRate(mentioned.length, rs.length)),
          average_brand_sentiment: formatDecimal(Metrics.averageSentiment(rs.map((r) => r.brand?.sentiment ?? null))),
          competitors_count: 2,
          brands_ranking: ranking,
          top_ranked_prompts: ranked(Metrics.topRankedPrompts(perPrompt)),
          lowest_ranked_prompts: ranked(Metrics.lowestRankedPrompts(perPrompt)),
          series,
          by_ai_model: byAiModel
        }
      })
      expect(reply.body).toMatchObject({ data: { brand_mention_rate: "66.67", average_brand_sentiment: "54.71" } })

      const grouped = yield* get(`${url}&group_id=${f.groupG1}`, f.keys.workspace1)
      expect(grouped.body).toMatchObject({
        data: { total_prompts: 1, total_responses: 4, total_brand_mentions: 3, top_ranked_prompts: [{ id: f.prompts.P1 }] }
      })
      const empty = yield* get(`/v1/dashboard/?brand_id=${f.brandA}&start_date=2020-01-01&end_date=2020-01-02`, f.keys.brandA)
      expect(empty.body).toMatchObject({
        data: { total_responses: 0, brand_mention_rate: "0.00", top_ranked_prompts: [], lowest_ranked_prompts: [] }
      })
    }))

  it.effect("visibility report: per AI model and competitor, with the previous period; bad parameters are 400s", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const base = `/v1/reports/visibility/?brand_id=${f.brandA}&start_date=2024-03-02&end_date=2024-03-03`
      const reply = yield* get(`${base}&dimensions=ai_model,competitor&include_previous_period=true`, f.keys.workspace1)
      expect(reply.status).toBe(200)
      const ofA = RESPONSES.filter((r) => r.prompt === "P1" || r.prompt === "P2")
      const inRange = (from: string, to: string) => ofA.filter((r) => r.collectedAt.slice(0, 10) >= from && r.collectedAt.slice(0, 10) <= to)
      const current = inRange("2024-03-02", "2024-03-03")
      const previous = inRange("2024-02-29", "2024-03-01")
      const tracked = (rows: typeof ofA) => rows.reduce((sum, r) => sum + (r.brand === null ? 0 : 1) + r.mentions.length, 0)
      const counts = (rows: typeof ofA, competitor: "X" | "Y" | null) => ({
        responses: rows.length,
        mentions: rows.filter((r) => competitor === null ? r.brand !== null : r.mentions.some((m) => m.competitor === competitor)).length,
        trackedMentions: tracked(rows)
      })
      const engines = [...new Set(current.map((r) => r.engine))].sort()
      const body = reply.body as { period: unknown; previous_period: unknown; pagination: unknown; data: ReadonlyArray<Record<string, unknown>> }
      expect(body.period).toEqual({ start_date: "2024-03-02", end_date: "2024-03-03" })
      expect(body.previous_period).toEqual({ start_date: "2024-02-29", end_date: "2024-03-01" })
      expect(body.pagination).toEqual({ current_page: 1, per_page: 100, total_pages: 1, total_records: engines.length * 3 })
      const expected = engines.flatMap((engine) => {
        const now = current.filter((r) => r.engine === engine)
        const before = previous.filter((r) => r.engine === engine)
        return ([[null, "Acme"], ["X", "Xeno"], ["Y", "Yarn"]] as const).map(([competitor, name]) => ({
          ai_model: engine,
          brand: name,
          own_brand: competitor === null,
          ...rateFigures(counts(now, competitor)),
          previous: periodChange(counts(now, competitor), counts(before, competitor))
        }))
      })
      expect(body.data).toMatchObject(expected)
      expect(body.data.map((r) => r["competitor_id"])).toEqual(engines.flatMap(() => [null, f.competitorX, f.competitorY]))

      const bad = yield* get(
        `/v1/reports/visibility/?brand_id=${f.brandA}&start_date=2024-03-05&end_date=2024-03-01&dimensions=date,week&ai_model=chat_gpt,nope&include_previous_period=yes`,
        f.keys.workspace1
      )
      expect(bad.status).toBe(400)
      expect(Object.keys((bad.body as { details: Record<string, string> }).details).sort()).toEqual([
        "ai_model", "dimensions", "include_previous_period"
      ])
      const reversed = yield* get(`/v1/reports/visibility/?brand_id=${f.brandA}&start_date=2024-03-05&end_date=2024-03-01`, f.keys.workspace1)
      expect(reversed.status).toBe(400)
      const missing = yield* get(`/v1/reports/visibility/`, f.keys.workspace1)
      expect(Object.keys((missing.body as { details: Record<string, string> }).details).sort()).toEqual(["brand_id", "end_date", "start_date"])
    }))

  it.effect("citations report: per domain and per URL by AI model, with brand and competitor co-mentions", () =>
    Effect.gen(function*() {
      const f = yield* Fixture
      const reply = yield* get(`/v1/reports/citations/?brand_id=${f.brandA}&start_date=2024-03-01&end_date=2024-03-31`, f.keys.workspace1)
      expect(reply.status).toBe(200)
      const ofA = RESPONSES.filter((r) => r.prompt === "P1" || r.prompt === "P2")
      const all = ofA.flatMap((r) => r.citations.map((url) => ({ r, url, domain: DOMAIN_OF[url] ?? "" })))
      const domains = [...new Set(all.map((c) => c.domain))]
      const expected = domains.map((domain) => {
        const rows = all.filter((c) => c.domain === domain)
        const answers = [...new Set(rows.map((c) => c.r))]
        const co = (["X", "Y"] as const).map((k) => ({
          competitor_id: k === "X" ? f.competitorX : f.competitorY,
          name: k === "X" ? "Xeno" : "Yarn",
          responses: answers.filter((r) => r.mentions.some((m) => m.competitor === k)).length
        })).filter((m) => m.responses > 0).sort((a, b) => b.responses - a.responses || (a.name < b.name ? -1 : 1))
        return {
          domain_id: f.domains[domain],
          domain,
          citations: rows.length,
          responses_citing: answers.length,
          citation_share: formatDecimal(Metrics.mentionRate(rows.length, all.length)),
          responses_mentioning_brand: answers.filter((r) => r.brand !== null).length,
          co_mentioned_competitors: co,
          source_type: "other"
        }
      }).sort((a, b) => b.citations - a.citations || (a.domain < b.domain ? -1 : 1))
      expect(reply.body).toMatchObject({ pagination: { total_records: domains.length }, period: { start_date: "2024-03-01" } })
      expect((reply.body as { data: unknown }).data).toEqual(expected)

      const byModel = yield* get(
        `/v1/reports/citations/?brand_id=${f.brandA}&start_date=2024-03-01&end_date=2024-03-31&level=url&dimensions=ai_model&ai_model=chat_gpt`,
        f.keys.workspace1
      )
      const rows = items(byModel.body)
      expect(rows.every((r) => r["ai_model"] === "chat_gpt" && typeof r["url"] === "string")).toBe(true)
      const chatGpt = all.filter((c) => c.r.engine === "chat_gpt")
      expect(rows.reduce((sum, r) => sum + Number(r["citations"]), 0)).toBe(chatGpt.length)

      const bad = yield* get(`/v1/reports/citations/?brand_id=${f.brandA}&start_date=2024-03-01&end_date=2024-03-31&level=page&dimensions=prompt`, f.keys.workspace1)
      expect(bad.status).toBe(400)
      expect(Object.keys((bad.body as { details: Record<string, string> }).details).sort()).toEqual(["dimensions", "level"])
    }))
})
