import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as SqlClient from "@effect/sql/SqlClient"
import { Read } from "@sightline/sql"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"

/** GET /healthz (no key): 200 when the database answers within 2 s, else 503. */
export const layer = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const check = Read.ApiKeyAuth.ping.pipe(
      Effect.provideService(SqlClient.SqlClient, sql),
      Effect.timeoutFail({ duration: Duration.seconds(2), onTimeout: () => new Error("database timeout") }),
      Effect.as(HttpServerResponse.unsafeJson({ status: "ok", database: "ok" })),
      Effect.catchAllCause((cause) =>
        Effect.as(
          Effect.logWarning("health check failed", cause),
          HttpServerResponse.unsafeJson({ status: "unavailable", database: "unreachable" }, { status: 503 })
        )
      )
    )
    yield* router.get("/healthz", check)
  })
)
