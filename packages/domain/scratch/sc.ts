import * as Effect from "effect/Effect"
import { Sentiment, SentimentLexiconLive } from "../src/Sentiment.js"
const [lang = "en", ...texts] = process.argv.slice(2)
Effect.runPromise(Effect.gen(function*() {
  const s = yield* Sentiment
  for (const t of texts) {
    const r = yield* s.score([{ text: t, weight: 1 }], lang, new Set())
    console.log(r.score, JSON.stringify(r.evidence.map((e) => e.words)))
  }
}).pipe(Effect.provide(SentimentLexiconLive)))
