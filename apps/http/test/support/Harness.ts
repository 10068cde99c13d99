import type {} from "../../../../packages/sql/test-support/globalSetup.js"
import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpMethod from "@effect/platform/HttpMethod"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as HttpServer from "@effect/platform/HttpServer"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"
import { TestDatabase } from "../../../../packages/sql/test-support/TestDatabase.js"
import * as HttpConfig from "../../src/Config.js"
import { AppLive } from "../../src/Server.js"
import * as Transport from "../../src/Transport.js"
import * as Fixture from "./Fixture.js"

export const settings: HttpConfig.HttpSettings = {
  host: "127.0.0.1",
  port: 0,
  defaultRateLimitPerMinute: 1_000_000,
  keyUsageFlushMillis: 200,
  demo: false,
  maxUrlBytes: 8192,
  maxHeaderBytes: 16384,
  shutdownTimeoutMillis: 10_000
}

/** The server as main.ts runs it (Transport), on a free port, with an HttpClient aimed at it. */
export const TestServer = HttpServer.layerTestClient.pipe(
  Layer.provide(NodeHttpClient.layerWithoutAgent),
  Layer.provide(NodeHttpClient.makeAgentLayer({ keepAlive: false })),
  Layer.provideMerge(Transport.layer({ port: 0, host: "127.0.0.1" }))
)

/**
 * The whole app on a real server over its own migrated database holding the fixture (or over the
 * given database layer, e.g. one reached through a fault-injecting proxy).
 */
export const makeHarnessWith = <ROut, E>(database: Layer.Layer<ROut, E>, overrides: Partial<HttpConfig.HttpSettings> = {}) =>
  AppLive.pipe(
    Layer.provideMerge(TestServer),
    Layer.provideMerge(Fixture.layer),
    Layer.provideMerge(HttpConfig.layerFrom({ ...settings, ...overrides })),
    Layer.provideMerge(database),
    Layer.provide(Logger.minimumLogLevel(LogLevel.Warning))
  )

export const makeHarness = (overrides: Partial<HttpConfig.HttpSettings> = {}) => makeHarnessWith(TestDatabase, overrides)

/** The base URL of the harness's server. */
export const baseUrl = Effect.flatMap(HttpServer.HttpServer, (server) =>
  server.address._tag === "TcpAddress"
    ? Effect.succeed(`http://127.0.0.1:${server.address.port}`)
    : Effect.dieMessage("expected a TCP address"))

export interface Reply {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
  readonly text: string
}

/** A raw request; the body is parsed as JSON when it is JSON. */
export const request = (method: HttpMethod.HttpMethod, path: string, key?: string, headers: Record<string, string> = {}) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    let req = HttpClientRequest.make(method)(path)
    if (key !== undefined) req = HttpClientRequest.setHeader(req, "api-key", key)
    req = HttpClientRequest.setHeaders(req, headers)
    const response = yield* client.execute(req)
    const text = yield* response.text
    let body: unknown = undefined
    try {
      body = text === "" ? undefined : JSON.parse(text)
    } catch {
      body = undefined
    }
    return { status: response.status, headers: response.headers, body, text } satisfies Reply
  }).pipe(Effect.scoped, Effect.orDie)

export const get = (path: string, key?: string, headers?: Record<string, string>) => request("GET", path, key, headers)

/**
 * GETs `path` with `key` every 50 ms until it is refused (anything but a 200) or `withinMillis`
 * pass: the last reply and how long after the call it came. A valid key's verdict is trusted for
 * half a second, so a revocation shows within one.
 */
export const untilRefused = (path: string, key: string, withinMillis = 1_000) =>
  Effect.gen(function*() {
    const started = Date.now()
    let reply = yield* get(path, key)
    while (reply.status === 200 && Date.now() - started < withinMillis) {
      yield* Effect.sleep("50 millis")
      reply = yield* get(path, key)
    }
    return { reply, afterMillis: Date.now() - started }
  })
