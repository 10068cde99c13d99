import * as Effect from "effect/Effect"
import * as Http from "node:http"
import { Webhook } from "standardwebhooks"

/**
 * A webhook receiver for tests, on 127.0.0.1: it verifies every request's signature with the
 * standardwebhooks library (as a user's receiver would), de-duplicates on `webhook-id`, and answers
 * what `respond` says for each request in turn ("hang" never answers, so the sender times out or is
 * killed mid-delivery; a number is the status; { redirect } answers 307 to that URL).
 */
export type Reply = number | "hang" | { readonly redirect: string }

export interface Received {
  readonly id: string
  readonly timestamp: string
  readonly signature: string
  readonly body: string
  /** The body as the library verified and parsed it; undefined when the signature did not verify. */
  readonly payload: unknown
  readonly verified: boolean
  readonly error: string | undefined
}

export interface Receiver {
  readonly url: string
  /** Every request, in arrival order (repeats included). */
  readonly requests: ReadonlyArray<Received>
  /** Verified messages, once per webhook-id, in first-arrival order. */
  readonly unique: () => ReadonlyArray<Received>
  /** Replies for the coming requests, in order; after them every request gets `otherwise`. */
  readonly enqueue: (...replies: ReadonlyArray<Reply>) => void
  /** Resolves when `count` requests have arrived. */
  readonly waitFor: (count: number, timeoutMs?: number) => Promise<void>
  readonly setSecret: (secret: string) => void
}

/** Verifies a received request with another secret (throws as the library does when it does not match). */
export const verifyWith = (secret: string, received: Received | undefined): unknown =>
  new Webhook(secret).verify(received?.body ?? "", {
    "webhook-id": received?.id ?? "",
    "webhook-timestamp": received?.timestamp ?? "",
    "webhook-signature": received?.signature ?? ""
  })

const header = (request: Http.IncomingMessage, name: string): string => {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(",") : value ?? ""
}

/** Starts a receiver verifying with `secret`; stopped (open requests dropped) when the scope closes. */
export const start = (options: { readonly secret: string; readonly otherwise?: Reply }) =>
  Effect.acquireRelease(
    Effect.promise(() =>
      new Promise<Receiver & { readonly server: Http.Server }>((resolve) => {
        let secret = options.secret
        const requests: Array<Received> = []
        const replies: Array<Reply> = []
        const waiters: Array<() => void> = []
        const server = Http.createServer((request, response) => {
          let body = ""
          request.setEncoding("utf8")
          request.on("data", (chunk: string) => (body += chunk))
          request.on("end", () => {
            const headers = {
              "webhook-id": header(request, "webhook-id"),
              "webhook-timestamp": header(request, "webhook-timestamp"),
              "webhook-signature": header(request, "webhook-signature")
            }
            let payload: unknown
            let error: string | undefined
            try {
              payload = new Webhook(secret).verify(body, headers)
            } catch (e) {
              error = e instanceof Error ? e.message : String(e)
            }
            requests.push({
              id: headers["webhook-id"],
              timestamp: headers["webhook-timestamp"],
              signature: headers["webhook-signature"],
              body,
              payload,
              verified: error === undefined,
              error
            })
            for (const wake of waiters.splice(0)) wake()
            const reply = replies.shift() ?? options.otherwise ?? 204
            if (reply === "hang") return
            if (typeof reply === "number") {
              response.writeHead(reply, { "content-type": "text/plain" }).end(reply >= 400 ? "receiver says no" : "")
            } else {
              response.writeHead(307, { location: reply.redirect }).end()
            }
          })
        })
        server.listen(0, "127.0.0.1", () => {
          const address = server.address()
          const port = typeof address === "object" && address !== null ? address.port : 0
          resolve({
            server,
            url: `http://127.0.0.1:${port}/hooks`,
            requests,
            unique: () => {
              const seen = new Set<string>()
              return requests.filter((r) => r.verified && !seen.has(r.id) && (seen.add(r.id), true))
            },
            enqueue: (...more) => void replies.push(...more),
            setSecret: (next) => void (secret = next),
            waitFor: (count, timeoutMs = 20_000) =>
              new Promise<void>((done, fail) => {
                const timer = setTimeout(() => fail(new Error(`receiver: ${requests.length} of ${count} requests after ${timeoutMs} ms`)), timeoutMs)
                const check = () => {
                  if (requests.length >= count) {
                    clearTimeout(timer)
                    done()
                  } else {
                    waiters.push(check)
                  }
                }
                check()
              })
          })
        })
      })
    ),
    (receiver) =>
      Effect.promise(() =>
        new Promise<void>((done) => {
          receiver.server.closeAllConnections()
          receiver.server.close(() => done())
        })
      )
  )
