/**
 * Where a Sightline process spends its CPU on `GET /v1/brands/`: the built server (dist, as
 * `pnpm start` runs it) under `node --cpu-prof`, one process, 16 keep-alive clients for
 * PROFILE_MS (10 s) after a warm-up; the samples taken during the load are summarised by where
 * their code lives (Effect runtime, Schema, pg, Node, garbage collection, ...), by Effect module,
 * and by function (self time). A second Sightline process owns the embedded PostgreSQL with the
 * demo data, so the profiled one does no start-up work inside the window.
 *
 *   pnpm --filter @sightline/http exec tsx bench/Profile.ts [keep the .cpuprofile in this dir]
 */
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { buildServer, COMPILED, freePort, fromSource, launch, load, type Server, startWithDemo, stop, until, get, machineLine, runMain } from "./ServerProcess.js"

const PROFILE_MS = Number(process.env["PROFILE_MS"] ?? 10_000)
const CLIENTS = Number(process.env["PROFILE_CLIENTS"] ?? 16)

interface CallFrame {
  readonly functionName: string
  readonly url: string
  readonly lineNumber: number
}
interface ProfileNode {
  readonly id: number
  readonly callFrame: CallFrame
  readonly children?: ReadonlyArray<number>
}
interface CpuProfile {
  readonly nodes: ReadonlyArray<ProfileNode>
  readonly startTime: number
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

/** The package a script belongs to (the pnpm store's `name@version` folder), or where it lives. */
const packageOf = (url: string): string => {
  const store = /node_modules\/\.pnpm\/([^/]+)\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)
  if (store?.[2] !== undefined) return store[2]
  if (url.startsWith("node:")) return "node"
  const own = /\/(apps|packages)\/([^/]+)\//.exec(url)
  if (own !== null) return `sightline ${own[1]}/${own[2]}`
  return url === "" ? "" : "other"
}

/** The rows of the table: what a sample's own frame is. */
const areaOf = (frame: CallFrame): string => {
  if (frame.functionName === "(garbage collector)") return "garbage collection"
  if (frame.functionName === "(program)") return "V8/Node native (program)"
  // Socket writes (pg queries, responses): on a busy machine, mostly time descheduled in the syscall.
  if (frame.functionName === "writev" || frame.functionName === "writeUtf8String") return "socket writes (writev)"
  const pkg = packageOf(frame.url)
  if (pkg === "effect") {
    return /\/(Schema|ParseResult|SchemaAST|internal\/schema\/[^/]+)\.js$/.test(frame.url)
      ? "Schema decode/encode"
      : "Effect runtime"
  }
  if (pkg === "pg" || pkg === "pg-protocol" || pkg === "pg-types" || pkg.startsWith("postgres-")) return "pg"
  if (pkg === "node" || pkg === "") return "Node internals"
  return pkg
}

const summarise = (profile: CpuProfile, fromMicros: number, toMicros: number, requests: number) => {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<number, number>()
  let t = profile.startTime
  let total = 0
  let idle = 0
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0
    if (t < fromMicros || t > toMicros) return
    const delta = profile.timeDeltas[i] ?? 0
    if (byId.get(id)?.callFrame.functionName === "(idle)") {
      idle += delta
      return
    }
    total += delta
    self.set(id, (self.get(id) ?? 0) + delta)
  })
  const tally = (key: (frame: CallFrame) => string) => {
    const sums = new Map<string, number>()
    for (const [id, micros] of self) {
      const frame = byId.get(id)?.callFrame
      if (frame !== undefined) sums.set(key(frame), (sums.get(key(frame)) ?? 0) + micros)
    }
    return [...sums].sort((a, b) => b[1] - a[1])
  }
  const pct = (micros: number) => `${((100 * micros) / total).toFixed(1)}%`
  const print = (title: string, rows: ReadonlyArray<readonly [string, number]>, limit: number) => {
    console.log(`\n### ${title}\n\n| where | share of CPU | ms per 1,000 requests |\n|---|--:|--:|`)
    for (const [name, micros] of rows.slice(0, limit)) {
      console.log(`| ${name} | ${pct(micros)} | ${(micros / requests).toFixed(1)} |`)
    }
  }
  console.log(
    `\nOn-CPU time in the window: ${(total / 1000).toFixed(0)} ms for ${requests} requests = ` +
      `${(total / 1000 / requests).toFixed(3)} ms per request (idle ${(idle / 1000).toFixed(0)} ms)`
  )
  print("By area (self time)", tally(areaOf), 12)
  print(
    "Effect modules (self time)",
    tally((f) => packageOf(f.url) === "effect" ? Path.basename(f.url) : "(not effect)").filter(([n]) => n !== "(not effect)"),
    12
  )
  print(
    "Functions (self time)",
    tally((f) => `${f.functionName || "(anonymous)"} ${Path.basename(f.url)}:${f.lineNumber + 1} (${packageOf(f.url) || "native"})`),
    30
  )
}

const main = async () => {
  buildServer()
  const keep = process.argv[2]
  const dataDir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "sightline-profile-"))
  const workDir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "sightline-profile-out-"))
  const servers: Array<Server> = []
  try {
    const loadBefore = Os.loadavg()
    const owner = await startWithDemo("owner", fromSource("apps/http/src/main.ts"), dataDir, Path.join(workDir, "owner.log"))
    servers.push(owner.server)
    const profiled = launch("profiled", ["--cpu-prof", `--cpu-prof-dir=${workDir}`, ...COMPILED], {
      DATABASE_URL: owner.databaseUrl,
      WEB_CONCURRENCY: "1",
      RATE_LIMIT_STORE: "memory",
      DEMO: "false"
    }, await freePort(), Path.join(workDir, "profiled.log"))
    servers.push(profiled)
    await until("the profiled server", async () => (await get(profiled.port, owner.key)).status === 200)
    await load(profiled, owner.key, CLIENTS, 3_000) // warm-up: JIT, pools, plans
    // V8's sample times and hrtime share the monotonic clock, so the window selects the samples.
    const from = Number(process.hrtime.bigint() / 1000n)
    const run = await load(profiled, owner.key, CLIENTS, PROFILE_MS)
    const to = Number(process.hrtime.bigint() / 1000n)
    await stop(profiled)
    const file = Fs.readdirSync(workDir).find((name) => name.endsWith(".cpuprofile"))
    if (file === undefined) throw new Error("the profiled server wrote no .cpuprofile")
    if (keep !== undefined) Fs.copyFileSync(Path.join(workDir, file), Path.join(keep, "brands.cpuprofile"))
    console.log(
      `\n## CPU profile of GET /v1/brands/: ${CLIENTS} clients, ${PROFILE_MS / 1000} s, ${run.perSecond.toFixed(0)} req/s, ` +
        `p99 ${run.p99.toFixed(1)} ms, /proc CPU ${run.cpuPerRequest.toFixed(3)} ms/request`
    )
    const profile: CpuProfile = JSON.parse(Fs.readFileSync(Path.join(workDir, file), "utf8"))
    summarise(profile, from, to, run.requests)
    console.log(machineLine(loadBefore))
  } finally {
    for (const server of [...servers].reverse()) await stop(server)
    Fs.rmSync(dataDir, { recursive: true, force: true })
    Fs.rmSync(workDir, { recursive: true, force: true })
  }
}

runMain(main)
