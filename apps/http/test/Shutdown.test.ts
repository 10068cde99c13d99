import type {} from "../../../packages/sql/test-support/globalSetup.js"
import { expect, it } from "@effect/vitest"
import * as HttpServer from "@effect/platform/HttpServer"
import * as SqlClient from "@effect/sql/SqlClient"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import { TestDatabase } from "../../../packages/sql/test-support/TestDatabase.js"
import * as HttpConfig from "../src/Config.js"
import { AppLive } from "../src/Server.js"
import * as Transport from "../src/Transport.js"
import * as Fixture from "./support/Fixture.js"
import { settings } from "./support/Harness.js"

it.live("graceful shutdown: an in-flight request finishes, then the server closes", () =>
  Effect.gen(function*() {
    const db = yield* Layer.build(Layer.merge(TestDatabase, Fixture.layer.pipe(Layer.provideMerge(TestDatabase))))
    const fixture = Context.get(db, Fixture.Fixture)
    const serverScope = yield* Scope.make()
    const app = yield* Layer.buildWithScope(
      AppLive.pipe(
        Layer.provideMerge(Transport.layer({ port: 0 })),
        Layer.provide(HttpConfig.layerFrom(settings)),
        Layer.provide(Layer.succeedContext(db))
      ),
      serverScope
    )
    const address = Context.get(app, HttpServer.HttpServer).address
    if (address._tag !== "TcpAddress") throw new Error("expected a TCP address")
    const url = `http://127.0.0.1:${address.port}/v1/brands/`

    // Hold a lock so the request is still running when shutdown starts.
    const sql = Context.get(db, SqlClient.SqlClient)
    const lock = yield* Effect.forkDaemon(
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`LOCK TABLE brands IN ACCESS EXCLUSIVE MODE`
        yield* Effect.sleep("700 millis")
      }))
    )
    yield* Effect.sleep("100 millis")
    const inFlight = yield* Effect.fork(Effect.promise(async () => {
      const response = await fetch(url, { headers: { "api-key": fixture.keys.brandA, connection: "close" } })
      return { status: response.status, body: await response.json() }
    }))
    yield* Effect.sleep("150 millis")
    const shutdown = yield* Effect.fork(Scope.close(serverScope, Exit.void))
    const reply = yield* Fiber.join(inFlight)
    yield* Fiber.join(shutdown)
    yield* Fiber.join(lock)
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ data: [{ id: fixture.brandA }] })
    const refused = yield* Effect.promise(() => fetch(url).then(() => "answered", () => "refused"))
    expect(refused).toBe("refused")
  }).pipe(Effect.scoped), { timeout: 60_000 })
