import * as HttpServer from "@effect/platform/HttpServer"
import { SentimentLexiconLive } from "@sightline/domain"
import { Logging, Main } from "@sightline/runtime"
import { Database } from "@sightline/sql"
import { bootstrapDemo } from "@sightline/sql/DemoSeed"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Cluster from "./Cluster.js"
import * as HttpConfig from "./Config.js"
import * as RateLimit from "./RateLimit.js"
import { AppConfigured } from "./Server.js"
import * as Transport from "./Transport.js"

/** On an empty database (and unless DEMO=false): seed the demo and print its key once. */
const DemoLive = Layer.effectDiscard(
  Effect.gen(function*() {
    const settings = yield* HttpConfig.Settings
    if (!settings.demo) return
    const demo = yield* bootstrapDemo.pipe(Effect.provide(SentimentLexiconLive))
    if (Option.isNone(demo)) return
    yield* Effect.logInfo("demo data seeded").pipe(
      Effect.annotateLogs({ workspace_id: demo.value.workspaceId, brand_ids: demo.value.brandIds })
    )
    // The key is printed once, for a person, on stdout; it never goes into the logs.
    yield* Console.log([
      "",
      "  Sightline: demo data is ready.",
      `  Demo API key (shown once, keep it): ${demo.value.key}`,
      `  Try: curl -s -H 'api-key: ${demo.value.key}' http://localhost:${settings.port}/v1/brands/`,
      `  API docs: http://localhost:${settings.port}/docs`,
      ""
    ].join("\n"))
  })
)

const ServerLive = HttpServer.withLogAddress(Transport.layer())

/** One server process: the whole app on PORT. */
const ServeLive = AppConfigured.pipe(
  Layer.provide(ServerLive),
  Layer.provide(DemoLive),
  Layer.provide(Database.layer),
  Layer.provide(HttpConfig.layer)
)

/**
 * The primary of WEB_CONCURRENCY > 1: it alone finds (or starts) the database and holds the
 * embedded server's presence connection, migrates and seeds the demo, then forks the server
 * processes with that DATABASE_URL, so they start on a ready schema and never race over the
 * embedded server. It stops the server processes (each drains) before the database.
 */
const primaryLive = (processes: number) =>
  Layer.unwrapScoped(
    Effect.gen(function*() {
      yield* RateLimit.storeConfig // refuse RATE_LIMIT_STORE=memory before forking anything
      const url = yield* Database.connectionUrl
      return Cluster.layer(processes, { DATABASE_URL: Redacted.value(url), DEMO: "false" }).pipe(
        Layer.provide(DemoLive),
        Layer.provide(Database.layerAt(url, { maxConnections: 2 })),
        Layer.provide(HttpConfig.layer)
      )
    })
  )

const MainLive = Layer.unwrapEffect(
  Effect.map(RateLimit.webConcurrency, (processes) =>
    processes === 1 || Cluster.isServerProcess ? ServeLive : primaryLive(processes))
).pipe(Layer.provide(Logging.layer()))

// Sightline configures no tracer: every span would be made and dropped, on every request.
Main.runMain(Layer.launch(MainLive).pipe(Effect.withTracerEnabled(false)))
