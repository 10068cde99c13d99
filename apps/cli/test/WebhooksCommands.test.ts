import type {} from "../../../packages/sql/test-support/globalSetup.js"
import * as SqlClient from "@effect/sql/SqlClient"
import { expect, it } from "@effect/vitest"
import * as Database from "@sightline/sql/Database"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Receiver from "../../../packages/webhooks/test-support/Receiver.js"
import { freshDatabaseUrl } from "../../../packages/sql/test-support/TestDatabase.js"
import { childCli } from "./ChildCli.js"
import { inProcessCli } from "./InProcessCli.js"

const seed = (url: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`INSERT INTO workspaces (name) VALUES ('hooks one'), ('hooks two')`
    yield* sql`
      INSERT INTO brands (workspace_id, name, website, country_code, language_code, display_name)
      SELECT id, 'Acme ' || id, 'https://acme.example', 'US', 'en', 'Acme' FROM workspaces ORDER BY id`
    const rows = yield* sql<{ workspace: number; brand: number }>`SELECT workspace_id AS workspace, id AS brand FROM brands ORDER BY id`
    return rows.map((r) => ({ workspace: Number(r.workspace), brand: Number(r.brand) }))
  }).pipe(Effect.orDie, Effect.provide(Database.clientLayer(Redacted.make(url), { maxConnections: 1 })))

it.scopedLive("webhooks add/list/test/rotate-secret/deliveries/remove through the CLI; private targets refused unless allowed", () =>
  Effect.gen(function*() {
    const url = yield* freshDatabaseUrl
    const [one, two] = yield* seed(url)
    if (one === undefined || two === undefined) return expect.unreachable()
    const env = (allowPrivate: boolean) => ({ DATABASE_URL: url, WEBHOOKS_ALLOW_PRIVATE: String(allowPrivate), WEBHOOKS_TIMEOUT_MS: "3000" })
    // The real CLI process for adding and testing; the other commands run the same program in-process (faster).
    const child = (args: ReadonlyArray<string>, allowPrivate = true) => childCli(args, { env: env(allowPrivate) })
    const cli = (args: ReadonlyArray<string>) => inProcessCli(args, env(true))
    const receiver = yield* Receiver.start({ secret: "whsec_placeholder" })

    const refused = yield* child(["webhooks", "add", "--workspace", String(one.workspace), "--url", receiver.url, "--events", "run.failed"], false)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("127.0.0.1 is a loopback address; set WEBHOOKS_ALLOW_PRIVATE=true")

    const added = yield* child([
      "webhooks", "add", "--workspace", String(one.workspace), "--url", receiver.url, "--events", "response.collected, run.failed"
    ])
    expect(added.code, added.stderr).toBe(0)
    const secret = /^\s+(whsec_\S+)$/m.exec(added.stdout)?.[1]
    expect(secret).toBeDefined()
    receiver.setSecret(secret ?? "")
    const id = /Created webhook (\d+)/.exec(added.stdout)?.[1] ?? ""

    const listed = yield* cli(["webhooks", "list", "--workspace", String(one.workspace), "--json"])
    expect(listed.code, listed.stderr).toBe(0)
    expect(JSON.parse(listed.stdout)).toMatchObject([{ id: Number(id), url: receiver.url, events: ["response.collected", "run.failed"], pending: 0 }])
    expect(listed.stdout).not.toContain(secret)

    const tested = yield* child(["webhooks", "test", id])
    expect(tested.code, tested.stderr).toBe(0)
    expect(tested.stdout).toContain("HTTP 204")
    expect(receiver.requests).toHaveLength(1)
    expect(receiver.requests[0]?.verified, receiver.requests[0]?.error).toBe(true)
    expect(receiver.requests[0]?.payload).toMatchObject({ type: "webhook.test", data: { webhook_id: Number(id) } })

    const rotated = yield* cli(["webhooks", "rotate-secret", id, "--json"])
    expect(rotated.code, rotated.stderr).toBe(0)
    const fresh: { secret: string } = JSON.parse(rotated.stdout)
    expect(fresh.secret).not.toBe(secret)
    // Both secrets sign during the grace period: the receiver still on the old one verifies, and so
    // does one that switched.
    yield* cli(["webhooks", "test", id])
    const afterRotation = receiver.requests[1]
    expect(afterRotation?.verified, afterRotation?.error).toBe(true)
    expect(() => Receiver.verifyWith(fresh.secret, afterRotation)).not.toThrow()

    receiver.enqueue(500)
    const failedTest = yield* cli(["webhooks", "test", id])
    expect(failedTest.code).toBe(1)
    expect(failedTest.stderr).toContain("HTTP 500")

    const sql = Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      yield* sql`
        INSERT INTO webhook_deliveries (webhook_id, event_type, event_key, payload, status, attempts, last_error, finished_at)
        VALUES (${Number(id)}, 'run.failed', 'run.failed:1', '{}', 'failed', 15, 'HTTP 500: down', now()),
               (${Number(id)}, 'run.failed', 'run.failed:2', '{}', 'delivered', 1, NULL, now())`
    }).pipe(Effect.orDie, Effect.provide(Database.clientLayer(Redacted.make(url), { maxConnections: 1 })))
    yield* sql
    const failed = yield* cli(["webhooks", "deliveries", "--workspace", String(one.workspace), "--failed", "--json"])
    expect(failed.code, failed.stderr).toBe(0)
    expect(JSON.parse(failed.stdout)).toMatchObject([{ event_type: "run.failed", status: "failed", attempts: 15, last_error: "HTTP 500: down" }])
    const foreign = yield* cli(["webhooks", "deliveries", "--workspace", String(two.workspace), "--json"])
    expect(JSON.parse(foreign.stdout)).toEqual([])

    const removed = yield* cli(["webhooks", "remove", id])
    expect(removed.code, removed.stderr).toBe(0)
    const [left] = yield* Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      return yield* sql`SELECT (SELECT count(*) FROM webhooks)::int AS hooks, (SELECT count(*) FROM webhook_deliveries)::int AS deliveries`
    }).pipe(Effect.orDie, Effect.provide(Database.clientLayer(Redacted.make(url), { maxConnections: 1 })))
    expect(left).toEqual({ hooks: 0, deliveries: 0 })
  }), 120_000)
