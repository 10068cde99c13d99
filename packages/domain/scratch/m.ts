import { findMentions } from "../src/analysis/Mentions.js"
const text = process.argv[2] ?? ""
const names = (process.argv[3] ?? "").split(",")
const lang = process.argv[4] ?? "en"
const ms = findMentions(text, names.map((name, i) => ({ kind: i === 0 ? "brand" : "competitor", id: i + 1, name, aliases: [] })), { language: lang })
for (const m of ms) console.log(m.brand.name, m.position, m.spans.map((s) => text.slice(s.start, s.end) + "@" + s.start).join(" "))
