import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as NodeSink from "@effect/platform-node/NodeSink"
import { AI_MODELS } from "@sightline/domain/AiModel"
import type { ExportKind } from "@sightline/domain/api/Exports"
import { DateParam, EXPORT_FORMATS } from "@sightline/domain/api/Params"
import { Brands } from "@sightline/sql/Brands"
import { ExportBody } from "@sightline/sql/read/index"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import { DatabaseLive } from "../Services.js"
import { brandId } from "./Common.js"

/** The range is empty (`--from` after `--to`). */
export class InvalidRange extends Data.TaggedError("InvalidRange")<{ readonly message: string }> {}

/** stdout failed under us. */
export class StdoutClosed extends Data.TaggedError("StdoutClosed")<{ readonly message: string; readonly reader: "gone" | "error" }> {}

/** The range is inclusive UTC days, written as the API takes them. */
const day = (name: string, description: string) =>
  Options.text(name).pipe(Options.withSchema(DateParam), Options.withDescription(description))

const from = day("from", "First day, YYYY-MM-DD (UTC, inclusive).")
const to = day("to", "Last day, YYYY-MM-DD (UTC, inclusive).")
const format = Options.choice("format", EXPORT_FORMATS).pipe(
  Options.withDescription("NDJSON (one JSON object a line) or RFC 4180 CSV with a header line."),
  Options.withDefault("ndjson")
)
const aiModel = Options.choice("ai-model", AI_MODELS).pipe(
  Options.withDescription("Only answers of this AI model."),
  Options.optional
)

const isBrokenPipe = (cause: unknown) => typeof cause === "object" && cause !== null && "code" in cause && cause.code === "EPIPE"

/**
 * Writes the bytes to stdout as the consumer takes them (stdout stays open: the CLI prints nothing
 * more). A reader that stops early (`| head`) ends the export quietly, as for any Unix filter.
 */
const writeToStdout = <R>(body: Stream.Stream<Uint8Array, never, R>): Effect.Effect<void, StdoutClosed, R> =>
  Stream.run(
    body,
    NodeSink.fromWritable(() => process.stdout, (cause) =>
      new StdoutClosed({
        message: `could not write to stdout: ${String(cause)}`,
        reader: isBrokenPipe(cause) ? "gone" : "error"
      }), { endOnDone: false })
  ).pipe(Effect.catchIf((error) => error.reader === "gone", () => Effect.void))

const ExportLive = Brands.Default.pipe(Layer.provideMerge(DatabaseLive))

const DESCRIPTIONS: Record<ExportKind, string> = {
  responses: "Every answer of a brand in the range, with its mentions, positions, sentiment, citations and search queries.",
  citations: "Every URL cited by a brand's answers in the range, with its domain.",
  prompts: "Every monitored prompt of a brand with its metrics over the range."
}

/**
 * `export <kind>`: the same rows and bytes as GET /v1/exports/<kind>/ (read/ExportBody.ts), streamed
 * from a database cursor to stdout with backpressure. An admin command: no API key, any brand.
 */
const exportCommand = (kind: ExportKind) =>
  Command.make(kind, { brand: brandId, from, to, format, aiModel }, (input) =>
    Effect.gen(function*() {
      if (input.from > input.to) return yield* new InvalidRange({ message: `--from ${input.from} is after --to ${input.to}.` })
      yield* Brands.get(input.brand)
      const filters = { startDate: input.from, endDate: input.to, aiModel: Option.getOrUndefined(input.aiModel) }
      yield* writeToStdout(ExportBody.body(kind, { brandId: input.brand, filters }, input.format))
    }).pipe(Effect.provide(ExportLive))).pipe(Command.withDescription(DESCRIPTIONS[kind]))

export const command = Command.make("export").pipe(
  Command.withDescription("Stream a brand's answers, citations or prompts as NDJSON or CSV to stdout (the API's exports)."),
  Command.withSubcommands([exportCommand("responses"), exportCommand("citations"), exportCommand("prompts")])
)
