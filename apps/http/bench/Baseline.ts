/**
 * Sightline against the bare baseline (bench/BareServer.ts: node:http + a pg Pool of 10, the same
 * three queries, byte-identical JSON) on `GET /v1/brands/`, and one server process against
 * WEB_CONCURRENCY=2. Every server is a real process over one embedded PostgreSQL in a temporary
 * DATA_DIR with the demo data. Runs are interleaved (A B, then B A, ...) so that load from anything
 * else on the machine hits both alike; each figure is the median of ROUNDS runs. CPU per request is
 * the server processes' user+system time (from /proc) over the requests they answered.
 *
 * Run with `pnpm bench` (or `pnpm --filter @sightline/http exec tsx bench/Baseline.ts`).
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as Fs from "node:fs"
import * as Http from "node:http"
import * as Net from "node:net"
import * as Os from "node:os"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 3)
const RUN_MS = Number(process.env["BENCH_RUN_MS"] ?? 5_000)
const PATH = "/v1/brands/"
const CLOCK_TICKS = 100 // USER_HZ on Linux

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = Net.createServer().on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Server {
  readonly name: string
  readonly port: number
  readonly child: ChildProcess
  stdout: string
}

/**
 * A server process; its log (stderr) goes to `logFile`. Not to a pipe read by this process: Node
 * writes to a pipe synchronously, so a log pipe not drained while this process is busy generating
 * load would block the server, and the bench would measure its own load generator.
 */
const launch = (name: string, entry: string, env: Record<string, string>, port: number, logFile: string): Server => {
  const log = Fs.openSync(logFile, "a")
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ["ignore", "pipe", log]
  })
  Fs.closeSync(log)
  const server: Server = { name, port, child, stdout: "" }
  child.stdout?.on("data", (chunk) => (server.stdout += String(chunk)))
  return server
}

const get = (port: number, key: string, agent?: Http.Agent) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    Http.get({ host: "127.0.0.1", port, path: PATH, agent, headers: { "api-key": key } }, (response) => {
      let body = ""
      response.setEncoding("utf8")
      response.on("data", (chunk) => (body += chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }))
    }).on("error", reject)
  })

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 120_000) => {
  const started = Date.now()
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return
    await sleep(100)
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** The process and all its descendants (a WEB_CONCURRENCY primary and its server processes). */
const tree = (pid: number): Array<number> => {
  const file = `/proc/${pid}/task/${pid}/children`
  const children = Fs.existsSync(file) ? Fs.readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number) : []
  return [pid, ...children.flatMap(tree)]
}

/** user + system CPU milliseconds so far of each of `pids` still running. */
const cpuMillis = (pids: ReadonlyArray<number>) =>
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
const cpuSpent = (before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>) =>
  [...after].reduce((sum, [pid, millis]) => sum + millis - (before.get(pid) ?? millis), 0)

interface Run {
  readonly perSecond: number
  readonly p99: number
  readonly cpuPerRequest: number
}

/** `clients` connections, each sending its next request when the last is answered, for RUN_MS. */
const load = async (server: Server, key: string, clients: number): Promise<Run> => {
  const agent = new Http.Agent({ keepAlive: true, maxSockets: clients })
  const pids = tree(server.child.pid ?? 0)
  const latencies: Array<number> = []
  const cpuBefore = cpuMillis(pids)
  const started = performance.now()
  const deadline = started + RUN_MS
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < deadline) {
      const at = performance.now()
      const { status } = await get(server.port, key, agent)
      if (status !== 200) throw new Error(`${server.name} answered ${status}`)
      latencies.push(performance.now() - at)
    }
  }))
  const elapsed = performance.now() - started
  const cpu = cpuSpent(cpuBefore, cpuMillis(pids))
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    perSecond: latencies.length / (elapsed / 1000),
    p99: latencies[Math.ceil(latencies.length * 0.99) - 1] ?? Number.NaN,
    cpuPerRequest: cpu / latencies.length
  }
}

const median = (values: ReadonlyArray<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** ROUNDS interleaved runs of each server at `clients`; the median of each figure per server. */
const interleaved = async (servers: ReadonlyArray<Server>, key: string, clients: number) => {
  const runs = new Map<string, Array<Run>>(servers.map((s) => [s.name, []]))
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse()
    for (const server of order) runs.get(server.name)?.push(await load(server, key, clients))
  }
  return new Map(servers.map((s) => {
    const own = runs.get(s.name) ?? []
    return [s.name, {
      perSecond: median(own.map((r) => r.perSecond)),
      p99: median(own.map((r) => r.p99)),
      cpuPerRequest: median(own.map((r) => r.cpuPerRequest))
    }]
  }))
}

