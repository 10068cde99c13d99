import * as HttpServer from "@effect/platform/HttpServer"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import { Logging, Main, Progress } from "@sightline/runtime"
import { Database } from "@sightline/sql"
import { bootstrapDemo } from "@sightline/sql/DemoSeed"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as HttpConfig from "./Config.js"
import { AppLive } from "./Server.js"
import * as Transport from "./Transport.js"

/** What a person reads on stdout (logs are JSON on stderr): each step of a first start, then how to begin. */
const say = (line: string) => Console.log(`Sightline: ${line}`)

/** A browser on this machine reaches a server bound to every interface through localhost. */
const baseUrl = (settings: HttpConfig.HttpSettings) => {
  const host = settings.host === "0.0.0.0" || settings.host === "::" ? "localhost" : settings.host
  return `http://${host.includes(":") ? `[${host}]` : host}:${settings.port}`
}

/**
 * On an empty database (and unless DEMO=false): seed the demo and print its key once. On every
 * later start: where the docs are and how to get a key.
 */
const WelcomeLive = Layer.effectDiscard(
  Effect.gen(function*() {
    const settings = yield* HttpConfig.Settings
    const url = baseUrl(settings)
    const demo = settings.demo ? yield* bootstrapDemo.pipe(Effect.provide(SentimentLexiconLive)) : Option.none()
    if (Option.isSome(demo)) {
      yield* Effect.logInfo("demo data seeded").pipe(
        Effect.annotateLogs({ workspace_id: demo.value.workspaceId, brand_ids: demo.value.brandIds })
      )
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

const ServerLive = Layer.unwrapEffect(
  Effect.map(HttpConfig.Settings, (settings) =>
    HttpServer.withLogAddress(Transport.layer({ port: settings.port, host: settings.host })))
)

/** Logged last on Ctrl-C or SIGTERM, once requests have drained and the database is released. */
const ShutdownLine = Layer.scopedDiscard(Effect.addFinalizer(() => Effect.logInfo("Sightline stopped cleanly")))

const MainLive = AppLive.pipe(
  Layer.provide(ServerLive),
  Layer.provide(WelcomeLive),
  Layer.provide(Database.layer),
  Layer.provide(HttpConfig.layer),
  Layer.provide(Progress.lines(say)),
  Layer.provide(ShutdownLine),
  Layer.provide(Logging.layer())
)

Main.runMain(Layer.launch(MainLive))
