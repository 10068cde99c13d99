/**
 * Sightline against the bare baseline (bench/BareServer.ts: node:http + a pg Pool of 10, the same
 * three queries, byte-identical JSON) on `GET /v1/brands/`, and one server process against
 * WEB_CONCURRENCY=2. Every server is a real process over one embedded PostgreSQL in a temporary
 * DATA_DIR with the demo data, owned by a Sightline process that is not measured. The measured
 * Sightline servers run compiled (built first), as `pnpm start` runs them: from source, tsx's
 * transpiled modules stay on the heap and every major GC marks them again. Runs are interleaved
 * (A B, then B A, ...) so that load from anything else on the machine hits both alike; each figure is the median of ROUNDS runs. CPU per request is
 * the user+system time (from /proc) of the server's Node processes over the requests they answered
 * (not the embedded PostgreSQL a Sightline process owns: its backends serve every server alike).
 *
 * Run with `pnpm bench` (or `pnpm --filter @sightline/http exec tsx bench/Baseline.ts`).
 */
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { buildServer, COMPILED, fromSource, launch, load, type Run, type Server, startWithDemo, stop, until, get, freePort, machineLine, runMain } from "./ServerProcess.js"

const ROUNDS = Number(process.env["BENCH_ROUNDS"] ?? 3)
const RUN_MS = Number(process.env["BENCH_RUN_MS"] ?? 5_000)
/**
 * Load before measuring, per server: V8 keeps optimising a long request path for thousands of
 * requests (CPU per request still fell by a quarter between the 2nd and 4th 4 s run after a 2 s
 * warm-up), and a short warm-up favours the bare server's short one.
 */
const WARMUP_MS = Number(process.env["BENCH_WARMUP_MS"] ?? 15_000)

const median = (values: ReadonlyArray<number>) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** ROUNDS interleaved runs of each server at `clients`; the median of each figure per server. */
const interleaved = async (servers: ReadonlyArray<Server>, key: string, clients: number) => {
  const runs = new Map<string, Array<Run>>(servers.map((s) => [s.name, []]))
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse()
    for (const server of order) runs.get(server.name)?.push(await load(server, key, clients, RUN_MS))
  }
  return new Map(servers.map((s) => {
    const own = runs.get(s.name) ?? []
    return [s.name, {
      perSecond: median(own.map((r) => r.perSecond)),
      p99: median(own.map((r) => r.p99)),
      cpuPerRequest: median(own.map((r) => r.cpuPerRequest)),
      loaderCpuPerRequest: median(own.map((r) => r.loaderCpuPerRequest))
    }]
  }))
}

const main = async () => {
  const dataDir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "sightline-baseline-"))
  const logDir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "sightline-baseline-logs-"))
  const logs = (name: string) => Path.join(logDir, `${name}.log`)
  const servers: Array<Server> = []
  buildServer()
  try {
    const loadBefore = Os.loadavg()
    // The owner of the embedded PostgreSQL and the demo data, from source; not measured.
    const owner = await startWithDemo("owner", fromSource("apps/http/src/main.ts"), dataDir, logs("owner"))
    servers.push(owner.server)
    const { key, databaseUrl } = owner
    // The measured servers run compiled, as `pnpm start` runs them.
    const compiled = async (name: string, processes: number, store: "memory" | "postgres") =>
      launch(name, COMPILED, {
        DATABASE_URL: databaseUrl,
        WEB_CONCURRENCY: String(processes),
        RATE_LIMIT_STORE: store,
        DEMO: "false"
      }, await freePort(), logs(name))
    const single = await compiled("sightline", 1, "memory")
    const bare = launch("bare", fromSource("apps/http/bench/BareServer.ts"), { DATABASE_URL: databaseUrl }, await freePort(), logs("bare"))
    const cluster = await compiled("sightline WEB_CONCURRENCY=2", 2, "postgres")
    const measured = [single, bare, cluster]
    servers.push(...measured)
    for (const server of measured) {
      await until(server.name, async () => (await get(server.port, key)).status === 200)
    }
    const [a, b] = [await get(single.port, key), await get(bare.port, key)]
    if (a.body !== b.body) throw new Error(`the bare server's JSON differs from Sightline's:\n${a.body}\n${b.body}`)
    // JIT, pools, plans. Each server process gets the whole warm-up: the two of WEB_CONCURRENCY=2
    // share the load, so they get it twice (half of it each leaves V8 half the requests to optimise).
    for (const server of measured) await load(server, key, 16, server === cluster ? 2 * WARMUP_MS : WARMUP_MS)

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
      console.log("| | req/s | p99 ms | CPU ms/req | load generator CPU ms/req |\n|---|--:|--:|--:|--:|")
      for (const [label, figures] of [["1 process", one], ["WEB_CONCURRENCY=2", two]] as const) {
        console.log(
          `| ${label} | ${figures.perSecond.toFixed(0)} | ${figures.p99.toFixed(1)} | ${figures.cpuPerRequest.toFixed(3)} | ${
            figures.loaderCpuPerRequest.toFixed(3)
          } |`
        )
      }
      console.log(`\nThroughput factor WEB_CONCURRENCY=2 / 1: ${(two.perSecond / one.perSecond).toFixed(2)}`)
    }
    console.log(machineLine(loadBefore))
  } finally {
    // Sightline servers over DATABASE_URL first; the one owning the embedded server last.
    for (const server of [...servers].reverse()) await stop(server)
    Fs.rmSync(dataDir, { recursive: true, force: true })
    Fs.rmSync(logDir, { recursive: true, force: true })
  }
}

runMain(main)
