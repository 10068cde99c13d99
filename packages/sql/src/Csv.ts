import * as Either from "effect/Either"

/** One CSV record and the (1-based) line it starts on. */
export interface CsvRecord {
  readonly line: number
  readonly fields: ReadonlyArray<string>
}

export interface CsvSyntaxError {
  readonly line: number
  readonly reason: string
}

/**
 * RFC 4180 CSV: comma-separated, fields optionally in double quotes (a quote inside a quoted field
 * is doubled; quoted fields may span lines), CRLF or LF line ends, an optional UTF-8 BOM. Lines
 * holding nothing are skipped.
 */
export const parse = (content: string): Either.Either<ReadonlyArray<CsvRecord>, CsvSyntaxError> => {
  const text = content.startsWith("\uFEFF") ? content.slice(1) : content
  const records: Array<CsvRecord> = []
  let fields: Array<string> = []
  let field = ""
  let line = 1
  let recordLine = 1
  let i = 0
  // Whether the current record has seen any character (so blank lines can be told apart).
  let started = false

  const endRecord = () => {
    fields.push(field)
    if (started) records.push({ line: recordLine, fields })
    fields = []
    field = ""
    started = false
  }

  while (i < text.length) {
    const char = text[i]
    if (char === "\"" && field === "") {
      if (!started) recordLine = line
      started = true
      let closed = false
      const openedOn = line
      i++
      while (i < text.length) {
        const inner = text[i]
        if (inner === "\"") {
          if (text[i + 1] === "\"") {
            field += "\""
            i += 2
            continue
          }
          closed = true
          i++
          break
        }
        if (inner === "\n") line++
        field += inner
        i++
      }
      if (!closed) return Either.left({ line: openedOn, reason: "a quoted field is not closed." })
      const next = text[i]
      if (next !== undefined && next !== "," && next !== "\n" && next !== "\r") {
        return Either.left({ line, reason: "unexpected character after a closing quote." })
      }
      continue
    }
    if (char === ",") {
      if (!started) recordLine = line
      started = true
      fields.push(field)
      field = ""
      i++
      continue
    }
    if (char === "\r" || char === "\n") {
      endRecord()
      i += char === "\r" && text[i + 1] === "\n" ? 2 : 1
      line++
      continue
    }
    if (char === "\"") return Either.left({ line, reason: "a quote inside an unquoted field (quote the whole field and double the quote)." })
    if (!started) recordLine = line
    started = true
    field += char
    i++
  }
  endRecord()
  return Either.right(records.filter((record) => record.fields.some((f) => f.trim() !== "")))
}
