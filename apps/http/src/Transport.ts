import * as HttpServer from "@effect/platform/HttpServer"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { type ApiErrorBody, HeadersTooLarge, RequestTimeout, UriTooLong, ValidationError } from "@sightline/domain/api/Errors"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { randomUUID } from "node:crypto"
import * as Http from "node:http"
import type * as Net from "node:net"
import type { Duplex } from "node:stream"
import { type HttpSettings, Settings } from "./Config.js"
import { statusOf } from "./Edge.js"

/** How long a socket refused by the HTTP parser is still read from, so closing it does not reset it. */
const CLIENT_ERROR_GRACE_MS = 1_000

const METHOD = /^[A-Z]{3,10} /

/**
 * The parser's error for a request Node refuses before our app sees it. A head over the limit is a
 * 414 when its request line alone is too long (nothing but the URL in the first bytes), else a 431.
 */
const clientErrorBody = (error: Error, settings: HttpSettings): ApiErrorBody => {
  const code = "code" in error ? error.code : undefined
  if (code === "HPE_HEADER_OVERFLOW") {
    const raw = "rawPacket" in error && Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString("latin1") : ""
    const lineEnd = raw.indexOf("\r\n")
    const longLine = METHOD.test(raw) && (lineEnd === -1 || lineEnd > settings.maxUrlBytes)
    return longLine ? UriTooLong.create(settings.maxUrlBytes) : HeadersTooLarge.create(settings.maxHeaderBytes)
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return RequestTimeout.create()
  return ValidationError.malformed()
}

/**
 * Answers a request the HTTP parser refused with the documented JSON body (Node's default is an
 * empty 400/431, or a reset), then keeps reading for a moment: closing a socket with unread bytes
 * resets it, and the client would never see the answer.
 */
const answerClientError = (settings: HttpSettings) => (error: Error, socket: Duplex) => {
  if (!socket.writable || ("code" in error && error.code === "ECONNRESET")) {
    socket.destroy()
    return
  }
  const body = clientErrorBody(error, settings)
  const status = statusOf(body)
  const json = JSON.stringify(body)
  socket.on("data", () => undefined)
  socket.on("error", () => undefined)
  socket.resume()
  socket.end(
    `HTTP/1.1 ${status} ${Http.STATUS_CODES[status] ?? ""}\r\n` +
      "content-type: application/json\r\n" +
      `content-length: ${Buffer.byteLength(json)}\r\n` +
      `x-request-id: ${randomUUID()}\r\n` +
      "connection: close\r\n\r\n" + json
  )
  setTimeout(() => socket.destroy(), CLIENT_ERROR_GRACE_MS).unref()
}

/**
 * Shutdown in order: stop accepting connections and close the idle keep-alive ones at once; every
 * request in flight or read from now on is answered with `Connection: close` (so its connection
 * ends after it); after SHUTDOWN_TIMEOUT_MS the connections still open are closed.
 */
const drain = (server: Http.Server, open: ReadonlySet<Http.ServerResponse>, timeoutMillis: number) =>
  Effect.async<void>((resume) => {
    for (const response of open) {
      if (!response.headersSent) response.setHeader("connection", "close")
    }
    const timer = setTimeout(() => server.closeAllConnections(), timeoutMillis)
    server.close(() => {
      clearTimeout(timer)
      resume(Effect.void)
    })
    server.closeIdleConnections()
  })

const listen = (server: Http.Server, options: Net.ListenOptions) =>
  Effect.async<void, Error>((resume) => {
    const onError = (cause: Error) => resume(Effect.fail(cause))
    server.once("error", onError)
    server.listen(options, () => {
      server.off("error", onError)
      resume(Effect.void)
    })
  })

/**
 * Sightline's HTTP server over node:http: explicit head size limit, JSON bodies for requests the
 * parser refuses (`clientError`), and a shutdown that drains what it accepted (`drain`).
 */
export const make = (options: Net.ListenOptions) =>
  Effect.gen(function*() {
    const settings = yield* Settings
    const server = Http.createServer({ maxHeaderSize: settings.maxHeaderBytes })
    server.on("clientError", answerClientError(settings))
    yield* Effect.acquireRelease(
      listen(server, options).pipe(Effect.as(server), Effect.orDie),
      (server) => Effect.sync(() => server.listening && server.close())
    )
    const address = server.address()
    const open = new Set<Http.ServerResponse>()
    let draining = false

    return HttpServer.make({
      address: address !== null && typeof address === "object"
        ? { _tag: "TcpAddress", hostname: address.address, port: address.port }
        : { _tag: "UnixAddress", path: String(address) },
      serve: (app, middleware) =>
        Effect.gen(function*() {
          const handler = yield* NodeHttpServer.makeHandler(app, middleware ?? ((app) => app))
          const onRequest = (request: Http.IncomingMessage, response: Http.ServerResponse) => {
            if (draining) response.setHeader("connection", "close")
            open.add(response)
            response.once("close", () => open.delete(response))
            handler(request, response)
          }
          server.on("request", onRequest)
          yield* Effect.addFinalizer(() =>
            Effect.suspend(() => {
              draining = true
              return drain(server, open, settings.shutdownTimeoutMillis)
            }).pipe(Effect.ensuring(Effect.sync(() => server.off("request", onRequest))))
          )
        })
    })
  })

/** The server on `PORT` (or the given options), with Node's platform services. */
export const layer = (options?: Net.ListenOptions) =>
  Layer.mergeAll(
    Layer.scoped(
      HttpServer.HttpServer,
      Effect.flatMap(Settings, (settings) => make(options ?? { port: settings.port }))
    ),
    NodeHttpServer.layerContext
  )