const stop = async (server: Server) => {
  if (server.child.exitCode !== null) return
  const exited = new Promise((r) => server.child.once("exit", r))
  server.child.kill("SIGTERM")
  await Promise.race([exited, sleep(20_000)])
}

const main = async () => {
  const dataDir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "sightline-baseline-"))
  const logDir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "sightline-baseline-logs-"))
  const logs = (name: string) => Path.join(logDir, `${name}.log`)
  const servers: Array<Server> = []
  try {
    const loadBefore = Os.loadavg()
    const single = launch("sightline", "apps/http/src/main.ts", {
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: "1",
      RATE_LIMIT_STORE: "memory"
    }, await freePort(), logs("sightline"))
    servers.push(single)
    await until("the demo key", async () => /sl_[A-Za-z0-9]+/.test(single.stdout))
    const key = /Demo API key[^:]*: (sl_[A-Za-z0-9]+)/.exec(single.stdout)?.[1] ?? ""
    const pid = Fs.readFileSync(Path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")
    const databaseUrl = `postgres://postgres:sightline@127.0.0.1:${pid[3]}/sightline`
    // The demo key's own limit would refuse most of the load; the bench measures serving, not 429s.
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    await admin.query("UPDATE api_keys SET rate_limit_per_minute = 100000000")
    await admin.end()

    const bare = launch("bare", "apps/http/bench/BareServer.ts", { DATABASE_URL: databaseUrl }, await freePort(), logs("bare"))
    const cluster = launch("sightline WEB_CONCURRENCY=2", "apps/http/src/main.ts", {
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: "2",
      RATE_LIMIT_STORE: "postgres",
      DEMO: "false"
    }, await freePort(), logs("cluster"))
    servers.push(bare, cluster)
    for (const server of servers) {
      await until(server.name, async () => (await get(server.port, key)).status === 200)
    }
    const [a, b] = [await get(single.port, key), await get(bare.port, key)]
    if (a.body !== b.body) throw new Error(`the bare server's JSON differs from Sightline's:\n${a.body}\n${b.body}`)
    for (const server of servers) await load(server, key, 16) // warm-up: JIT, pools, plans

    console.log(`\n## /v1/brands/: Sightline (1 process) vs bare node:http + pg (median of ${ROUNDS} interleaved ${RUN_MS / 1000} s runs)\n`)
    console.log("| clients | Sightline req/s | bare req/s | ratio | Sightline p99 ms | bare p99 ms | p99 ratio | Sightline CPU ms/req | bare CPU ms/req |")
    console.log("|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for (const clients of [16, 64]) {
      const result = await interleaved([single, bare], key, clients)
      const s = result.get(single.name)
      const r = result.get(bare.name)
      if (s === undefined || r === undefined) continue
      console.log(
        `| ${clients} | ${s.perSecond.toFixed(0)} | ${r.perSecond.toFixed(0)} | ${(s.perSecond / r.perSecond).toFixed(2)} | ` +
          `${s.p99.toFixed(1)} | ${r.p99.toFixed(1)} | ${(s.p99 / r.p99).toFixed(2)} | ${s.cpuPerRequest.toFixed(3)} | ${r.cpuPerRequest.toFixed(3)} |`
      )
    }

    console.log(`\n## /v1/brands/: WEB_CONCURRENCY=2 (postgres rate limit store) vs 1 process (memory), 64 clients\n`)
    const scaled = await interleaved([single, cluster], key, 64)
    const one = scaled.get(single.name)
    const two = scaled.get(cluster.name)
    if (one !== undefined && two !== undefined) {
      console.log("| | req/s | p99 ms | CPU ms/req |\n|---|--:|--:|--:|")
      console.log(`| 1 process | ${one.perSecond.toFixed(0)} | ${one.p99.toFixed(1)} | ${one.cpuPerRequest.toFixed(3)} |`)
      console.log(`| WEB_CONCURRENCY=2 | ${two.perSecond.toFixed(0)} | ${two.p99.toFixed(1)} | ${two.cpuPerRequest.toFixed(3)} |`)
      console.log(`\nThroughput factor WEB_CONCURRENCY=2 / 1: ${(two.perSecond / one.perSecond).toFixed(2)}`)
    }
    const loadAfter = Os.loadavg()
    console.log(
      `\n${Os.availableParallelism()} cores; load average before ${loadBefore.map((n) => n.toFixed(2)).join(" ")}, after ${loadAfter.map((n) => n.toFixed(2)).join(" ")}`
    )
  } finally {
    // Sightline servers over DATABASE_URL first; the one owning the embedded server last.
    for (const server of [...servers].reverse()) await stop(server)
    Fs.rmSync(dataDir, { recursive: true, force: true })
    Fs.rmSync(logDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(String(error))
  process.exitCode = 1
})
