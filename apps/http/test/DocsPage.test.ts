import * as HttpServer from "@effect/platform/HttpServer"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fs from "node:fs"
import { chromium } from "playwright-core"
import { makeHarness } from "./support/Harness.js"

/**
 * The /docs page in a real headless Chromium (Debian's, /usr/bin/chromium; .ci/run installs it)
 * with every request outside 127.0.0.1 blocked: the page must load nothing from outside, log no
 * console error, and show none of Scalar's cloud features.
 */
const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium"
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run"
]

const browser = Effect.acquireRelease(
  Effect.suspend(() =>
    Fs.existsSync(CHROMIUM)
      ? Effect.promise(() => chromium.launch({ executablePath: CHROMIUM, args: FLAGS }))
      : Effect.dieMessage(`No Chromium at ${CHROMIUM}: install it (apt-get install -y chromium, as .ci/run does) or set CHROMIUM_PATH.`)
  ),
  (b) => Effect.promise(() => b.close())
)

layer(makeHarness(), { timeout: 120_000, excludeTestServices: true })("the /docs page", (it) => {
  it.scoped("loads only from this server, logs no console error and shows no cloud menus", () =>
    Effect.gen(function*() {
      const server = yield* HttpServer.HttpServer
      if (server.address._tag !== "TcpAddress") return expect.unreachable("expected a TCP address")
      const origin = `http://127.0.0.1:${server.address.port}`
      const chrome = yield* browser
      const page = yield* Effect.promise(async () => (await chrome.newContext()).newPage())
      const outside: Array<string> = []
      const problems: Array<string> = []
      yield* Effect.promise(() =>
        page.route("**/*", (route) => {
          const url = new URL(route.request().url())
          if (url.hostname === "127.0.0.1" || url.protocol === "data:" || url.protocol === "blob:") return route.continue()
          outside.push(url.href)
          return route.abort("blockedbyclient")
        })
      )
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(`console: ${message.text()}`)
      })
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`))

      const response = yield* Effect.promise(() => page.goto(`${origin}/docs`, { waitUntil: "networkidle" }))
      expect(response?.status()).toBe(200)
      // Scalar has rendered the document: the API's title, its description and our tags are on the page.
      yield* Effect.promise(() => page.getByText("Read-only API reporting how a brand").first().waitFor({ timeout: 30_000 }))
      expect(yield* Effect.promise(() => page.title())).toBe("Sightline API")
      const text = yield* Effect.promise(() => page.locator("body").innerText())
      expect(text).toContain("Monitored Prompts")
      expect({ outside, problems }).toEqual({ outside: [], problems: [] })
      for (const cloud of ["Generate SDKs", "Developer Tools", "Share"]) expect(text).not.toContain(cloud)
    }), 120_000)
})
