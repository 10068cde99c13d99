import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Net from "node:net"
import { clientLayer } from "../../../../packages/sql/src/Database.js"
import { freshDatabaseUrl } from "../../../../packages/sql/test-support/TestDatabase.js"

/**
 * A TCP proxy between the app and its test database, to take the database away and give it back
 * as a network outage does: `cut` resets every open connection and every new one until `restore`.
 */
export class DatabaseProxy extends Context.Tag("test/DatabaseProxy")<DatabaseProxy, {
  readonly cut: Effect.Effect<void>
  readonly restore: Effect.Effect<void>
  /** The database's own URL (not through the proxy), to inspect it while it is cut. */
  readonly directUrl: string
}>() {}

const start = (target: URL) =>
  Effect.acquireRelease(
    Effect.async<{ readonly server: Net.Server; readonly sockets: Set<Net.Socket>; readonly state: { cut: boolean } }>(
      (resume) => {
        const sockets = new Set<Net.Socket>()
        const state = { cut: false }
        const server = Net.createServer((client) => {
          if (state.cut) {
            client.resetAndDestroy()
            return
          }
          const upstream = Net.connect(Number(target.port), target.hostname)
          for (const socket of [client, upstream]) {
            sockets.add(socket)
            socket.on("error", () => undefined)
            socket.on("close", () => sockets.delete(socket))
          }
          client.on("close", () => upstream.destroy())
          upstream.on("close", () => client.destroy())
          client.pipe(upstream).pipe(client)
        })
        server.listen(0, "127.0.0.1", () => resume(Effect.succeed({ server, sockets, state })))
      }
    ),
    ({ server, sockets }) =>
      Effect.async<void>((resume) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resume(Effect.void))
      })
  )

/** A fresh test database reached through a DatabaseProxy; provides the SqlClient and the proxy. */
export const layer = Layer.unwrapScoped(
  Effect.gen(function*() {
    const directUrl = yield* freshDatabaseUrl
    const target = new URL(directUrl)
    const proxy = yield* start(target)
    const address = proxy.server.address()
    const port = address !== null && typeof address === "object" ? address.port : 0
    const proxied = new URL(directUrl)
    proxied.host = `127.0.0.1:${port}`
    const control = DatabaseProxy.of({
      directUrl,
      cut: Effect.sync(() => {
        proxy.state.cut = true
        for (const socket of proxy.sockets) socket.resetAndDestroy()
      }),
      restore: Effect.sync(() => {
        proxy.state.cut = false
      })
    })
    return Layer.merge(
      clientLayer(Redacted.make(proxied.toString()), { maxConnections: 5 }),
      Layer.succeed(DatabaseProxy, control)
    )
  })
)
