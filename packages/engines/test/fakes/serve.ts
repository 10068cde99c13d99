/**
 * Runs one fake provider standalone: `npx tsx packages/engines/test/fakes/serve.ts openai` prints
 * the base URL to put in OPENAI_BASE_URL (perplexity, gemini, xai, serpapi likewise) and serves
 * until interrupted. Queue failure scenarios with
 * `curl -X POST <origin>/__fake/scenarios -d '["rate_limit_retry_after"]'`.
 */
import { fakes } from "./index.js"

const name = process.argv[2] ?? ""
const start = fakes[name]
if (start === undefined) {
  console.error(`usage: serve.ts <${Object.keys(fakes).join("|")}>`)
  process.exit(2)
}
const fake = await start()
console.log(fake.baseUrl)
console.error(`fake ${name} at ${fake.baseUrl}; scenarios: ${fake.scenarioNames.join(", ")}`)
const stop = () => void fake.close().then(() => process.exit(0))
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
