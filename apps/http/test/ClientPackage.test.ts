import * as HttpServer from "@effect/platform/HttpServer"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { execFile } from "node:child_process"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { fileURLToPath } from "node:url"
import { Fixture } from "./support/Fixture.js"
import { makeHarness } from "./support/Harness.js"

/**
 * What another team does with `@sightline/domain`: build and pack it (`pnpm pack`), install the
 * tarball in a project outside the workspace, type-check a consumer of the typed client, and call
 * a running server with it. The analysis stack must not come along.
 */
const ROOT = Path.resolve(Path.dirname(fileURLToPath(import.meta.url)), "../../..")
const DOMAIN = Path.join(ROOT, "packages/domain")
const TSC = Path.join(ROOT, "node_modules/typescript/bin/tsc")

const exec = (file: string, args: ReadonlyArray<string>, cwd: string) =>
  Effect.async<string, Error>((resume) => {
    execFile(file, [...args], { cwd, env: { ...process.env, CI: "true" }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resume(error === null ? Effect.succeed(stdout) : Effect.fail(new Error(`${file} ${args.join(" ")}: ${error.message}\n${stdout}\n${stderr}`))))
  })

const scratchDir = Effect.acquireRelease(
  Effect.sync(() => Fs.mkdtempSync(Path.join(Os.tmpdir(), "sightline-consumer-"))),
  (dir) => Effect.sync(() => Fs.rmSync(dir, { recursive: true, force: true }))
)

const PackedManifest = Schema.decodeUnknownSync(Schema.Struct({
  peerDependencies: Schema.Struct({ effect: Schema.String, "@effect/platform": Schema.String })
}))

const CONSUMER = `import { Api, formatDecimal } from "@sightline/domain"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { apiKey, baseUrl } from "./config.js"

const program = Effect.gen(function*() {
  const client = yield* Api.Client.makeClient({ baseUrl, apiKey: Redacted.make(apiKey) })
  const brands = yield* client.brands.list({ urlParams: {} })
  const names: ReadonlyArray<string> = brands.data.map((brand) => brand.name)
  const total: number = brands.pagination.total_records
  console.log(JSON.stringify({ names, total, decimal: formatDecimal(12.5) }))
})

Effect.runPromise(program.pipe(Effect.provide(FetchHttpClient.layer)))
`

layer(makeHarness(), { timeout: 300_000, excludeTestServices: true })("the @sightline/domain package", (it) => {
  it.scoped("packs, installs outside the workspace without the analysis stack, type-checks a consumer and calls the server", () =>
    Effect.gen(function*() {
      const fixture = yield* Fixture
      const server = yield* HttpServer.HttpServer
      if (server.address._tag !== "TcpAddress") return expect.unreachable("expected a TCP address")
      const dir = yield* scratchDir

      yield* exec(process.execPath, [TSC, "-b", "tsconfig.build.json"], DOMAIN)
      yield* exec("pnpm", ["pack", "--pack-destination", dir], DOMAIN)
      const [tarball] = Fs.readdirSync(dir).filter((f) => f.endsWith(".tgz"))
      expect(tarball).toMatch(/^sightline-domain-\d+\.\d+\.\d+\.tgz$/)
      const packed = PackedManifest(JSON.parse(yield* exec("tar", ["-xzOf", String(tarball), "package/package.json"], dir)))
      expect(packed.peerDependencies).toEqual({ effect: expect.stringMatching(/^\d+\.\d+\.\d+$/), "@effect/platform": expect.stringMatching(/^\d/) })

      Fs.writeFileSync(Path.join(dir, "package.json"), JSON.stringify({
        name: "consumer",
        private: true,
        type: "module",
        // effect and @effect/platform are peer dependencies: the consumer's own, one copy of each.
        dependencies: {
          "@sightline/domain": `file:./${tarball}`,
          effect: packed.peerDependencies.effect,
          "@effect/platform": packed.peerDependencies["@effect/platform"]
        }
      }))
      Fs.writeFileSync(Path.join(dir, "tsconfig.json"), JSON.stringify({
        compilerOptions: {
          strict: true,
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2022",
          lib: ["ES2022", "DOM"],
          skipLibCheck: true,
          outDir: "out"
        },
        include: ["*.ts"]
      }))
      Fs.writeFileSync(Path.join(dir, "main.ts"), CONSUMER)
      Fs.writeFileSync(
        Path.join(dir, "config.ts"),
        `export const baseUrl = "http://127.0.0.1:${server.address.port}"\nexport const apiKey = ${JSON.stringify(fixture.keys.workspace1)}\n`
      )
      // Packages come from the store the workspace installed into (the registry is asked for metadata only).
      yield* exec("pnpm", ["install", "--prefer-offline", "--config.auto-install-peers=false", "--ignore-workspace"], dir)
      for (const analysis of ["@nlpjs/core", "sentiment", "tldts"]) {
        expect(Fs.existsSync(Path.join(dir, "node_modules", analysis)), analysis).toBe(false)
      }
      expect(Fs.existsSync(Path.join(dir, "node_modules/@sightline/domain/dist/index.d.ts"))).toBe(true)

      yield* exec(process.execPath, [TSC, "-p", "tsconfig.json"], dir)
      const output = yield* exec(process.execPath, ["out/main.js"], dir)
      expect(JSON.parse(output)).toEqual({ names: ["Acme", "Beta"], total: 2, decimal: "12.50" })
    }), 300_000)
})
