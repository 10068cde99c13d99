/**
 * Latency of two running Sightline servers compared request by request: the same requests go to A
 * and B alternately (A then B, then B then A), so load from anything else on the machine hits both
 * alike and the ratio stays meaningful on a busy machine. Used to show that a change does not slow
 * the request path: run the old checkout on one port and the new on another, over the same
 * database (the same DATA_DIR, or DATABASE_URL), then
 *
 *   pnpm --filter @sightline/http exec tsx bench/Interleaved.ts <portA> <portB> <api key> [rounds]
 *
 * It prints p50/p95 in ms for each and the p50 ratio B/A per endpoint, plus their geometric mean.
 * Paths assume the demo data (brand 1, group 1, prompt 1).
 */
import * as Http from "node:http"

const [portA = "", portB = "", key = "", roundsArg = "600"] = process.argv.slice(2)
const rounds = Number(roundsArg)

const PATHS: ReadonlyArray<readonly [string, string]> = [
  ["brands", "/v1/brands/"],
  ["competitors", "/v1/monitored-competitors/?brand_id=1"],
  ["group detail", "/v1/groups/1/"],
  ["prompt detail", "/v1/monitored-prompts/1/"],
  ["action plans", "/v1/action-plans/?brand_id=1"],
  ["cited-sources/urls", "/v1/cited-sources/urls/?brand_id=1"]
]

const agents = { a: new Http.Agent({ keepAlive: true, maxSockets: 1 }), b: new Http.Agent({ keepAlive: true, maxSockets: 1 }) }

const timed = (port: string, agent: Http.Agent, path: string) =>
  new Promise<number>((resolve, reject) => {
    const started = process.hrtime.bigint()
    Http.get({ host: "127.0.0.1", port, path, agent, headers: { "api-key": key } }, (response) => {
      response.resume()
      response.on("end", () =>
        response.statusCode === 200
          ? resolve(Number(process.hrtime.bigint() - started) / 1e6)
          : reject(new Error(`${path} answered ${response.statusCode}`)))
    }).on("error", reject)
  })

const percentile = (samples: ReadonlyArray<number>, p: number) => {
  const sorted = [...samples].sort((x, y) => x - y)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN
}

const main = async () => {
  if (portA === "" || portB === "" || key === "") throw new Error("usage: Interleaved.ts <portA> <portB> <api key> [rounds]")
  console.log(`| endpoint | A p50 | B p50 | B/A p50 | A p95 | B p95 |\n|---|---:|---:|---:|---:|---:|`)
  const ratios: Array<number> = []
  for (const [name, path] of PATHS) {
    for (let i = 0; i < 50; i++) {
      await timed(portA, agents.a, path)
      await timed(portB, agents.b, path)
    }
    const a: Array<number> = []
    const b: Array<number> = []
    for (let i = 0; i < rounds; i++) {
      if (i % 2 === 0) {
        a.push(await timed(portA, agents.a, path))
        b.push(await timed(portB, agents.b, path))
      } else {
        b.push(await timed(portB, agents.b, path))
        a.push(await timed(portA, agents.a, path))
      }
    }
    const ratio = percentile(b, 0.5) / percentile(a, 0.5)
    ratios.push(ratio)
    const ms = (n: number) => n.toFixed(2)
    console.log(`| ${name} | ${ms(percentile(a, 0.5))} | ${ms(percentile(b, 0.5))} | ${ratio.toFixed(3)} | ${ms(percentile(a, 0.95))} | ${ms(percentile(b, 0.95))} |`)
  }
  const geomean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length)
  console.log(`\nGeometric mean of B/A p50: ${geomean.toFixed(3)}`)
  agents.a.destroy()
  agents.b.destroy()
}

main().catch((error) => {
  console.error(String(error))
  process.exitCode = 1
})
