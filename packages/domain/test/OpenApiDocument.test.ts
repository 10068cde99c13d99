import * as OpenApi from "@effect/platform/OpenApi"
import { describe, expect, it } from "@effect/vitest"
import { SightlineApi } from "../src/api/SightlineApi.js"

const spec = OpenApi.fromApi(SightlineApi)
const json = JSON.stringify(spec)

describe("the OpenAPI document", () => {
  it("carries no effect/Schema Int noise", () => {
    expect(json).not.toContain("\"title\":\"int\"")
    expect(json).not.toContain("\"description\":\"an integer\"")
    expect(json).toContain("\"type\":\"integer\"")
  })

  it("names the calendar date schema so it does not shadow the built-in Date of generated clients", () => {
    const schemas = Object.keys(spec.components.schemas)
    expect(schemas).toContain("CalendarDate")
    expect(schemas).not.toContain("Date")
  })

  it("has a server, the api-key required at the top, a license and a description for every tag", () => {
    expect(spec.servers).toEqual([{ url: "/", description: "This Sightline server" }])
    expect(spec.security).toEqual([{ apiKey: [] }])
    expect(spec.info.license).toEqual({ name: "MIT", url: "https://opensource.org/licenses/MIT" })
    expect(spec.tags.map((tag) => tag.name)).toContain("Health")
    expect(spec.tags.map((tag) => tag.name)).toContain("Exports")
    expect(spec.tags.map((tag) => tag.name)).toContain("Reports")
    expect(spec.tags.length).toBe(10)
    for (const tag of spec.tags) expect(tag.description, tag.name).toMatch(/\w{3,}.*\./)
  })

  it("documents both bodies of the exports: NDJSON and CSV", () => {
    for (const kind of ["responses", "citations", "prompts"]) {
      const path: unknown = spec.paths[`/v1/exports/${kind}/`]
      const content = JSON.stringify(path)
      expect(content).toContain("application/x-ndjson")
      expect(content).toContain("text/csv; charset=utf-8")
    }
  })

  it("documents the report endpoints fully: every parameter described, errors, the row schema", () => {
    for (const path of ["/v1/reports/visibility/", "/v1/reports/citations/"]) {
      const operation = spec.paths[path]?.get
      expect(operation, path).toBeDefined()
      if (operation === undefined) continue
      expect(operation.summary, path).toMatch(/\w/)
      for (const parameter of operation.parameters) {
        expect(JSON.stringify(parameter), `${path} ${parameter.name}`).toMatch(/"description":"[^"]{5,}/)
      }
      expect(Object.keys(operation.responses).sort(), path).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404"]))
    }
    const visibility = spec.paths["/v1/reports/visibility/"]?.get
    expect(visibility?.parameters.map((p) => p.name).sort()).toEqual([
      "ai_model", "brand_id", "dimensions", "end_date", "group_id", "include_previous_period", "page", "per_page",
      "prompt_id", "start_date"
    ])
    expect(spec.paths["/v1/reports/citations/"]?.get?.parameters.map((p) => p.name).sort()).toEqual([
      "ai_model", "brand_id", "dimensions", "end_date", "level", "page", "per_page", "start_date"
    ])
    expect(Object.keys(spec.components.schemas)).toEqual(
      expect.arrayContaining(["VisibilityReportRow", "VisibilityReportPrevious", "CitationReportRow", "SourceType"])
    )
  })
})
