import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"

/**
 * Progress of long work (demo seed, re-analysis, prompt import, migrations). The work reports
 * through `report`; whoever runs it decides how it shows: the CLI draws one line on a terminal's
 * stderr, the server prints a line per quarter on its first start, tests and pipes show nothing.
 */
export interface Reporter {
  readonly update: (task: string, done: number, total: number) => Effect.Effect<void>
}

export class Progress extends Context.Tag("@sightline/runtime/Progress")<Progress, Reporter>() {}

/** Reports `done` of `total` units of a task; nothing happens unless a reporter is provided. */
export const report = (task: string, done: number, total: number): Effect.Effect<void> =>
  Effect.serviceOption(Progress).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.void, onSome: (reporter) => reporter.update(task, done, total) }))
  )

const percent = (done: number, total: number) => total <= 0 ? 100 : Math.min(100, Math.floor((done / total) * 100))

/**
 * One line on the terminal, rewritten in place (`task  42% (38/90)`), finished with a newline when
 * the task completes. On a stream that is not a terminal it draws nothing: stderr of a pipe or a
 * log file must not fill with carriage returns.
 */
export const terminal = (
  stream: { readonly isTTY?: boolean; readonly write: (text: string) => unknown } = process.stderr
): Layer.Layer<Progress> =>
  Layer.sync(Progress, () => {
    if (stream.isTTY !== true) return { update: () => Effect.void }
    let shown = ""
    return {
      update: (task, done, total) =>
        Effect.sync(() => {
          const line = `${task}  ${percent(done, total)}% (${done}/${total})`
          if (line === shown) return
          shown = line
          stream.write(`\r\x1b[2K${line}${done >= total ? "\n" : ""}`)
        })
    }
  })

/**
 * Lines for output read later (the server's first start, which may run under a supervisor): the
 * task when it starts, then each quarter reached (`task: 25%` ... `task: done`).
 */
export const lines = (write: (line: string) => Effect.Effect<void>): Layer.Layer<Progress> =>
  Layer.sync(Progress, () => {
    const reached = new Map<string, number>()
    return {
      update: (task, done, total) =>
        Effect.suspend(() => {
          const quarter = Math.floor(percent(done, total) / 25)
          const last = reached.get(task)
          if (last !== undefined && last >= quarter) return Effect.void
          reached.set(task, quarter)
          if (quarter === 4) return write(`${task}: done`)
          return write(last === undefined && quarter === 0 ? `${task}...` : `${task}: ${quarter * 25}%`)
        })
    }
  })
