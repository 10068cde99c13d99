import { tokenize } from "../src/Sentiment.js"
import { makeWordLexicons } from "../src/analysis/WordLexicons.js"
console.log(tokenize(process.argv[2] ?? "", "es"))
const es = makeWordLexicons().es
for (const w of (process.argv[2] ?? "").split(" ")) console.log(w, es.isStopword(w), es.stem(w), es.valences.get(w), [...es.negations].includes(w))
