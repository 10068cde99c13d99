import { positiveInteger } from "@sightline/runtime/ConfigValues"
import * as Config from "effect/Config"
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"

/** Every setting of the HTTP server; the only place apps/http reads configuration. */
export interface HttpSettings {
  /** The interface to listen on: 0.0.0.0 (all IPv4), 127.0.0.1 (this machine only), :: (all, IPv6 too). */
  readonly host: string
  readonly port: number
  /** Requests per minute of a key without its own limit, and of each client IP without a valid key. */
  readonly defaultRateLimitPerMinute: number
  /** How often last_used_at is written back to the database. */
  readonly keyUsageFlushMillis: number
  /** Seed demo data into an empty database on start (DEMO != "false"). */
  readonly demo: boolean
  /** Longest request URL (path and query) in bytes; longer ones get 414. */
  readonly maxUrlBytes: number
  /** Largest request head (request line and headers) in bytes; larger ones get 431 (or 414 for a long URL). */
  readonly maxHeaderBytes: number
  /** How long shutdown waits for in-flight requests before closing their connections. */
  readonly shutdownTimeoutMillis: number
}

export class Settings extends Context.Tag("@sightline/http/Settings")<Settings, HttpSettings>() {}

export const config: Config.Config<HttpSettings> = Config.all({
  host: Config.string("HOST").pipe(Config.withDefault("0.0.0.0")),
  port: Config.port("PORT").pipe(Config.withDefault(3000)),
  defaultRateLimitPerMinute: Config.integer("RATE_LIMIT_PER_MINUTE").pipe(
    Config.validate({ message: "RATE_LIMIT_PER_MINUTE must be positive", validation: (n) => n > 0 }),
    Config.withDefault(600)
  ),
  keyUsageFlushMillis: Config.integer("KEY_USAGE_FLUSH_MS").pipe(Config.withDefault(1000)),
  demo: Config.string("DEMO").pipe(Config.map((s) => s !== "false"), Config.withDefault(true)),
  maxUrlBytes: positiveInteger("MAX_URL_BYTES", 8192),
  maxHeaderBytes: positiveInteger("MAX_HEADER_BYTES", 16384),
  shutdownTimeoutMillis: positiveInteger("SHUTDOWN_TIMEOUT_MS", 10_000)
})

export const layer = Layer.effect(Settings, config)

export const layerFrom = (settings: HttpSettings) => Layer.succeed(Settings, settings)
