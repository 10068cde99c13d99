import { ApiKeys } from "@sightline/sql/ApiKeys"
import { Brands } from "@sightline/sql/Brands"
import { Competitors } from "@sightline/sql/Competitors"
import * as Database from "@sightline/sql/Database"
import { Groups } from "@sightline/sql/Groups"
import { Prompts } from "@sightline/sql/Prompts"
import { ResponseStore } from "@sightline/sql/ResponseStore"
import { Webhooks } from "@sightline/sql/Webhooks"
import { Workspaces } from "@sightline/sql/Workspaces"
import * as Layer from "effect/Layer"

/**
 * The database (DATABASE_URL, or the embedded server of DATA_DIR, reused when `pnpm start` runs
 * it) with the schema up to date. Commands provide it themselves, so `--help` never connects.
 */
export const DatabaseLive = Database.layer

/** The admin repositories over DatabaseLive. */
export const AdminLive = Layer.mergeAll(
  Workspaces.Default,
  Brands.Default,
  Competitors.Default,
  Groups.Default,
  Prompts.Default,
  ApiKeys.Default,
  ResponseStore.Default,
  Webhooks.Default
).pipe(Layer.provideMerge(DatabaseLive))
