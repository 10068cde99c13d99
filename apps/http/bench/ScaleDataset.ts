import * as FileSystem from "@effect/platform/FileSystem"
import * as SqlClient from "@effect/sql/SqlClient"
import { SentimentLexiconLive } from "@sightline/domain/Sentiment"
import { seed } from "@sightline/sql/DemoSeed"
import { Rollups } from "@sightline/sql/Rollups"
import { buildScaleBrand, SCALE_BRAND_NAME } from "@sightline/sql/ScaleBrand"
import * as Console from "effect/Console"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { fileURLToPath } from "node:url"

/**
 * The scale dataset shared by the scale benchmarks (`pnpm bench:scale`, `pnpm bench:export`): the
 * demo brand and the big brand of ScaleBrand.ts (1,050,000 answers) in one embedded PostgreSQL.
 */
export const DATA_DIR = fileURLToPath(new URL("../../../.data/bench-scale", import.meta.url))

/** The dataset's folder, emptied first on `--rebuild`. */
export const dataDir = Effect.gen(function*() {
  const fs = yield* FileSystem.FileSystem
  if (process.argv.includes("--rebuild")) yield* fs.remove(DATA_DIR, { recursive: true, force: true })
  yield* fs.makeDirectory(DATA_DIR, { recursive: true })
  return DATA_DIR
})

/** The demo workspace and the big brand in it: built when absent, reused when present. */
export const dataset = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const existing = yield* sql<{ id: number }>`SELECT id FROM brands WHERE name = ${SCALE_BRAND_NAME}`
  const seeded = yield* seed.pipe(Effect.provide(SentimentLexiconLive))
  const found = Option.fromNullable(existing[0])
  if (Option.isSome(found)) {
    yield* Console.log(`Reusing the built dataset in ${DATA_DIR} (--rebuild to build it again).`)
    // Statistics and visibility maps as a live database has them once autovacuum has caught up
    // with a migration (VACUUM passes over pages with no change quickly).
    yield* sql`VACUUM (ANALYZE)`
    return { workspaceId: seeded.workspaceId, bigBrandId: found.value.id }
  }
  yield* Console.log(`Building the big brand set-based in ${DATA_DIR} ...`)
  const [buildTime, bigBrandId] = yield* Effect.timed(buildScaleBrand(seeded.workspaceId))
  // Loaded beside the write path, so the rollups are rebuilt from the raw rows, as after any bulk load.
  const [rollupTime] = yield* Effect.timed(Rollups.rebuild({ brandId: bigBrandId }))
  // VACUUM after a bulk load, as PostgreSQL recommends: without it the visibility map is empty until
  // autovacuum comes by, and every index-only read (the URL ranking's count) visits the heap.
  const [analyzeTime] = yield* Effect.timed(sql`VACUUM (ANALYZE)`)
  yield* Console.log(
    `Built in ${(Duration.toMillis(buildTime) / 1000).toFixed(0)} s, rollups rebuilt in ${
      (Duration.toMillis(rollupTime) / 1000).toFixed(0)
    } s, VACUUM (ANALYZE) ${(Duration.toMillis(analyzeTime) / 1000).toFixed(0)} s.`
  )
  return { workspaceId: seeded.workspaceId, bigBrandId }
})

