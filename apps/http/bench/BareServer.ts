/**
 * The bare baseline of `pnpm bench`: node:http and a pg Pool of 10 serving `GET /v1/brands/` with
 * the same three queries as Sightline (key by SHA-256 hash, count, page) and byte-identical JSON.
 * No validation, no rate limits, no logs: the floor a server on this stack can reach.
 *
 *   DATABASE_URL=... PORT=... tsx bench/BareServer.ts
 */
import { createHash } from "node:crypto"
import * as Http from "node:http"
import pg from "pg"

pg.types.setTypeParser(20, Number)
const pool = new pg.Pool({ connectionString: process.env["DATABASE_URL"], max: 10 })
const PER_PAGE = 100

const BRANDS = `
  SELECT b.id, b.workspace_id, w.name AS workspace_name, b.name, b.website,
    json_build_object('name', c.name, 'code', c.code, 'alt_code', c.alt_code, 'flag', c.flag,
      'native_name', c.native_name) AS country,
    json_build_object('name', l.name, 'code', l.code, 'flag', l.flag, 'native_name', l.native_name) AS language,
    to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
    b.display_name, b.description, b.key_features
  FROM brands b
  JOIN workspaces w ON w.id = b.workspace_id
  JOIN countries c ON c.code = b.country_code
  JOIN languages l ON l.code = b.language_code
  WHERE b.workspace_id = $1 AND ($2::bigint IS NULL OR b.id = $2)
  ORDER BY b.id LIMIT $3 OFFSET 0`

const send = (response: Http.ServerResponse, status: number, body: unknown) => {
  const json = JSON.stringify(body)
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) })
  response.end(json)
}

const brands = async (key: string | undefined, response: Http.ServerResponse) => {
  const keyHash = createHash("sha256").update(key ?? "").digest("hex")
  const found = await pool.query(
    "SELECT workspace_id, brand_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL AND now() < expires_at",
    [keyHash]
  )
  const principal = found.rows[0]
  if (principal === undefined) return send(response, 401, { code: "AUTHENTICATION_FAILED" })
  const count = await pool.query(
    "SELECT count(*)::int AS total FROM brands b WHERE b.workspace_id = $1 AND ($2::bigint IS NULL OR b.id = $2)",
    [principal.workspace_id, principal.brand_id]
  )
  const total: number = count.rows[0].total
  const page = await pool.query(BRANDS, [principal.workspace_id, principal.brand_id, PER_PAGE])
  send(response, 200, {
    pagination: { current_page: 1, per_page: PER_PAGE, total_pages: Math.ceil(total / PER_PAGE), total_records: total },
    data: page.rows
  })
}

Http.createServer((request, response) => {
  if (request.url !== "/v1/brands/") return send(response, 404, { code: "NOT_FOUND" })
  const key = request.headers["api-key"]
  brands(typeof key === "string" ? key.trim() : undefined, response).catch(() => send(response, 500, { code: "INTERNAL_SERVER_ERROR" }))
}).listen(Number(process.env["PORT"]), "127.0.0.1")
