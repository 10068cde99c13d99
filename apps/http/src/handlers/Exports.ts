import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as SqlClient from "@effect/sql/SqlClient"
import type { ExportKind } from "@sightline/domain/api/Exports"
import { CurrentPrincipal } from "@sightline/domain/api/Security"
import { SightlineApi } from "@sightline/domain/api/SightlineApi"
import type { ExportParams } from "@sightline/domain/api/Params"
import { Access, ExportBody } from "@sightline/sql/read/index"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import { filtersOf } from "./Common.js"

/**
 * An export: the key, brand and range are checked (the documented JSON errors) before the first
 * byte; then the body streams from a database cursor with backpressure from the client. A failure
 * after the status went out can only cut the body short (the client sees a truncated stream).
 */
const exportOf = (kind: ExportKind) => ({ urlParams }: { readonly urlParams: typeof ExportParams.Type }) =>
  Effect.gen(function*() {
    const filters = yield* filtersOf(urlParams)
    const brandId = yield* Access.resolveBrand(yield* CurrentPrincipal, urlParams.brand_id)
    const format = urlParams.format ?? "ndjson"
    const sql = yield* SqlClient.SqlClient
    const body = ExportBody.body(kind, { brandId, filters }, format).pipe(
      Stream.provideService(SqlClient.SqlClient, sql)
    )
    const file = `${kind}-${brandId}-${urlParams.start_date}-${urlParams.end_date}.${format}`
    return HttpServerResponse.stream(body, {
      contentType: ExportBody.contentType(format),
      headers: { "content-disposition": `attachment; filename="${file}"`, "cache-control": "no-store" }
    })
  })

export const ExportsLive = HttpApiBuilder.group(SightlineApi, "exports", (handlers) =>
  handlers
    .handleRaw("responses", exportOf("responses"))
    .handleRaw("citations", exportOf("citations"))
    .handleRaw("prompts", exportOf("prompts")))
