import { hash, prefixOf } from "@sightline/domain/ApiKeyFormat"
import { type ChildProcess, spawn } from "node:child_process"
import * as Net from "node:net"
import { fileURLToPath } from "node:url"
import pg from "pg"

/** The root of the checkout (the apps' entry points are run from there, as `pnpm start` does). */
export const ROOT = fileURLToPath(new URL("../../../../", import.meta.url))

export interface App {
  readonly child: ChildProcess
  readonly name: string
  /** Exit code or signal once exited, and when. */
  readonly exit: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null; readonly at: number }>
  readonly alive: () => boolean
  readonly output: () => string
}

/** Runs an app's entry point (`node --import tsx <entry>`) as its own process, logs kept in memory. */
export const start = (name: string, entry: string, env: Record<string, string>): App => {
  const child = spawn(process.execPath, ["--conditions=@sightline/source", "--import", "tsx", entry], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "WARN", ...env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  let exited = false
  child.stdout?.on("data", (chunk) => (output += String(chunk)))
  child.stderr?.on("data", (chunk) => (output += String(chunk)))
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => {
      exited = true
      resolve({ code, signal, at: Date.now() })
    })
  )
  return { child, name, exit, alive: () => !exited, output: () => output }
}

/** Ends a process we started and waits for it (SIGKILL after `graceMs`). */
export const stop = async (app: App, graceMs = 15_000) => {
  if (!app.alive()) return
  app.child.kill("SIGTERM")
  const timer = setTimeout(() => app.child.kill("SIGKILL"), graceMs)
  await app.exit
  clearTimeout(timer)
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = Net.createServer()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls `check` every 50 ms until it holds; the time it took, or an error after `timeoutMs`. */
export const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> => {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    const done = await check().catch((error) => error instanceof Error && error.message === "exited" ? Promise.reject(error) : false)
    if (done) return Date.now() - started
    await sleep(50)
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
}

/** Waits for GET `url` to answer 200 while the app runs; its output in the error otherwise. */
export const ready = (app: App, url: string, timeoutMs = 60_000) =>
  waitFor(`${app.name} at ${url}`, async () => {
    if (!app.alive()) throw new Error("exited")
    return (await status(url)) === 200
  }, timeoutMs).catch((error) => Promise.reject(new Error(`${String(error)}; ${app.name} said:\n${app.output()}`)))

/** The status of a GET, or 0 when the connection failed. */
export const status = (url: string, headers: Record<string, string> = {}, timeoutMs = 5_000): Promise<number> =>
  fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) }).then(
    async (response) => {
      await response.arrayBuffer()
      return response.status
    },
    () => 0
  )

/** A workspace with one brand and an API key (limit `perMinute`), written straight into the database. */
export const createKey = async (databaseUrl: string, perMinute: number): Promise<string> => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const key = `sl_${"F".repeat(30)}${String(Date.now()).slice(-10)}`
    const workspace = await client.query<{ id: string }>(
      "INSERT INTO workspaces (name) VALUES ($1) RETURNING id",
      [`faults ${key}`]
    )
    await client.query(
      `INSERT INTO brands (workspace_id, name, website, country_code, language_code, display_name)
       VALUES ($1, 'Faults', 'https://faults.example', (SELECT min(code) FROM countries), (SELECT min(code) FROM languages), 'Faults')`,
      [workspace.rows[0]?.id]
    )
    await client.query(
      `INSERT INTO api_keys (workspace_id, name, prefix, key_hash, rate_limit_per_minute, expires_at)
       VALUES ($1, 'faults', $2, $3, $4, now() + interval '1 day')`,
      [workspace.rows[0]?.id, prefixOf(key), hash(key), perMinute]
    )
    return key
  } finally {
    await client.end()
  }
}
