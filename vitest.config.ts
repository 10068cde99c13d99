import { defineConfig } from "vitest/config"

// One vitest run for the whole monorepo: the global setup starts a single embedded PostgreSQL
// (or uses DATABASE_URL) and every test file that needs a database clones its own from a
// migrated template, so files stay isolated and can run in parallel.
// Tests run the TypeScript sources of the workspace packages: the "@sightline/source" export
// condition picks `src/*.ts` over the compiled `dist/*.js` (see the packages' exports maps).
const conditions = ["@sightline/source", "module", "node", "development|production"]

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ["@sightline/source"] } },
  test: {
    reporters: ["default", "./scripts/summary-reporter.ts"],
    // Logs of passing tests are noise; a failing test's logs are printed with its failure.
    silent: "passed-only",
    include: ["packages/*/test/**/*.test.ts", "apps/*/test/**/*.test.ts"],
    globalSetup: ["./packages/sql/test-support/globalSetup.ts"],
    setupFiles: ["./vitest.setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } }
  }
})
