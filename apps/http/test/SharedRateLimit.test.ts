/**
 * Rate limits across processes: real Sightline processes (`node --import tsx apps/http/src/main.ts`)
 * sharing one database (and, for `redis`, one redis-server), hit with one key alternately.
 */
import type {} from "../../../packages/sql/test-support/globalSetup.js"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import { spawn, spawnSync } from "node:child_process"
import * as Fs from "node:fs"
import * as Net from "node:net"
import { afterAll, afterEach, describe, expect, it } from "vitest"
import { freshDatabaseUrl } from "../../../packages/sql/test-support/TestDatabase.js"
import { type App, createKey, freePort, ready, sleep, start, status, stop, waitFor } from "./support/Processes.js"

const API = "apps/http/src/main.ts"
const LIMIT = 10

const scope = Effect.runSync(Scope.make())
const apps: Array<App> = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => stop(app)))
})
afterAll(() => Effect.runPromise(Scope.close(scope, Exit.void)))

const database = async () => {
  const url = await Effect.runPromise(Scope.extend(freshDatabaseUrl, scope))
  return { url, key: await createKey(url, LIMIT) }
}

const serve = async (env: Record<string, string>) => {
  const port = await freePort()
  const app = start(`api:${port}`, API, { PORT: String(port), DEMO: "false", ...env })
  apps.push(app)
  await ready(app, `http://127.0.0.1:${port}/readyz`)
  return `http://127.0.0.1:${port}`
}

/**
 * `2 * LIMIT` requests of one key spread over `bases`; the 200s may not exceed the key's limit
 * plus what its bucket refilled meanwhile (LIMIT a minute), where per-process buckets would allow
 * LIMIT per process.
 */
const hitOneKey = async (bases: ReadonlyArray<string>, key: string) => {
  const started = Date.now()
  const codes: Array<number> = []
  for (let i = 0; i < 2 * LIMIT; i++) {
    codes.push(await status(`${bases[i % bases.length]}/v1/brands/`, { "api-key": key }))
  }
  const refill = Math.floor(((Date.now() - started) * LIMIT) / 60_000)
  const allowed = codes.filter((code) => code === 200).length
  expect(codes.every((code) => code === 200 || code === 429), codes.join(",")).toBe(true)
  expect(allowed).toBeGreaterThanOrEqual(LIMIT)
  expect(allowed).toBeLessThanOrEqual(LIMIT + refill)
  return { allowed, refill }
}

describe("RATE_LIMIT_STORE=postgres", () => {
  it("2 processes on one database: a key's limit holds in total", async () => {
    const { key, url } = await database()
    const env = { DATABASE_URL: url, WEB_CONCURRENCY: "1", RATE_LIMIT_STORE: "postgres" }
    const bases = await Promise.all([serve(env), serve(env)])
    await hitOneKey(bases, key)
  }, 120_000)

  it("control: with memory buckets the same 2 processes allow the limit in each", async () => {
    const { key, url } = await database()
    const env = { DATABASE_URL: url, WEB_CONCURRENCY: "1", RATE_LIMIT_STORE: "memory" }
    const bases = await Promise.all([serve(env), serve(env)])
    const codes: Array<number> = []
    for (let i = 0; i < 2 * LIMIT; i++) codes.push(await status(`${bases[i % 2]}/v1/brands/`, { "api-key": key }))
    expect(codes.filter((code) => code === 200).length).toBe(2 * LIMIT)
  }, 120_000)
})

describe("WEB_CONCURRENCY", () => {
  it("RATE_LIMIT_STORE=memory with WEB_CONCURRENCY=2 is refused with a clear message", async () => {
    const { url } = await database()
    const app = start("api", API, { DATABASE_URL: url, PORT: String(await freePort()), WEB_CONCURRENCY: "2", RATE_LIMIT_STORE: "memory" })
    apps.push(app)
    const exit = await app.exit
    expect(exit.code).not.toBe(0)
    expect(app.output()).toContain("RATE_LIMIT_STORE=memory")
    expect(app.output()).toContain("WEB_CONCURRENCY=2")
  }, 60_000)

  it("a port already in use: the primary stops with an error instead of restarting server processes forever", async () => {
    const { url } = await database()
    const taken = Net.createServer()
    const port = await freePort()
    await new Promise<void>((resolve) => taken.listen(port, resolve))
    try {
      const app = start("api", API, { DATABASE_URL: url, PORT: String(port), WEB_CONCURRENCY: "2" })
      apps.push(app)
      const exit = await app.exit
      expect(exit.code).not.toBe(0)
      expect(app.output()).toContain("before it listened")
    } finally {
      taken.close()
    }
  }, 60_000)

  it("2 processes on one port (postgres store by default): the limit holds in total; SIGTERM drains and stops them all", async () => {
    const { key, url } = await database()
    const base = await serve({ DATABASE_URL: url, WEB_CONCURRENCY: "2" })
    const primary = apps[0]
    const children = () =>
      Fs.readFileSync(`/proc/${primary?.child.pid}/task/${primary?.child.pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean)
    await waitFor("2 server processes", async () => children().length === 2, 30_000)
    const servers = children()
    await hitOneKey([base], key)

    // A request sent as SIGTERM goes out is still answered; then every process exits.
    const slow = fetch(`${base}/v1/brands/`, { headers: { "api-key": key } }).then((r) => r.status, () => 0)
    primary?.child.kill("SIGTERM")
    const exit = await primary?.exit
    expect(exit?.code, primary?.output()).toBe(0)
    expect([200, 429]).toContain(await slow)
    expect(servers.every((pid) => !Fs.existsSync(`/proc/${pid}`))).toBe(true)
    expect(await status(`${base}/readyz`)).toBe(0)
  }, 120_000)
})

const redisServer = spawnSync("redis-server", ["--version"]).status === 0

describe.skipIf(!redisServer)("RATE_LIMIT_STORE=redis", () => {
  it("2 processes on one redis-server: a key's limit holds in total", async () => {
    const port = await freePort()
    const redis = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no"], { stdio: "ignore" })
    try {
      await waitFor("redis-server", async () => {
        const { Redis } = await import("ioredis")
        const client = new Redis(port, "127.0.0.1", { lazyConnect: true, maxRetriesPerRequest: 0 })
        try {
          await client.connect()
          return (await client.ping()) === "PONG"
        } finally {
          client.disconnect()
        }
      }, 20_000)
      const { key, url } = await database()
      const env = { DATABASE_URL: url, WEB_CONCURRENCY: "1", RATE_LIMIT_STORE: "redis", REDIS_URL: `redis://127.0.0.1:${port}` }
      const bases = await Promise.all([serve(env), serve(env)])
      await hitOneKey(bases, key)
      // After a Redis restart its script cache is empty: the limit must still hold (a store that
      // failed open would answer 200 here).
      const { Redis } = await import("ioredis")
      const admin = new Redis(port, "127.0.0.1")
      await admin.script("FLUSH")
      admin.disconnect()
      expect(await status(`${bases[0]}/v1/brands/`, { "api-key": key })).toBe(429)
    } finally {
      redis.kill("SIGTERM")
      await sleep(100)
    }
  }, 120_000)
})

if (!redisServer) {
  console.warn("RATE_LIMIT_STORE=redis test skipped: no redis-server on PATH (apt-get install redis-server to run it)")
}
