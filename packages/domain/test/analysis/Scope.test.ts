import { describe, expect, it } from "@effect/vitest"
import { findMentions, type TrackedBrand } from "../../src/analysis/Mentions.js"
import { nameWordPattern, scopeClauses } from "../../src/analysis/Scope.js"

const tracked = (...names: ReadonlyArray<string>): ReadonlyArray<TrackedBrand> =>
  names.map((name, index) => ({ kind: index === 0 ? "brand" : "competitor", id: index + 1, name, aliases: [] }))

/** Each brand's clauses as [text, weight]. */
const scope = (text: string, ...names: ReadonlyArray<string>) => {
  const brands = tracked(...names)
  const mentions = findMentions(text, brands)
  const scopes = scopeClauses(text, mentions.map((m) => ({ brand: m.brand.name, spans: m.spans })), nameWordPattern(names))
  return Object.fromEntries([...scopes].map(([name, clauses]) => [name, clauses.map((c) => [c.text, c.weight])]))
}

describe("scopeClauses", () => {
  it("splits at contrast markers and weighs what follows them", () => {
    expect(scope("Todoist is polished, whereas TickTick is buggy.", "Todoist", "TickTick")).toEqual({
      Todoist: [["is polished,", 0.5]],
      TickTick: [["whereas is buggy.", 1.5]]
    })
    expect(scope("Figma is powerful but expensive.", "Figma")).toEqual({ Figma: [["is powerful", 0.5], ["but expensive.", 1.5]] })
    expect(scope("Great, yet another Acmo price hike.", "Acmo")).toEqual({ Acmo: [["Great, yet another price hike.", 1]] })
  })

  it("carries a brand to the sentences and list continuations that do not name it, within a block", () => {
    expect(scope("Polar has good sensors. However, the app is clunky.\n\nIt rains.", "Polar")).toEqual({
      Polar: [["has good sensors.", 1], ["However, the app is clunky.", 1.5]]
    })
    expect(scope("- Acmo: cheap. Support is slow.\n- It rains.", "Acmo")).toEqual({ Acmo: [[": cheap.", 1], ["Support is slow.", 1]] })
  })

  it("does not score questions, and carries their brands to the answer", () => {
    expect(scope("**Is Acmo good?**\nIt used to be. Now it is slow.\n\n**What else?**\nNothing.", "Acmo")).toEqual({
      Acmo: [["It used to be.", 1], ["Now it is slow.", 1]]
    })
    expect(scope("Readers asked whether Acmo is worth it.", "Acmo")).toEqual({ Acmo: [] })
  })

  it("gives a table row's cells to that row's brand and skips the header", () => {
    expect(scope("| Tool | Verdict |\n|---|---|\n| Acmo | Fast |\n| Bexa | Slow |", "Acmo", "Bexa")).toEqual({
      Acmo: [["Fast", 1]],
      Bexa: [["Slow", 1]]
    })
  })

  it("blanks the capitalised words of tracked names, not their ordinary lower-case uses", () => {
    expect(scope("Less Annoying CRM is simple. Annoying is cheap. It is not annoying.", "Less Annoying CRM")).toEqual({
      "Less Annoying CRM": [["is simple.", 1], ["is cheap.", 1], ["It is not annoying.", 1]]
    })
  })
})
