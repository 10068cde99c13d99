import * as Config from "effect/Config"

/** An integer setting that must be > 0, `fallback` when unset; the message names the variable. */
export const positiveInteger = (name: string, fallback: number): Config.Config<number> =>
  Config.integer(name).pipe(
    Config.withDefault(fallback),
    Config.validate({ message: `${name} must be a positive integer`, validation: (n) => n > 0 })
  )

/** An integer setting that must be >= 0, `fallback` when unset. */
export const nonNegativeInteger = (name: string, fallback: number): Config.Config<number> =>
  Config.integer(name).pipe(
    Config.withDefault(fallback),
    Config.validate({ message: `${name} must be zero or more`, validation: (n) => n >= 0 })
  )
