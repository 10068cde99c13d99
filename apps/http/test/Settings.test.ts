import { describe, expect, it } from "@effect/vitest"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as HttpConfig from "../src/Config.js"

const read = (env: Record<string, string>) =>
  Effect.withConfigProvider(HttpConfig.config, ConfigProvider.fromMap(new Map(Object.entries(env))))

describe("server settings", () => {
  it.effect("listen on every IPv4 interface, port 3000, unless HOST and PORT say otherwise", () =>
    Effect.gen(function*() {
      expect(yield* read({})).toMatchObject({ host: "0.0.0.0", port: 3000, demo: true })
      expect(yield* read({ HOST: "127.0.0.1", PORT: "8080", DEMO: "false" })).toMatchObject({ host: "127.0.0.1", port: 8080, demo: false })
      expect(yield* read({ HOST: "::" })).toMatchObject({ host: "::" })
    }))
})
