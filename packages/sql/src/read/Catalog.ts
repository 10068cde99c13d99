import * as SqlClient from "@effect/sql/SqlClient"
import { Brand, Competitor, Group } from "@sightline/domain/api/Resources"
import type { Principal } from "@sightline/domain/api/Security"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { decodeRows, iso, type PageRequest, paged } from "./Query.js"

/**
 * Brands, monitored competitors and groups: the configuration a key can read. Their lists are
 * keyed reads of small tables, so they run prepared (ReadPool.run): a generic plan serves any key.
 */
const PREPARED = { prepared: true } as const

export const listBrands = Effect.fnUntraced(function*(principal: Principal, page: PageRequest) {
  const sql = yield* SqlClient.SqlClient
  const scope = sql`b.workspace_id = ${principal.workspaceId}
    AND (${principal.brandId}::bigint IS NULL OR b.id = ${principal.brandId})`
  return yield* paged(
    Brand,
    page,
    sql<{ total: number }>`SELECT count(*)::int AS total FROM brands b WHERE ${scope}`,
    (limit, offset) =>
      sql`
        SELECT b.id, b.workspace_id, w.name AS workspace_name, b.name, b.website,
          json_build_object('name', c.name, 'code', c.code, 'alt_code', c.alt_code, 'flag', c.flag,
            'native_name', c.native_name) AS country,
          json_build_object('name', l.name, 'code', l.code, 'flag', l.flag, 'native_name', l.native_name) AS language,
          ${iso(sql, "b.created_at")} AS created_at, b.display_name, b.description, b.key_features
        FROM brands b
        JOIN workspaces w ON w.id = b.workspace_id
        JOIN countries c ON c.code = b.country_code
        JOIN languages l ON l.code = b.language_code
        WHERE ${scope}
        ORDER BY b.id
        LIMIT ${limit} OFFSET ${offset}`,
    PREPARED
  )
})

const competitorColumns = (sql: SqlClient.SqlClient) =>
  sql`c.id, c.name, ${iso(sql, "c.created_at")} AS created_at, c.website`

export const listCompetitors = Effect.fnUntraced(function*(brandId: number, page: PageRequest) {
  const sql = yield* SqlClient.SqlClient
  return yield* paged(
    Competitor,
    page,
    sql<{ total: number }>`SELECT count(*)::int AS total FROM competitors WHERE brand_id = ${brandId}`,
    (limit, offset) =>
      sql`SELECT ${competitorColumns(sql)} FROM competitors c WHERE c.brand_id = ${brandId}
          ORDER BY c.id LIMIT ${limit} OFFSET ${offset}`,
    PREPARED
  )
})

export const getCompetitor = Effect.fnUntraced(function*(competitorId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* Effect.flatMap(
    sql`SELECT ${competitorColumns(sql)} FROM competitors c WHERE c.id = ${competitorId}`,
    decodeRows(Competitor)
  ).pipe(Effect.orDie)
  return Option.fromNullable(rows[0])
})

const groupColumns = (sql: SqlClient.SqlClient) =>
  sql`g.id, g.name, (SELECT count(*)::int FROM prompts p WHERE p.group_id = g.id) AS prompts_count,
      ${iso(sql, "g.created_at")} AS created_at`

export const listGroups = Effect.fnUntraced(function*(brandId: number, page: PageRequest) {
  const sql = yield* SqlClient.SqlClient
  return yield* paged(
    Group,
    page,
    sql<{ total: number }>`SELECT count(*)::int AS total FROM prompt_groups WHERE brand_id = ${brandId}`,
    (limit, offset) =>
      sql`SELECT ${groupColumns(sql)} FROM prompt_groups g WHERE g.brand_id = ${brandId}
          ORDER BY g.id LIMIT ${limit} OFFSET ${offset}`,
    PREPARED
  )
})

export const getGroup = Effect.fnUntraced(function*(groupId: number) {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* Effect.flatMap(
    sql`SELECT ${groupColumns(sql)} FROM prompt_groups g WHERE g.id = ${groupId}`,
    decodeRows(Group)
  ).pipe(Effect.orDie)
  return Option.fromNullable(rows[0])
})
