import { ANALYSER_VERSION } from "@sightline/domain/analysis/ResponseAnalysis"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as OpenAiFake from "../../../packages/engines/test/fakes/OpenAiFake.js"
import { JUDGE_SENTIMENT } from "../../../packages/engines/test/fakes/JudgeVerdict.js"
import { childCli } from "./ChildCli.js"

/** Runs `sightline analyse --json` as a child process (no database) with `input` on stdin. */
const analyse = (input: string) => childCli(["analyse", "--json"], { input })

const line = (request: unknown) => JSON.stringify(request)

describe("sightline analyse --json", () => {
  it.scopedLive("with ANALYSIS_JUDGE=openai asks the judge (fake server) and says so; a judge without its key is refused", () =>
    Effect.gen(function*() {
      const fake = yield* Effect.acquireRelease(Effect.promise(OpenAiFake.start), (f) => Effect.promise(() => f.close()))
      const request = line({ markdown: "Acme CRM beats Globex Sales.", brand: { name: "Acme CRM" }, competitors: [{ name: "Globex Sales" }] })
      const env = { ANALYSIS_JUDGE: "openai", OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.baseUrl }
      const run = yield* childCli(["analyse", "--json"], { input: `${request}\n`, env })
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" })
      const result = JSON.parse(run.stdout)
      expect(result.judge).toEqual({ kind: "openai", model: "gpt-5-nano", fallback: null })
      expect(result.brand).toMatchObject({ mentioned: true, position: 1, sentiment: JUDGE_SENTIMENT })
      expect(fake.requests).toHaveLength(1)

      const refused = yield* childCli(["analyse", "--json"], { input: `${request}\n`, env: { ANALYSIS_JUDGE: "openai", OPENAI_API_KEY: "" } })
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain("ANALYSIS_JUDGE=openai needs OPENAI_API_KEY")
    }), 60_000)

  it.effect("answers every line in order, with evidence, labels and the analyser version", () =>
    Effect.gen(function*() {
      const first = {
        markdown: "Close is polished and reliable, whereas Pipedrive is buggy and slow. Close the deal.",
        brand: { name: "Close", website: "close.com" },
        competitors: [{ name: "Pipedrive" }, { name: "HubSpot" }],
        citations: ["https://www.google.com/url?q=https://close.com/pricing&sa=D"]
      }
      const second = { text: "In a nutshell, Nutshell is not bad.", brand: { name: "Nutshell" }, competitors: [] }
      const run = yield* analyse(`${line(first)}\n\n${line(second)}\n`)
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" })
      const [a, b, ...rest] = run.stdout.trim().split("\n").map((out) => JSON.parse(out))
      expect(rest).toEqual([])
      expect(a.brand).toMatchObject({ mentioned: true, position: 1, sentiment_label: "positive" })
      expect(a.brand.evidence[0].words.map((w: { word: string }) => w.word)).toEqual(["polished", "reliable"])
      expect(a.competitors).toMatchObject([
        { name: "Pipedrive", mentioned: true, position: 2, sentiment_label: "negative" },
        { name: "HubSpot", mentioned: false, position: null, sentiment: null, sentiment_label: null, evidence: [] }
      ])
      expect(a.citations).toEqual([{ url: "https://close.com/pricing", domain: "close.com" }])
      expect(a).toMatchObject({ language: "en", analyser_version: ANALYSER_VERSION, judge: { kind: "local" } })
      expect(b.brand).toMatchObject({ mentioned: true, position: 1, sentiment_label: "positive" })
    }), 60_000)

  it.effect("answers a bad line with an error in its place and exits non-zero", () =>
    Effect.gen(function*() {
      const ok = { text: "Acmo is great.", brand: { name: "Acmo" }, competitors: [] }
      const run = yield* analyse(`not json\n${line({ brand: {} })}\n${line(ok)}\n`)
      expect(run.code).not.toBe(0)
      const outputs = run.stdout.trim().split("\n").map((out) => JSON.parse(out))
      expect(outputs.slice(0, 2)).toEqual([{ error: "line 1 is not JSON" }, { error: "line 2: brand.name: is missing" }])
      expect(outputs[2].brand.mentioned).toBe(true)
      expect(run.stderr).toContain("line 1 is not JSON")
    }), 60_000)
})
