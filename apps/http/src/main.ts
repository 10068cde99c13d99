import * as HttpServer from "@effect/platform/HttpServer"
import { SentimentLexiconLive } from "@sightline/domain"
import { Logging, Main } from "@sightline/runtime"
import { Database } from "@sightline/sql"
import { bootstrapDemo } from "@sightline/sql/DemoSeed"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as HttpConfig from "./Config.js"
import { AppLive } from "./Server.js"
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

const MainLive = AppLive.pipe(
  Layer.provide(ServerLive),
  Layer.provide(DemoLive),
  Layer.provide(Database.layer),
  Layer.provide(HttpConfig.layer),
  Layer.provide(Logging.layer())
)

Main.runMain(Layer.launch(MainLive))
