import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as HashMap from "effect/HashMap"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"
import { TestDatabase } from "../../../packages/sql/test-support/TestDatabase.js"
import * as HttpConfig from "../src/Config.js"
import { withRequestId } from "../src/RequestContext.js"
import { AppLive } from "../src/Server.js"
import { Fixture } from "./support/Fixture.js"
import * as FixtureLayer from "./support/Fixture.js"
import { get, settings, TestServer } from "./support/Harness.js"

interface Line {
  readonly message: unknown
  readonly requestId: unknown
}

const lines: Array<Line> = []
const capture = Logger.make(({ annotations, message }) => {
  lines.push({
    message: Array.isArray(message) && message.length === 1 ? message[0] : message,
    requestId: HashMap.get(annotations, "request_id").pipe((id) => id._tag === "Some" ? id.value : undefined)
  })
})

// The app as in Harness, logging from Info up to `capture` with the API's request-id mapping.
const Logged = AppLive.pipe(
  Layer.provideMerge(TestServer),
  Layer.provideMerge(FixtureLayer.layer),
  Layer.provideMerge(HttpConfig.layerFrom(settings)),
  Layer.provideMerge(TestDatabase),
  Layer.provide(Logger.replace(Logger.defaultLogger, withRequestId(capture))),
  Layer.provide(Logger.minimumLogLevel(LogLevel.Info))
)

const isRequestLine = (line: Line) =>
  typeof line.message === "object" && line.message !== null && "message" in line.message && line.message.message === "request"

layer(Logged, { timeout: 120_000, excludeTestServices: true })("request ids in the log", (it) => {
  it.effect("the request's line carries the id the response names, whether given or made", () =>
    Effect.gen(function*() {
      const fixture = yield* Fixture
      lines.length = 0
      const given = yield* get("/v1/brands/", fixture.keys.workspace1, { "x-request-id": "given-id-1" })
      const made = yield* get("/v1/brands/", fixture.keys.workspace1)
      const unknownPath = yield* get("/v1/nothing-here", fixture.keys.workspace1)
      yield* Effect.sleep("50 millis")
      const ids = lines.filter(isRequestLine).map((line) => line.requestId)
      expect(given.headers["x-request-id"]).toBe("given-id-1")
      expect(ids).toEqual(["given-id-1", made.headers["x-request-id"], unknownPath.headers["x-request-id"]])
      expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/)
    }))

  it.effect("a line logged outside any request has no request id", () =>
    Effect.gen(function*() {
      lines.length = 0
      yield* Effect.logInfo("outside")
      expect(lines.filter((line) => line.message === "outside")).toEqual([{ message: "outside", requestId: undefined }])
    }))
})
