import * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import { stripVTControlCharacters } from "node:util"

/**
 * Whether each output stream gets ANSI styling: only a terminal does, and never when NO_COLOR is
 * set to anything but the empty string (https://no-color.org) or TERM is `dumb`. Help piped to a
 * file or a pager stays plain text.
 */
export class Style extends Effect.Service<Style>()("@sightline/cli/Style", {
  effect: Effect.gen(function*() {
    const noColor = yield* Config.string("NO_COLOR").pipe(Config.withDefault(""))
    const term = yield* Config.string("TERM").pipe(Config.withDefault(""))
    const allowed = noColor === "" && term !== "dumb"
    const stdout = allowed && process.stdout.isTTY === true
    const stderr = allowed && process.stderr.isTTY === true
    return {
      /** Text for stdout: styled on a colour terminal, plain otherwise. */
      forStdout: (text: string) => stdout ? text : stripVTControlCharacters(text),
      /** Text for stderr: styled on a colour terminal, plain otherwise. */
      forStderr: (text: string) => stderr ? text : stripVTControlCharacters(text)
    } as const
  }).pipe(Effect.orDie)
}) {}
