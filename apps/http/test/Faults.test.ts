/**
 * The fault suite: real Sightline processes (`node --import tsx apps/.../main.ts`) under faults an
 * operator meets, each checked from the outside. The measured times are printed (FAULTS lines) and
 * recorded in docs/operations.md, "Failure behaviour".
 */
import type {} from "../../../packages/sql/test-support/globalSetup.js"
import * as Effect from "effect/Effect"
import * as Fs from "node:fs"
import * as Http from "node:http"
import * as Os from "node:os"
import * as Path from "node:path"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import { freshDatabaseUrl } from "../../../packages/sql/test-support/TestDatabase.js"
import * as Scope from "effect/Scope"
import * as Exit from "effect/Exit"
import { type App, createKey, freePort, ready, sleep, start, status, stop, waitFor } from "./support/Processes.js"

const API = "apps/http/src/main.ts"
const WORKER = "apps/worker/src/main.ts"

const report = (fault: string, figure: string) => console.log(`FAULTS | ${fault} | ${figure}`)

/** Requests in a loop from `clients` concurrent clients until stopped; every status seen. */
const load = (url: string, key: string, clients: number) => {
  const statuses = new Map<number, number>()
  let running = true
  const loop = async () => {
    while (running) {
      const s = await status(url, { "api-key": key }, 10_000)
      statuses.set(s, (statuses.get(s) ?? 0) + 1)
      if (s !== 200) await sleep(20)
    }
  }
  const loops = Array.from({ length: clients }, loop)
  return {
    statuses,
    stop: async () => {
      running = false
      await Promise.all(loops)
      return statuses
    }
  }
}

const postmaster = (dataDir: string) => {
  const lines = Fs.readFileSync(Path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")
  return { pid: Number(lines[0]), port: Number(lines[3]) }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error instanceof Error && "code" in error && error.code === "EPERM"
  }
}

const adminQuery = async <R extends pg.QueryResultRow>(port: number, text: string, database = "postgres") => {
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: "sightline", database })
  await client.connect()
  try {
    return (await client.query<R>(text)).rows
  } finally {
    await client.end()
  }
}

const presences = async (dataDir: string) =>
  Number(
    (await adminQuery<{ n: string }>(
      postmaster(dataDir).port,
      "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'sightline-presence'"
    ))[0]?.n
  )

describe("embedded PostgreSQL faults under load (API and worker processes)", () => {
  // Made by the test itself, so a filtered run that skips it leaves nothing behind.
  let dataDir = ""
  const apps: Array<App> = []

  afterAll(async () => {
    for (const app of apps.reverse()) await stop(app)
    if (dataDir === "") return
    try {
      const { pid } = postmaster(dataDir)
      if (isAlive(pid)) process.kill(pid, "SIGKILL")
    } catch {
      // no server left
    }
    Fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it("backends terminated, the server killed and stopped: no process exits, the API serves again by itself", async () => {
    dataDir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "sightline-faults-"))
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    const api = start("api", API, { DATA_DIR: dataDir, PORT: String(port), DEMO: "false", RATE_LIMIT_PER_MINUTE: "30" })
    apps.push(api)
    await ready(api, `${base}/readyz`)
    const worker = start("worker", WORKER, { DATA_DIR: dataDir, WORKER_POLL_INTERVAL_MS: "200" })
    apps.push(worker)
    await waitFor("both presence connections", async () => (await presences(dataDir)) === 2, 30_000)
    const { port: pgPort } = postmaster(dataDir)
    // A key allowed far more than the load sends: any 429 would be one it did not earn.
    const key = await createKey(`postgres://postgres:sightline@127.0.0.1:${pgPort}/sightline`, 1_000_000)
    const traffic = load(`${base}/v1/brands/`, key, 4)
    await sleep(500)

    // 1. Every Sightline backend terminated, presence connections included, three times.
    for (let i = 0; i < 3; i++) {
      await adminQuery(
        pgPort,
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name IN ('sightline', 'sightline-presence')"
      )
      await sleep(300)
    }
    await sleep(500)
    expect(api.alive(), api.output()).toBe(true)
    expect(worker.alive(), worker.output()).toBe(true)
    const presenceBack = await waitFor("presence connections to come back", async () => (await presences(dataDir)) === 2, 10_000)
    report("backends terminated", `presence back in ${presenceBack} ms`)

    // 2. The postmaster killed (SIGKILL), then 3. stopped (fast shutdown): a process starts it again.
    for (const [fault, signal] of [["postmaster killed (SIGKILL)", "SIGKILL"], ["server stopped (fast shutdown)", "SIGINT"]] as const) {
      const killed = postmaster(dataDir).pid
      const at = Date.now()
      process.kill(killed, signal)
      await waitFor("the API to notice", async () => (await status(`${base}/readyz`)) === 503, 10_000)
      await waitFor("a new server", async () => {
        const next = postmaster(dataDir)
        return next.pid !== killed && isAlive(next.pid) && (await adminQuery(next.port, "SELECT 1")).length === 1
      }, 30_000)
      const databaseBack = Date.now()
      await waitFor("the API to be ready again", async () => (await status(`${base}/readyz`)) === 200, 10_000)
      await waitFor("the API to serve again", async () => (await status(`${base}/v1/brands/`, { "api-key": key })) === 200, 10_000)
      const served = Date.now()
      expect(served - databaseBack).toBeLessThan(5_000)
      expect(api.alive(), api.output()).toBe(true)
      expect(worker.alive(), worker.output()).toBe(true)
      report(fault, `database back after ${databaseBack - at} ms, API serving ${served - databaseBack} ms later`)
    }

    const seen = await traffic.stop()
    const counts = Object.fromEntries(seen)
    report("requests during the faults", JSON.stringify(counts))
    // Clients saw answers or the outage answer: no 429, no 500, no dropped connection.
    expect([...seen.keys()].filter((s) => s !== 200 && s !== 503), JSON.stringify(counts)).toEqual([])
    expect(seen.get(200) ?? 0).toBeGreaterThan(0)
    expect(api.alive() && worker.alive()).toBe(true)
  }, 120_000)
})

