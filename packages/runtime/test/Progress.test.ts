import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { PassThrough } from "node:stream"
import * as Progress from "../src/Progress.js"

const steps = (task: string, total: number) => Effect.forEach(Array.from({ length: total + 1 }, (_, i) => i), (done) => Progress.report(task, done, total))

describe("Progress", () => {
  it.effect("without a reporter, reporting does nothing", () => steps("seeding", 10))

  it.effect("lines: the task when it starts, each quarter once, then done", () =>
    Effect.gen(function*() {
      const written: Array<string> = []
      yield* Effect.all([steps("seeding demo data", 90), steps("migrating", 1)]).pipe(
        Effect.provide(Progress.lines((line) => Effect.sync(() => void written.push(line))))
      )
      expect(written).toEqual([
        "seeding demo data...",
        "seeding demo data: 25%",
        "seeding demo data: 50%",
        "seeding demo data: 75%",
        "seeding demo data: done",
        "migrating...",
        "migrating: done"
      ])
    }))

  it.effect("terminal: nothing on a stream that is not a TTY; one redrawn line ending in a newline on a TTY", () =>
    Effect.gen(function*() {
      const capture = (isTTY: boolean) => {
        const stream = Object.assign(new PassThrough(), { isTTY })
        let out = ""
        stream.on("data", (chunk) => (out += String(chunk)))
        return { stream, read: () => out }
      }
      const pipe = capture(false)
      yield* steps("importing prompts", 4).pipe(Effect.provide(Progress.terminal(pipe.stream)))
      expect(pipe.read()).toBe("")
      const tty = capture(true)
      yield* steps("importing prompts", 4).pipe(Effect.provide(Progress.terminal(tty.stream)))
      const frames = tty.read().split("\r\x1b[2K").filter((f) => f !== "")
      expect(frames).toEqual([
        "importing prompts  0% (0/4)",
        "importing prompts  25% (1/4)",
        "importing prompts  50% (2/4)",
        "importing prompts  75% (3/4)",
        "importing prompts  100% (4/4)\n"
      ])
    }))
})
