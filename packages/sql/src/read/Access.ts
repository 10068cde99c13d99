import * as SqlClient from "@effect/sql/SqlClient"
import { NotFound, PermissionDenied, ValidationError } from "@sightline/domain/api/Errors"
import type { Principal } from "@sightline/domain/api/Security"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { upToDate } from "./Query.js"

/**
 * Tenancy (docs/api-decisions.md): a key sees its workspace's brands, or only its own brand when restricted.
 * A resource that exists outside that scope is a 403; one that does not exist is a 404.
 */
export const canSeeBrand = (principal: Principal, brand: { readonly id: number; readonly workspace_id: number }) =>
  brand.workspace_id === principal.workspaceId && (principal.brandId === null || principal.brandId === brand.id)

export const checkBrandAccess = (
  principal: Principal,
  brand: { readonly id: number; readonly workspace_id: number }
): Effect.Effect<number, PermissionDenied> =>
  canSeeBrand(principal, brand) ? Effect.succeed(brand.id) : Effect.fail(PermissionDenied.create())

const brandRow = (brandId: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ id: number; workspace_id: number }>`
      SELECT id, workspace_id FROM brands WHERE id = ${brandId}`
    return Option.fromNullable(rows[0])
  }).pipe(Effect.orDie)

/**
 * The brand a brand-scoped request is about: `brand_id` when given (404 if unknown, 403 if not
 * visible), else the key's brand, else the workspace's only brand, else a 400.
 */
export const resolveBrand = Effect.fnUntraced(function*(
  principal: Principal,
  requested: number | undefined
) {
  if (requested !== undefined) {
    const row = yield* brandRow(requested)
    if (Option.isNone(row)) return yield* Effect.fail(NotFound.create("Brand not found."))
    return yield* checkBrandAccess(principal, row.value)
  }
  if (principal.brandId !== null) return principal.brandId
  const sql = yield* SqlClient.SqlClient
  const rows = yield* Effect.orDie(sql<{ id: number }>`
    SELECT id FROM brands WHERE workspace_id = ${principal.workspaceId} ORDER BY id LIMIT 2`)
  const [only, second] = rows
  if (only !== undefined && second === undefined) return only.id
  return yield* Effect.fail(
    ValidationError.create({
      brand_id: only === undefined
        ? "is required: the API key's workspace has no brand"
        : "is required: the API key can see several brands"
    })
  )
})

/**
 * A `brand_id` given to an item endpoint: the item's own brand governs access, but the parameter
 * is checked like everywhere else (unknown brand 404, brand the key cannot see 403).
 */
export const checkRequestedBrand = Effect.fnUntraced(function*(
  principal: Principal,
  requested: number | undefined
) {
  if (requested === undefined) return
  yield* resolveBrand(principal, requested)
})

/** Looks up an item's owning brand and checks the key may see it. */
export const itemBrand = Effect.fnUntraced(function*(
  principal: Principal,
  owner: Option.Option<{ readonly brand_id: number; readonly workspace_id: number }>,
  what: string
) {
  if (Option.isNone(owner)) return yield* Effect.fail(NotFound.create(`${what} not found.`))
  return yield* checkBrandAccess(principal, { id: owner.value.brand_id, workspace_id: owner.value.workspace_id })
})

const ownerOf = (table: "prompts" | "competitors" | "prompt_groups" | "action_plans" | "responses", id: number) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{ brand_id: number; workspace_id: number }>`
      SELECT t.brand_id, b.workspace_id FROM ${sql(table)} t JOIN brands b ON b.id = t.brand_id WHERE t.id = ${id}`
    return Option.fromNullable(rows[0])
  }).pipe(Effect.orDie)

export const promptBrand = (principal: Principal, promptId: number) =>
  Effect.flatMap(ownerOf("prompts", promptId), (owner) => itemBrand(principal, owner, "Monitored prompt"))

export const competitorBrand = (principal: Principal, competitorId: number) =>
  Effect.flatMap(ownerOf("competitors", competitorId), (owner) => itemBrand(principal, owner, "Monitored competitor"))

export const groupBrand = (principal: Principal, groupId: number) =>
  Effect.flatMap(ownerOf("prompt_groups", groupId), (owner) => itemBrand(principal, owner, "Group"))

export const responseBrand = (principal: Principal, responseId: number) =>
  Effect.flatMap(ownerOf("responses", responseId), (owner) => itemBrand(principal, owner, "Response"))

export const actionPlanBrand = (principal: Principal, planId: number) =>
  Effect.flatMap(ownerOf("action_plans", planId), (owner) => itemBrand(principal, owner, "Action plan"))

/**
 * The brand of a request filtered by `group_id`: the group must exist (404) and be visible (403);
 * without `brand_id` the group's brand is used, with one the group must belong to it (400).
 */
export const resolveBrandWithGroup = Effect.fnUntraced(function*(
  principal: Principal,
  requestedBrand: number | undefined,
  groupId: number | undefined
) {
  if (groupId === undefined) return yield* resolveBrand(principal, requestedBrand)
  const groupOwner = yield* groupBrand(principal, groupId)
  if (requestedBrand === undefined) return groupOwner
  const brandId = yield* resolveBrand(principal, requestedBrand)
  if (brandId !== groupOwner) {
    return yield* Effect.fail(ValidationError.create({ group_id: `does not belong to brand ${brandId}` }))
  }
  return brandId
})

/**
 * Domains are global rows shared by all brands: never cited -> 404; cited only by brands the key
 * cannot see -> 403; otherwise visible (the page may still be empty for the requested brand).
 */
export const checkDomainAccess = Effect.fnUntraced(function*(
  principal: Principal,
  domainId: number
) {
  const sql = yield* SqlClient.SqlClient
  // Whether any brand cites the domain is read from the key sets: every brand's journal folded first.
  yield* upToDate("all")
  const rows = yield* Effect.orDie(sql<{ cited: boolean; visible: boolean }>`
    SELECT
      EXISTS (
        SELECT 1 FROM brands b
        WHERE EXISTS (SELECT 1 FROM cited_domain_days k WHERE k.brand_id = b.id AND k.domain_id = ${domainId})
      ) AS cited,
      EXISTS (
        SELECT 1 FROM brands b
        WHERE b.workspace_id = ${principal.workspaceId}
          AND (${principal.brandId}::bigint IS NULL OR b.id = ${principal.brandId})
          AND EXISTS (SELECT 1 FROM cited_domain_days k WHERE k.brand_id = b.id AND k.domain_id = ${domainId})
      ) AS visible`)
  const row = rows[0]
  if (row === undefined || !row.cited) return yield* Effect.fail(NotFound.create("Cited source not found."))
  if (!row.visible) return yield* Effect.fail(PermissionDenied.create())
})
