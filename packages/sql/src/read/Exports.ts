import * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"
import { exportRow, type ExportKind } from "@sightline/domain/api/Exports"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import { promptRows } from "./Prompts.js"
import { iso, inScope, type ResponseFilters, upToDate } from "./Query.js"
import { citationUrls, searchQueries, sentimentLabel } from "./ResponseColumns.js"

/** What an export covers: one brand, a date range and optionally one engine. */
export interface ExportQuery {
  readonly brandId: number
  readonly filters: ResponseFilters
}

/** Every answer of the brand in scope, oldest first, with its mentions, citations and searches. */
const responses = (sql: SqlClient.SqlClient, query: ExportQuery) =>
  sql`
    SELECT r.id, r.prompt_id, p.text AS prompt, r.engine AS ai_model, ${iso(sql, "r.collected_at")} AS collected_at,
      r.brand_mentioned, r.brand_position,
      ${sentimentLabel(sql, "r")} AS brand_sentiment,
      CASE WHEN r.brand_mentioned THEN round(r.brand_sentiment, 2)::text END AS brand_sentiment_score,
      coalesce((
        SELECT json_agg(json_build_object('competitor_id', m.competitor_id, 'name', c.name,
          'position', m.position, 'sentiment', round(m.sentiment, 2)::text) ORDER BY m.position, c.id)
        FROM response_mentions m JOIN competitors c ON c.id = m.competitor_id
        WHERE m.response_id = r.id
      ), '[]'::json) AS competitor_mentions,
      ${citationUrls(sql, "r")} AS citations,
      ${searchQueries(sql, "r")} AS search_queries,
      r.response_text, r.analyser_version
    FROM responses r JOIN prompts p ON p.id = r.prompt_id
    WHERE r.brand_id = ${query.brandId} AND ${inScope(sql, "r", query.filters)}
    ORDER BY r.collected_at, r.id`

/** Every citation of the brand's answers in scope, in answer then citation order. */
const citations = (sql: SqlClient.SqlClient, query: ExportQuery) =>
  sql`
    SELECT rc.response_id, rc.prompt_id, rc.engine AS ai_model, ${iso(sql, "rc.collected_at")} AS collected_at,
      rc.ordinal, d.domain, u.url
    FROM response_citations rc JOIN urls u ON u.id = rc.url_id JOIN domains d ON d.id = rc.domain_id
    WHERE rc.brand_id = ${query.brandId} AND ${inScope(sql, "rc", query.filters)}
    ORDER BY rc.collected_at, rc.response_id, rc.ordinal`

/** Every monitored prompt of the brand with its metrics over the range (the list endpoint's rows). */
const prompts = (sql: SqlClient.SqlClient, query: ExportQuery) =>
  promptRows(sql, sql`p.brand_id = ${query.brandId}`, query.filters, sql``)

const statements: Record<ExportKind, (sql: SqlClient.SqlClient, query: ExportQuery) => Statement.Fragment> = {
  responses,
  citations,
  prompts
}

/** A decoded row of any export. */
export type ExportRecord = Schema.Schema.Type<typeof exportRow[ExportKind]>

/**
 * The rows of an export, read through a server-side cursor (@effect/sql-pg's `.stream` fetches 128
 * rows at a time on a reserved connection, released when the stream ends or is interrupted), so
 * memory holds a batch, never the result. Each row is built as JSON by PostgreSQL (bigint ids
 * arrive as JSON numbers: the cursor does not use the pool's int8 parser) and checked against the
 * export's documented schema; a row that does not match is a bug (a defect).
 */
export const stream = (kind: ExportKind, query: ExportQuery): Stream.Stream<ExportRecord, never, SqlClient.SqlClient> =>
  Stream.unwrap(Effect.map(Effect.zipRight(upToDate({ brandId: query.brandId }), SqlClient.SqlClient), (sql) => {
    const decode = Schema.decodeUnknown(Schema.Array(exportRow[kind]))
    return sql<{ readonly row: unknown }>`SELECT to_json(x) AS row FROM (${statements[kind](sql, query)}) x`.stream.pipe(
      Stream.mapChunksEffect((chunk) =>
        Effect.map(decode(Chunk.toReadonlyArray(chunk).map((r) => r.row)), Chunk.unsafeFromArray)
      ),
      Stream.orDie
    )
  }))
