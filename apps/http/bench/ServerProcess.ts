/**
 * What the process-level benches share (Baseline.ts, Profile.ts): servers as real child processes
 * on free ports, a closed-loop keep-alive load on `/v1/brands/`, and their CPU time from /proc.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import * as Fs from "node:fs"
import * as Http from "node:http"
import * as Net from "node:net"
import * as Os from "node:os"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
export const PATH = "/v1/brands/"
const CLOCK_TICKS = 100 // USER_HZ on Linux

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = Net.createServer().on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface Server {
  readonly name: string
  readonly port: number
  readonly child: ChildProcess
  stdout: string
}

/**
 * A server process (`node ...args`, from the repository root); its log (stderr) goes to `logFile`.
 * Not to a pipe read by this process: Node writes to a pipe synchronously, so a log pipe not
 * drained while this process is busy generating load would block the server, and the bench would
 * measure its own load generator.
 */
export const launch = (
  name: string,
  args: ReadonlyArray<string>,
  env: Record<string, string>,
  port: number,
  logFile: string
): Server => {
  const log = Fs.openSync(logFile, "a")
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ["ignore", "pipe", log]
  })
  Fs.closeSync(log)
  const server: Server = { name, port, child, stdout: "" }
  child.stdout?.on("data", (chunk) => (server.stdout += String(chunk)))
  return server
}

/**
 * A TypeScript entry run from source through tsx, the workspace packages from their sources too
 * (without the condition they resolve to their `dist`, which may be stale).
 */
export const fromSource = (entry: string) => ["--conditions=@sightline/source", "--import", "tsx", entry]

/** The compiled server, as `pnpm start` runs it (`buildServer` first). */
export const COMPILED = ["apps/http/dist/main.js"] as const

/** Builds the server and the workspace packages it imports (`tsc -b`, as `pnpm start` does). */
export const buildServer = () => {
  console.log("Building the server (tsc -b apps/http/tsconfig.build.json) ...")
  execFileSync(process.execPath, [Path.join(ROOT, "node_modules/typescript/bin/tsc"), "-b", "apps/http/tsconfig.build.json"], {
    cwd: ROOT,
    stdio: "inherit"
  })
}

export const get = (port: number, key: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    Http.get({ host: "127.0.0.1", port, path: PATH, headers: { "api-key": key } }, (response) => {
      let body = ""
      response.setEncoding("utf8")
      response.on("data", (chunk) => (body += chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }))
    }).on("error", reject)
  })

export const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 120_000) => {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return
    await sleep(100)
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** The process and all its descendants. */
export const tree = (pid: number): Array<number> => {
  const file = `/proc/${pid}/task/${pid}/children`
  const children = Fs.existsSync(file) ? Fs.readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number) : []
  return [pid, ...children.flatMap(tree)]
}

const isNode = (pid: number) => {
  try {
    return Fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "node"
  } catch {
    return false
  }
}

/**
 * The Node processes of a server: the process and its Node descendants (a WEB_CONCURRENCY primary
 * and its server processes), not the embedded PostgreSQL a Sightline process may own, whose
 * backends serve every server under test alike.
 */
export const nodeTree = (pid: number): Array<number> => tree(pid).filter(isNode)

