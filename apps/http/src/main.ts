import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { SentimentLexiconLive } from "@sightline/domain"
import { Database } from "@sightline/sql"
import { bootstrapDemo } from "@sightline/sql/DemoSeed"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { createServer } from "node:http"
import * as HttpConfig from "./Config.js"
import * as RequestLog from "./RequestLog.js"
import { AppLive } from "./Server.js"

/** On an empty database (and unless DEMO=false): seed the demo and print its key once. */
const DemoLive = Layer.effectDiscard(
  Effect.gen(function*() {
    const settings = yield* HttpConfig.Settings
    if (!settings.demo) return
    const demo = yield* bootstrapDemo.pipe(Effect.provide(SentimentLexiconLive))
    if (Option.isNone(demo)) return
    yield* Effect.logInfo("demo data seeded").pipe(
      Effect.annotateLogs({
        demo_api_key: demo.value.key,
        try: `curl -s -H 'api-key: ${demo.value.key}' http://localhost:${settings.port}/v1/brands/`
      })
    )
  })
)

const ServerLive = Layer.unwrapEffect(
  Effect.map(HttpConfig.Settings, (settings) => NodeHttpServer.layer(createServer, { port: settings.port }))
)

const MainLive = AppLive.pipe(
  Layer.provide(ServerLive),
  Layer.provide(DemoLive),
  Layer.provide(Database.layer),
  Layer.provide(HttpConfig.layer),
  Layer.provide(RequestLog.layer)
)

Layer.launch(MainLive).pipe(NodeRuntime.runMain({ disablePrettyLogger: true }))
