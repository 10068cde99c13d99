/** UTC days as the tests write and read them. */
export const DAY_MS = 86_400_000

/** The ISO date (YYYY-MM-DD, UTC) of an instant in epoch milliseconds. */
export const isoDate = (millis: number) => new Date(millis).toISOString().slice(0, 10)

/** The ISO date `offset` days after `firstDay` (epoch milliseconds), as answerRecord dates its answers. */
export const dayAfter = (firstDay: number, offset: number) => isoDate(firstDay + offset * DAY_MS)
