import * as FileSystem from "@effect/platform/FileSystem"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import type * as SqlClient from "@effect/sql/SqlClient"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"
import * as Os from "node:os"
import * as Database from "../src/Database.js"

/**
 * Runs a write-path benchmark on a fresh embedded PostgreSQL in a temporary folder: prints the
 * machine line (cores, Node, load average) and `intro`, then `benchmark`. Database.layer starts
 * (and later stops) the embedded server of DATA_DIR; DATABASE_URL is never read.
 */
export const runOnTempDatabase = <E>(
  title: string,
  intro: string,
  prefix: string,
  benchmark: Effect.Effect<void, E, SqlClient.SqlClient | FileSystem.FileSystem>
) => {
  const main = Effect.gen(function*() {
    yield* Console.log(
      `${title}: ${Os.cpus().length} cores, Node ${process.version}, load average ${
        Os.loadavg().map((l) => l.toFixed(2)).join(" ")
      }\n${intro}`
    )
    const fs = yield* FileSystem.FileSystem
    const dataDir = yield* fs.makeTempDirectoryScoped({ prefix })
    const DatabaseLive = Database.layer.pipe(
      Layer.provide(Layer.setConfigProvider(ConfigProvider.fromMap(new Map([["DATA_DIR", dataDir]]))))
    )
    yield* benchmark.pipe(Effect.provide(DatabaseLive))
  }).pipe(
    Effect.scoped,
    Effect.provide(NodeContext.layer),
    Effect.provide(Logger.minimumLogLevel(LogLevel.Warning))
  )
  NodeRuntime.runMain(main, { disablePrettyLogger: true })
}
