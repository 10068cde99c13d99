import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import { Logging, Main } from "@sightline/runtime"
import { Engines } from "@sightline/engines"
import { withConfiguredJudge } from "@sightline/engines/Judges"
import { ActionPlans } from "@sightline/sql/ActionPlans"
import * as Database from "@sightline/sql/Database"
import { ResponseStore } from "@sightline/sql/ResponseStore"
import { Runs } from "@sightline/sql/Runs"
import { VisibilityChanges } from "@sightline/sql/VisibilityChanges"
import { WebhookDeliveries } from "@sightline/sql/WebhookDeliveries"
import * as Sender from "@sightline/webhooks/Sender"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Delivery from "./Delivery.js"
import * as Worker from "./Worker.js"
import { fromEnvironment } from "./WorkerSettings.js"

/**
 * `pnpm worker` runs continuously; `pnpm worker --once` processes everything due now and exits 0.
 * SIGTERM/SIGINT interrupt the worker: in-flight runs and webhook deliveries are released for
 * another worker. Beside the engine lanes run the webhook delivery lanes (Delivery); with --once
 * they deliver what is due after the runs are done.
 */
const once = process.argv.slice(2).includes("--once")

const program = Effect.gen(function*() {
  const settings = yield* fromEnvironment
  const services = Layer.mergeAll(
    Engines.layer(settings.engines).pipe(Layer.provide(FetchHttpClient.layer)),
    Layer.mergeAll(Runs.Default, ResponseStore.Default, ActionPlans.Default, WebhookDeliveries.Default, VisibilityChanges.Default).pipe(
      Layer.provideMerge(Database.layer)
    ),
    Sender.layer(settings.webhooks),
    SentimentLexiconLive
  )
  const deliveries = Delivery.run(settings.webhooks, { pollIntervalMs: settings.worker.pollIntervalMs, once })
  // ANALYSIS_JUDGE: a model judge first, the local analyser as fallback (docs/metrics.md).
  const collection = withConfiguredJudge(Worker.run(settings.worker, { once }))
  yield* (once ? Effect.zipRight(collection, deliveries) : Effect.all([collection, deliveries], { concurrency: "unbounded", discard: true }))
    .pipe(Effect.provide(services))
})

Main.runMain(program.pipe(Effect.provide(Logging.layer())))