/** user + system CPU milliseconds so far of each of `pids` still running. */
export const cpuMillis = (pids: ReadonlyArray<number>) =>
  new Map(pids.flatMap((pid) => {
    try {
      const stat = Fs.readFileSync(`/proc/${pid}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      return [[pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS] as const]
    } catch {
      return []
    }
  }))

/** CPU milliseconds spent between two readings by the processes present in both. */
export const cpuSpent = (before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>) =>
  [...after].reduce((sum, [pid, millis]) => sum + millis - (before.get(pid) ?? millis), 0)

export interface Run {
  readonly requests: number
  readonly perSecond: number
  readonly p99: number
  readonly cpuPerRequest: number
  /** The load generator's own CPU (this process) per request. */
  readonly loaderCpuPerRequest: number
}

/**
 * One keep-alive connection of the load: a raw socket that writes the same request again as soon as
 * the last answer is complete, until `deadline`. Answers are framed by their Content-Length (both
 * servers send one) and only their status line is parsed. A raw socket, not node:http's client:
 * the load generator shares the 2 cores with the servers and PostgreSQL, and node:http's client
 * spent about as much CPU per request as the server it measured, which left a second server process
 * (WEB_CONCURRENCY=2) no core to run on.
 */
const connection = (
  server: Server,
  request: Buffer,
  deadline: number,
  answered: (latency: number) => void
) =>
  new Promise<void>((resolve, reject) => {
    const socket = Net.connect(server.port, "127.0.0.1")
    socket.setNoDelay(true)
    let pending: Buffer = Buffer.alloc(0)
    let sentAt = 0
    const next = () => {
      if (performance.now() >= deadline) {
        socket.end()
        return resolve()
      }
      sentAt = performance.now()
      socket.write(request)
    }
    socket.on("connect", next)
    socket.on("error", reject)
    socket.on("close", () => reject(new Error(`${server.name} closed a keep-alive connection`)))
    socket.on("data", (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
      const headEnd = pending.indexOf("\r\n\r\n")
      if (headEnd < 0) return
      const head = pending.toString("latin1", 0, headEnd)
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1]
      if (length === undefined) return reject(new Error(`${server.name} answered without a Content-Length:\n${head}`))
      if (pending.length < headEnd + 4 + Number(length)) return
      if (!head.startsWith("HTTP/1.1 200 ")) return reject(new Error(`${server.name} answered ${head.slice(9, 12)}`))
      answered(performance.now() - sentAt)
      pending = pending.subarray(headEnd + 4 + Number(length))
      next()
    })
  })

/** `clients` connections, each sending its next request when the last is answered, for `runMs`. */
export const load = async (server: Server, key: string, clients: number, runMs: number): Promise<Run> => {
  const request = Buffer.from(`GET ${PATH} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\napi-key: ${key}\r\n\r\n`, "latin1")
  const pids = nodeTree(server.child.pid ?? 0)
  const latencies: Array<number> = []
  const cpuBefore = cpuMillis(pids)
  const loaderBefore = process.cpuUsage()
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, () => connection(server, request, started + runMs, (latency) => latencies.push(latency)))
  )
  const elapsed = performance.now() - started
  const cpu = cpuSpent(cpuBefore, cpuMillis(pids))
  const loader = process.cpuUsage(loaderBefore)
  latencies.sort((a, b) => a - b)
  return {
    requests: latencies.length,
    perSecond: latencies.length / (elapsed / 1000),
    p99: latencies[Math.ceil(latencies.length * 0.99) - 1] ?? Number.NaN,
    cpuPerRequest: cpu / latencies.length,
    loaderCpuPerRequest: (loader.user + loader.system) / 1000 / latencies.length
  }
}

export const stop = async (server: Server) => {
  if (server.child.exitCode !== null) return
  const exited = new Promise((r) => server.child.once("exit", r))
  server.child.kill("SIGTERM")
  await Promise.race([exited, sleep(20_000)])
}

/**
 * A Sightline process that owns an embedded PostgreSQL in `dataDir` with the demo data: its demo
 * key (with a rate limit out of the way: the benches measure serving, not 429s) and DATABASE_URL.
 */
export const startWithDemo = async (name: string, args: ReadonlyArray<string>, dataDir: string, logFile: string) => {
  const server = launch(name, args, {
    DATA_DIR: dataDir,
    WEB_CONCURRENCY: "1",
    RATE_LIMIT_STORE: "memory"
  }, await freePort(), logFile)
  // A first start (initdb, migrations, demo seed) takes minutes on a busy 2-core machine.
  await until("the demo key", async () => /sl_[A-Za-z0-9]+/.test(server.stdout), 900_000)
  const key = /Demo API key[^:]*: (sl_[A-Za-z0-9]+)/.exec(server.stdout)?.[1] ?? ""
  const pid = Fs.readFileSync(Path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")
  const databaseUrl = `postgres://postgres:sightline@127.0.0.1:${pid[3]}/sightline`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query("UPDATE api_keys SET rate_limit_per_minute = 100000000")
  await admin.end()
  return { server, key, databaseUrl }
}

const loads = (values: ReadonlyArray<number>) => values.map((n) => n.toFixed(2)).join(" ")

/** The cores and the load average before (given) and now: the context every figure needs. */
export const machineLine = (loadBefore: ReadonlyArray<number>) =>
  `\n${Os.availableParallelism()} cores; load average before ${loads(loadBefore)}, after ${loads(Os.loadavg())}`

/** Runs a bench as the process's main: a failure is printed and exits 1. */
export const runMain = (main: () => Promise<void>) =>
  main().catch((error) => {
    console.error(String(error))
    process.exitCode = 1
  })
