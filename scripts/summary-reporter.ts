import type { Reporter, TestModule } from "vitest/node"

/** Ends the run with one plain line, `Tests: N passed, N failed`, that any CI log reader understands. */
export default class SummaryReporter implements Reporter {
  private line = ""

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === "passed") passed++
        else if (state === "failed") failed++
        else skipped++
      }
      if (module.state() === "failed" && module.children.size === 0) failed++
    }
    this.line = `Tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`
  }

  // The default reporter prints its summary in onFinished; ours must come after it, as the last line.
  onFinished() {
    process.stdout.write(`\n${this.line}\n`)
  }
}
