import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { vi } from "vitest"
import * as Logging from "../src/Logging.js"

const capturedChunks = (program: Effect.Effect<void>, env: Record<string, string>) =>
  Effect.gen(function*() {
    const lines: Array<string> = []
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    })
    yield* program.pipe(
      Effect.provide(Logging.layer().pipe(Layer.provide(Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env)))))))
    ).pipe(Effect.ensuring(Effect.sync(() => spy.mockRestore())))
    return lines
  })

const captured = (program: Effect.Effect<void>, env: Record<string, string>) =>
  Effect.map(capturedChunks(program, env), (chunks) => {
    // Lines are written in batches (several per chunk), every one ending in a newline.
    expect(chunks.every((chunk) => chunk.endsWith("\n"))).toBe(true)
    return chunks.join("").split("\n").filter((line) => line !== "").map((line): unknown => JSON.parse(line))
  })

describe("Logging", () => {
  it.effect("writes one JSON object per line to stderr with annotations as top-level fields", () =>
    Effect.gen(function*() {
      const lines = yield* captured(
        Effect.logInfo("request").pipe(Effect.annotateLogs({ request_id: "r-1", status: 200 })),
        {}
      )
      expect(lines).toEqual([
        { time: expect.stringMatching(/Z$/), level: "info", message: "request", request_id: "r-1", status: 200 }
      ])
    }))

  it.effect("a message with fields: its fields are top-level fields too, after the annotations", () =>
    Effect.gen(function*() {
      const lines = yield* captured(
        Effect.logInfo(Logging.withFields("request", { status: 404, key_id: null })).pipe(
          Effect.annotateLogs({ request_id: "r-2", status: 0 })
        ),
        {}
      )
      expect(lines).toEqual([
        { time: expect.stringMatching(/Z$/), level: "info", message: "request", request_id: "r-2", status: 404, key_id: null }
      ])
    }))

  it.effect("drops lines below LOG_LEVEL", () =>
    Effect.gen(function*() {
      const lines = yield* captured(Effect.zipRight(Effect.logInfo("quiet"), Effect.logWarning("loud")), { LOG_LEVEL: "warn" })
      expect(lines).toEqual([expect.objectContaining({ level: "warn", message: "loud" })])
    }))

  it.effect("lines logged within one turn of the event loop go out in one write", () =>
    Effect.gen(function*() {
      const chunks = yield* capturedChunks(Effect.all([Effect.logInfo("a"), Effect.logInfo("b"), Effect.logInfo("c")]), {})
      expect(chunks).toHaveLength(1)
      expect(chunks[0]?.split("\n").filter(Boolean).map((line) => JSON.parse(line).message)).toEqual(["a", "b", "c"])
    }))

  it.effect("a failure logged without a message (how runMain reports a process's end) is named by its cause", () =>
    Effect.gen(function*() {
      const failure = new Error("PgClient: Failed to connect")
      const lines = yield* captured(Effect.logError(Cause.fail(failure)), {})
      expect(lines).toEqual([
        expect.objectContaining({ level: "error", message: "PgClient: Failed to connect" })
      ])
    }))
})