describe("SIGTERM with keep-alive clients (DATABASE_URL)", () => {
  const scope = Effect.runSync(Scope.make())
  afterAll(() => Effect.runPromise(Scope.close(scope, Exit.void)))

  const serve = async (env: Record<string, string> = {}) => {
    const databaseUrl = await Effect.runPromise(Scope.extend(freshDatabaseUrl, scope))
    const key = await createKey(databaseUrl, 1_000_000)
    const port = await freePort()
    const api = start("api", API, { DATABASE_URL: databaseUrl, PORT: String(port), DEMO: "false", ...env })
    await ready(api, `http://127.0.0.1:${port}/readyz`)
    return { api, port, key, databaseUrl }
  }

  /** A GET on a kept-alive agent; "answered <status> <connection header>", or how it failed. */
  const send = (agent: Http.Agent, port: number, key: string, path: string, timeoutMs: number) =>
    new Promise<string>((resolve) => {
      const request = Http.get({ host: "127.0.0.1", port, path, agent, headers: { "api-key": key } }, (response) => {
        response.resume()
        response.on("end", () => resolve(`answered ${response.statusCode} ${response.headers["connection"] ?? ""}`))
      })
      request.setTimeout(timeoutMs, () => {
        resolve("hung")
        request.destroy()
      })
      request.on("error", (error) => resolve(`closed ${"code" in error ? String(error.code) : error.message}`))
    })

  /** Holds an ACCESS EXCLUSIVE lock on `table` until the returned function is called. */
  const hold = async (databaseUrl: string, table: string) => {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    await client.query("BEGIN")
    await client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`)
    return async () => {
      await client.query("COMMIT")
      await client.end()
    }
  }

  it("idle keep-alive connections: the process exits within 1 s", async () => {
    const { api, port, key } = await serve()
    const agent = new Http.Agent({ keepAlive: true, maxSockets: 16 })
    const first = await Promise.all(Array.from({ length: 16 }, () => send(agent, port, key, "/v1/brands/", 5_000)))
    expect(first.every((r) => r.startsWith("answered 200"))).toBe(true)
    const at = Date.now()
    api.child.kill("SIGTERM")
    const exit = await api.exit
    report("SIGTERM, 16 idle keep-alive connections", `exit after ${exit.at - at} ms`)
    expect(exit.at - at).toBeLessThan(1_000)
    agent.destroy()
  }, 90_000)

  it("requests in flight are answered with Connection: close, requests sent next never hang", async () => {
    const { api, port, key, databaseUrl } = await serve({ SHUTDOWN_TIMEOUT_MS: "5000" })
    const agent = new Http.Agent({ keepAlive: true, maxSockets: 16 })
    await Promise.all(Array.from({ length: 16 }, () => send(agent, port, key, "/v1/brands/", 5_000)))
    // 16 requests in flight when SIGTERM arrives: 8 held by a lock on brands (released soon after),
    // 8 more by a lock on prompt_groups (released 2.5 s later). Each client of the first 8 sends its
    // next request on its connection as soon as it has its answer, while the others are in flight.
    const releaseBrands = await hold(databaseUrl, "brands")
    const releaseGroups = await hold(databaseUrl, "prompt_groups")
    const quick = Array.from({ length: 8 }, () =>
      send(agent, port, key, "/v1/brands/", 8_000).then(async (answer) => ({
        answer,
        next: await send(agent, port, key, "/v1/brands/", 5_000)
      })))
    const slow = Array.from({ length: 8 }, () => send(agent, port, key, "/v1/groups/", 8_000))
    await sleep(300)
    const at = Date.now()
    api.child.kill("SIGTERM")
    await sleep(300)
    await releaseBrands()
    await sleep(2_200)
    await releaseGroups()
    const quickAnswers = await Promise.all(quick)
    const slowAnswers = await Promise.all(slow)
    const exit = await api.exit
    const next = quickAnswers.map((q) => q.next)
    report(
      "SIGTERM, 16 keep-alive clients with requests in flight",
      `exit after ${exit.at - at} ms (the last request took 2.5 s); requests sent next: ${[...new Set(next)].join(", ")}`
    )
    expect(quickAnswers.map((q) => q.answer)).toEqual(Array.from({ length: 8 }, () => "answered 200 close"))
    expect(slowAnswers).toEqual(Array.from({ length: 8 }, () => "answered 200 close"))
    expect(next.filter((r) => r === "hung")).toEqual([])
    expect(exit.at - at).toBeLessThan(5_000 + 1_000)
    agent.destroy()
  }, 90_000)
})
