import * as Http from "node:http"

/** One request the fake received. */
export interface RecordedRequest {
  readonly method: string
  readonly url: URL
  readonly headers: Http.IncomingHttpHeaders
  readonly body: unknown
}

/** What a scenario answers. `delayMs` holds the answer back (to provoke client timeouts). */
export interface FakeReply {
  readonly status: number
  readonly headers?: Record<string, string>
  readonly json?: unknown
  readonly raw?: string
  readonly delayMs?: number
}

export type Scenario = (request: RecordedRequest, fake: FakeServer) => FakeReply

export interface FakeServer {
  /** Base URL of the provider API, as the adapter's *_BASE_URL expects it. */
  readonly baseUrl: string
  /** http://127.0.0.1:PORT, without the provider's path prefix. */
  readonly origin: string
  readonly requests: Array<RecordedRequest>
  /** Queues scenarios: each request takes the next one; when none is queued, "happy" answers. */
  readonly enqueue: (...names: ReadonlyArray<string>) => void
  readonly scenarioNames: ReadonlyArray<string>
  readonly close: () => Promise<void>
}

export interface FakeDefinition {
  readonly name: string
  /** Path prefix of the API under the origin ("/v1" for OpenAI). */
  readonly basePath: string
  readonly scenarios: Readonly<Record<string, Scenario>>
  /** Requests handled outside the scenario queue (e.g. Gemini's grounding redirects). */
  readonly passthrough?: (request: RecordedRequest, fake: FakeServer) => FakeReply | undefined
}

/** Failure shapes every provider can produce. */
const commonScenarios: Record<string, Scenario> = {
  malformed_json: () => ({ status: 200, headers: { "content-type": "application/json" }, raw: "{\"id\": \"resp_broken\", \"output\": [" }),
  timeout: () => ({ status: 200, json: {}, delayMs: 10_000 }),
  server_error: () => ({ status: 500, json: { error: { message: "The server had an error while processing your request.", type: "server_error", code: "server_error" } } }),
  unavailable: () => ({ status: 503, json: { error: { message: "Service unavailable.", type: "server_error" } } })
}

const readBody = (request: Http.IncomingMessage): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("error", reject)
    request.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8")
      if (text === "") return resolve(undefined)
      try {
        resolve(JSON.parse(text))
      } catch {
        resolve(text)
      }
    })
  })

/**
 * Starts a fake provider on 127.0.0.1, port 0. `POST /__fake/scenarios` with a JSON array of names
 * queues scenarios from another process (used by the child-process test and for manual checks).
 */
export const startFake = (definition: FakeDefinition): Promise<FakeServer> => {
  const queue: Array<string> = []
  const requests: Array<RecordedRequest> = []
  const scenarios = { ...commonScenarios, ...definition.scenarios }
  const pending = new Set<NodeJS.Timeout>()
  let fake: FakeServer | undefined

  const server = Http.createServer((req, res) => {
    void readBody(req).then((body) => {
      const recorded: RecordedRequest = { method: req.method ?? "GET", url: new URL(req.url ?? "/", "http://127.0.0.1"), headers: req.headers, body }
      if (fake === undefined) return res.end()
      if (recorded.url.pathname === "/__fake/scenarios") {
        if (Array.isArray(body)) fake.enqueue(...body.filter((item): item is string => typeof item === "string"))
        res.writeHead(204).end()
        return
      }
      const direct = definition.passthrough?.(recorded, fake)
      let reply: FakeReply
      if (direct !== undefined) {
        reply = direct
      } else {
        requests.push(recorded)
        const name = queue.shift() ?? "happy"
        const scenario = scenarios[name]
        reply = scenario === undefined
          ? { status: 500, json: { error: `fake ${definition.name}: unknown scenario ${name}` } }
          : scenario(recorded, fake)
      }
      const send = () => {
        const payload = reply.raw ?? (reply.json === undefined ? "" : JSON.stringify(reply.json))
        res.writeHead(reply.status, { "content-type": "application/json", ...reply.headers })
        res.end(payload)
      }
      if (reply.delayMs === undefined) return send()
      const timer = setTimeout(() => {
        pending.delete(timer)
        if (!res.destroyed) send()
      }, reply.delayMs)
      pending.add(timer)
    })
  })

  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      if (address === null || typeof address === "string") throw new Error("the fake server has no TCP address")
      const port = address.port
      const origin = `http://127.0.0.1:${port}`
      fake = {
        baseUrl: `${origin}${definition.basePath}`,
        origin,
        requests,
        enqueue: (...names) => queue.push(...names),
        scenarioNames: Object.keys(scenarios),
        close: () =>
          new Promise<void>((done) => {
            for (const timer of pending) clearTimeout(timer)
            server.closeAllConnections()
            server.close(() => done())
          })
      }
      resolve(fake)
    })
  })
}
