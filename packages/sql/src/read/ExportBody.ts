import type * as SqlClient from "@effect/sql/SqlClient"
import { csvCell, csvColumns, type ExportKind } from "@sightline/domain/api/Exports"
import type { ExportFormat } from "@sightline/domain/api/Params"
import { CSV_CONTENT_TYPE, NDJSON_CONTENT_TYPE } from "@sightline/domain/api/SightlineApi"
import { stringify } from "csv-stringify/sync"
import * as Chunk from "effect/Chunk"
import * as Stream from "effect/Stream"
import { type ExportQuery, type ExportRecord, stream } from "./Exports.js"

/**
 * The bytes of an export, for the API and the CLI alike: NDJSON (one JSON object and "\n" a row)
 * or RFC 4180 CSV (CRLF line ends, fields quoted when they hold a comma, quote or line break, the
 * header first) written by csv-stringify. One buffer per cursor batch.
 */
export const body = (
  kind: ExportKind,
  query: ExportQuery,
  format: ExportFormat
): Stream.Stream<Uint8Array, never, SqlClient.SqlClient> => {
  const rows = stream(kind, query)
  if (format === "ndjson") {
    return Stream.mapChunks(rows, (chunk) => Chunk.of(encoder.encode(ndjsonLines(chunk))))
  }
  const columns = csvColumns(kind)
  const csv = (records: Array<Array<string>>) => encoder.encode(stringify(records, CSV_OPTIONS))
  return Stream.concat(
    Stream.succeed(csv([[...columns]])),
    Stream.mapChunks(rows, (chunk) => Chunk.of(csv(Chunk.toReadonlyArray(chunk).map((row) => csvRecord(columns, row)))))
  )
}

export const contentType = (format: ExportFormat): string =>
  format === "ndjson" ? NDJSON_CONTENT_TYPE : `${CSV_CONTENT_TYPE}; charset=utf-8`

const encoder = new TextEncoder()

const CSV_OPTIONS = { record_delimiter: "windows" } as const

const ndjsonLines = (chunk: Chunk.Chunk<ExportRecord>): string => {
  let text = ""
  for (const row of chunk) text += JSON.stringify(row) + "\n"
  return text
}

const csvRecord = (columns: ReadonlyArray<string>, row: ExportRecord): Array<string> => {
  const fields: Readonly<Record<string, unknown>> = row
  return columns.map((column) => csvCell(fields[column]))
}
