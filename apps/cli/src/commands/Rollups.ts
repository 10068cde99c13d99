import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import { Brands } from "@sightline/sql/Brands"
import { Rollups } from "@sightline/sql/Rollups"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Output from "../Output.js"
import { DatabaseLive } from "../Services.js"
import { json } from "./Common.js"

const RollupsLive = Layer.mergeAll(Rollups.Default, Brands.Default).pipe(Layer.provideMerge(DatabaseLive))

const brand = Options.integer("brand").pipe(
  Options.withDescription("Only this brand's rollups (default: every brand)."),
  Options.optional
)

/** The brand option as the repositories take it, after checking the brand exists. */
const scopeOf = (brandId: Option.Option<number>) =>
  Option.match(brandId, {
    onNone: () => Effect.succeed({ brandId: undefined }),
    onSome: (id) => Brands.get(id).pipe(Effect.as({ brandId: id }))
  })

const describeScope = (scope: { readonly brandId: number | undefined }) =>
  scope.brandId === undefined ? "every brand" : `brand ${scope.brandId}`

const rebuild = Command.make("rebuild", { brand, json }, (input) =>
  Effect.gen(function*() {
    const scope = yield* scopeOf(input.brand)
    const [elapsed] = yield* Effect.timed(Rollups.rebuild(scope))
    const seconds = Duration.toMillis(elapsed) / 1000
    yield* input.json
      ? Output.json({ brandId: scope.brandId ?? null, seconds })
      : Output.line(`Rebuilt the rollups of ${describeScope(scope)} from the raw rows in ${seconds.toFixed(1)} s.`)
  }).pipe(Effect.provide(RollupsLive))).pipe(
    Command.withDescription("Recompute the rollups set-based from the stored answers (after a bulk load or a restore).")
  )

const verify = Command.make("verify", { brand, json }, (input) =>
  Effect.gen(function*() {
    const scope = yield* scopeOf(input.brand)
    const found = yield* Rollups.differences(scope)
    yield* input.json
      ? Output.json({ brandId: scope.brandId ?? null, differences: found })
      : Output.line(
        `Rollups of ${describeScope(scope)}: ${found.brand} brand, ${found.prompt} prompt, ${found.competitor} competitor and ${found.promptCompetitor} prompt × competitor row(s) differ from the raw rows.`
      )
    yield* Rollups.verify(scope)
  }).pipe(Effect.provide(RollupsLive))).pipe(
    Command.withDescription("Compare the rollups with the stored answers; exits non-zero on any difference.")
  )

export const command = Command.make("rollups").pipe(
  Command.withDescription("Maintain the rollups the dashboard and prompt figures are read from."),
  Command.withSubcommands([rebuild, verify])
)
