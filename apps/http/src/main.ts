import * as HttpServer from "@effect/platform/HttpServer"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import { Logging, Main, Progress } from "@sightline/runtime"
import { Database } from "@sightline/sql"
import { bootstrapDemo } from "@sightline/sql/DemoSeed"
import * as Console from "effect/Console"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as LogLevel from "effect/LogLevel"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Cluster from "./Cluster.js"
import * as HttpConfig from "./Config.js"
import * as RateLimit from "./RateLimit.js"
import * as RequestContext from "./RequestContext.js"
import { AppConfigured } from "./Server.js"
import * as Transport from "./Transport.js"

/** What a person reads on stdout (logs are JSON on stderr): each step of a first start, then how to begin. */
const say = (line: string) => Console.log(`Sightline: ${line}`)

/** A browser on this machine reaches a server bound to every interface through localhost. */
const baseUrl = (settings: HttpConfig.HttpSettings) => {
  const host = settings.host === "0.0.0.0" || settings.host === "::" ? "localhost" : settings.host
  return `http://${host.includes(":") ? `[${host}]` : host}:${settings.port}`
}

/** The demo seeded on an empty database (unless DEMO=false), or none: what the greeting reports. */
class SeededDemo extends Context.Tag("@sightline/http/main/SeededDemo")<
  SeededDemo,
  Effect.Effect.Success<typeof bootstrapDemo>
>() {}

const SeedLive = Layer.effect(
  SeededDemo,
  Effect.gen(function*() {
    const settings = yield* HttpConfig.Settings
    const demo = settings.demo ? yield* bootstrapDemo.pipe(Effect.provide(SentimentLexiconLive)) : Option.none()
    if (Option.isSome(demo)) {
      yield* Effect.logInfo("demo data seeded").pipe(
        Effect.annotateLogs({ workspace_id: demo.value.workspaceId, brand_ids: demo.value.brandIds })
      )
    }
    return demo
  })
)

/**
 * After a first start that seeded the demo: its key, once. On every later start: where the docs
 * are and how to get a key.
 */
const GreetLive = Layer.effectDiscard(
  Effect.gen(function*() {
    const settings = yield* HttpConfig.Settings
    const url = baseUrl(settings)
    const demo = yield* SeededDemo
    if (Option.isSome(demo)) {
      // The key is printed once, for a person, on stdout; it never goes into the logs.
      yield* Console.log([
        "",
        "  Sightline: demo data is ready.",
        `  Demo API key (shown once, keep it): ${demo.value.key}`,
        `  Try: curl -s -H 'api-key: ${demo.value.key}' ${url}/v1/brands/`,
        `  API docs: ${url}/docs`,
        ""
      ].join("\n"))
      return
    }
    yield* say(`API docs at ${url}/docs`)
    yield* say("an API key: pnpm cli keys create --workspace <id> --name <name> (pnpm cli workspaces list shows the ids)")
  })
)

/** Seeds (on a first start), then greets. */
const WelcomeLive = GreetLive.pipe(Layer.provide(SeedLive))

const ServerLive = Layer.unwrapEffect(
  Effect.map(HttpConfig.Settings, (settings) =>
    HttpServer.withLogAddress(Transport.layer({ port: settings.port, host: settings.host })))
)

/** Logged last on Ctrl-C or SIGTERM, once requests have drained and the database is released. */
const ShutdownLine = Layer.scopedDiscard(Effect.addFinalizer(() => Effect.logInfo("Sightline stopped cleanly")))

/**
 * One server process: the whole app on PORT. A single process greets (first-start steps, demo key
 * or docs URL); the server processes of WEB_CONCURRENCY > 1 leave that to their primary.
 */
const serveLive = (options: { readonly greet: boolean }) =>
  AppConfigured.pipe(
    Layer.provide(ServerLive),
    Layer.provide(options.greet ? Layer.merge(WelcomeLive, ShutdownLine) : Layer.empty),
    Layer.provide(Database.requestLayer),
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
      // Seeded before the server processes fork; greeted once they all listen, so the printed
      // curl works at once.
      const serving = Cluster.layer(processes, { DATABASE_URL: Redacted.value(url), DEMO: "false" }).pipe(
        Layer.provideMerge(SeedLive)
      )
      return GreetLive.pipe(
        Layer.provide(serving),
        Layer.provide(Database.layerAt(url, { maxConnections: 2 })),
        Layer.provide(HttpConfig.layer),
        Layer.provide(ShutdownLine)
      )
    })
  )

const MainLive = Layer.unwrapEffect(
  Effect.map(RateLimit.webConcurrency, (processes) =>
    processes === 1 || Cluster.isServerProcess ? serveLive({ greet: !Cluster.isServerProcess }) : primaryLive(processes))
).pipe(Layer.provide(Progress.lines(say)), Layer.provide(Logging.layer(LogLevel.Info, RequestContext.logger)))

// Sightline configures no tracer: every span would be made and dropped, on every request.
Main.runMain(Layer.launch(MainLive).pipe(Effect.withTracerEnabled(false)))
