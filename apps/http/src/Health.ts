import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as SqlClient from "@effect/sql/SqlClient"
import { ServiceUnavailable } from "@sightline/domain/api/Errors"
import { SightlineApi } from "@sightline/domain/api/SightlineApi"
import { Read } from "@sightline/sql"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"

/** How long readiness waits for the database before answering 503. */
const READY_TIMEOUT = Duration.seconds(2)

/**
 * GET /healthz (liveness): the process is up and serving; never touches the database, so a
 * supervisor does not restart a healthy process during a database outage. GET /readyz (readiness):
 * the database answers `SELECT 1` within 2 s, else 503 SERVICE_UNAVAILABLE. Neither needs a key.
 */
export const layer = HttpApiBuilder.group(SightlineApi, "health", (handlers) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    return handlers
      .handle("live", () => Effect.succeed({ status: "ok" as const }))
      .handle("ready", () =>
        Read.ApiKeyAuth.ping.pipe(
          Effect.provideService(SqlClient.SqlClient, sql),
          Effect.timeoutFail({ duration: READY_TIMEOUT, onTimeout: () => new Error("database timeout") }),
          Effect.as({ status: "ok" as const, database: "ok" as const }),
          Effect.catchAllCause((cause) =>
            Effect.zipRight(
              Effect.logWarning("readiness check failed", cause),
              Effect.fail(ServiceUnavailable.create("The database is unreachable."))
            )
          )
        ))
  }))
