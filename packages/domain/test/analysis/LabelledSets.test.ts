import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { SentimentLexiconLive } from "../../src/Sentiment.js"
import { analyseLabelled, normaliseOne } from "./labelled/Adapter.js"
import { cohensKappa, evaluate, type Figures } from "./labelled/Evaluation.js"
import { readLabelledSet } from "./labelled/LabelledSet.js"

/** The targets: mentions, positions and citations always; sentiment where tuned. */
const expectTargets = (
  figures: Figures,
  sentiment: { readonly agreement: number; readonly kappa: number; readonly negatives: number },
  mentions: { readonly recall: number; readonly positions: number } = { recall: 0.99, positions: 0.97 }
) => {
  expect(figures.precision).toBeGreaterThanOrEqual(0.99)
  expect(figures.recall).toBeGreaterThanOrEqual(mentions.recall)
  expect(figures.positionExact).toBeGreaterThanOrEqual(mentions.positions)
  expect(figures.sentimentAgreement).toBeGreaterThanOrEqual(sentiment.agreement)
  expect(figures.kappa).toBeGreaterThanOrEqual(sentiment.kappa)
  expect(figures.negativesCaught / figures.negatives).toBeGreaterThanOrEqual(sentiment.negatives)
  expect(figures.citationsCorrect).toBe(figures.citations)
}

const TARGETS = { agreement: 0.8, kappa: 0.6, negatives: 0.75 }

/** One labelled set: what its test checks, and why the figures are what they are (docs/metrics.md). */
interface LabelledSetCase {
  readonly title: string
  readonly file: string
  readonly minPairs: number
  readonly sentiment: { readonly agreement: number; readonly kappa: number; readonly negatives: number }
  readonly mentions?: { readonly recall: number; readonly positions: number }
}

// The thresholds are version 18's figures (rounded down), the rules alone; the comments keep each set's history.
// Version 19's learned weights are trained on these sets, so its figures here are training figures (higher);
// docs/metrics.md gives the held-out ones. A change that makes the shipped analyser worse than the rules fails.
const SETS: ReadonlyArray<LabelledSetCase> = [
  { title: "set 1 (tuning set) reaches the issue's targets", file: "set-1.json", minPairs: 150, sentiment: TARGETS },
  { title: "set 2 (tuned on in round 2) reaches the issue's targets", file: "set-2.json", minPairs: 30, sentiment: TARGETS },
  { title: "set 3 (tuned on in round 3) reaches the issue's targets", file: "set-3.json", minPairs: 60, sentiment: TARGETS },
  // v10 81.1%, kappa 0.692, 5 of 7 negatives (v7–v9: 6 of 7; CyberGhost's "…, though …" caveat now weighs like its
  // main clause and lands at 45.68)
  // version 21 trained on sets 1-48: 81.1%, kappa 0.692 (30 of 37; Movistar Plus+ 38.37, reader neutral, one pair below 40)
  { title: "set 4 (tuned on from round 4) reaches the issue's agreement targets", file: "set-4.json", minPairs: 30, sentiment: { agreement: 0.81, kappa: 0.69, negatives: 0.71 } },
  // v7–v9 82.3%, kappa 0.696, 9 of 12 negatives (v6: 8 of 12; v5: 9 of 12; the hedge rule reads "les portions
  // sont parfois petites" as milder, and HelloFresh lands at 40.55, just neutral)
  { title: "set 5 (held out until round 6) reaches the issue's agreement targets", file: "set-5.json", minPairs: 60, sentiment: { ...TARGETS, negatives: 0.66 } },
  // Below the agreement target: v7–v9 77.1%, kappa 0.622 (v6 77.1%, 0.618; v5 75.0%, 0.584); 5 of 5 negatives.
  { title: "set 6 (held out until round 7) keeps the mention targets and the sentiment figures docs/metrics.md reports", file: "set-6.json", minPairs: 30, sentiment: { agreement: 0.74, kappa: 0.58, negatives: 1 } },
  // v7–v9 77.1%, kappa 0.592; 3 of 3 negatives (v6 82.9%, 0.696; version 3, held out: 71.4%, kappa 0.511).
  { title: "set 7 (held out until round 8) keeps the figures docs/metrics.md reports, just below the targets", file: "set-7.json", minPairs: 30, sentiment: { agreement: 0.77, kappa: 0.58, negatives: 1 } },
  // v7–v9 80.2%, kappa 0.676, 22 of 25 negatives (v6 80.2%, 0.681, 21 of 25; v5 81.0%, 0.695; version 3, held out: 70.3%, kappa
  // 0.516, 14 of 25).
  { title: "set 8 (held out until round 8, then tuned on) keeps the figures docs/metrics.md reports", file: "set-8.json", minPairs: 100, sentiment: { agreement: 0.8, kappa: 0.69, negatives: 0.92 } },
  // v7–v9 78.6%, kappa 0.655, 11 of 11 negatives, recall 1 (v6 84.3%, 0.748; version 4, held out:
  // 77.9%, kappa 0.648, recall 0.971).
  { title: "set 9 (held out on version 4, tuned on in round 9) keeps the figures docs/metrics.md reports, below the agreement target", file: "set-9.json", minPairs: 60, sentiment: { agreement: 0.77, kappa: 0.63, negatives: 1 } },
  // v7–v9 87.9%, kappa 0.805, 18 of 22 negatives (v6 86.8%, 0.790, 20 of 22; v5 85.7%, 0.773, 19 of 22; version 4, held out:
  // 67.4%, kappa 0.478, 10 of 22, recall 0.978, positions 95.5%).
  { title: "set 10 (held out on version 4, tuned on in round 9) reaches the issue's targets", file: "set-10.json", minPairs: 80, sentiment: TARGETS },
  // v7–v9 81.0%, kappa 0.707, 11 of 12 negatives (v6 76.2%, 0.635, 10 of 12); recall 0.977 ("Orange, devant Bouygues Telecom."
  // missed), positions 97.6% (version 5, held out: 71.4%, kappa 0.563, 8 of 12).
  { title: "set 11 (held out on version 5, tuned on in round 10) keeps the figures docs/metrics.md reports, below the targets", file: "set-11.json", minPairs: 40, sentiment: { agreement: 0.85, kappa: 0.77, negatives: 0.83 }, mentions: { recall: 0.97, positions: 0.97 } },
  // v7–v9 80.3%, kappa 0.695, 17 of 18 negatives (v6 76.1%, 0.633, 16 of 18), recall 1, positions 100% (version 5, held out:
  // 65.7%, kappa 0.481, 12 of 18, recall 0.986, positions 98.6%).
  { title: "set 12 (held out on version 5, tuned on in round 10) keeps the figures docs/metrics.md reports, below the agreement target", file: "set-12.json", minPairs: 60, sentiment: { agreement: 0.8, kappa: 0.69, negatives: 0.94 } },
  // v10 74.5%, kappa 0.583; v8 70.2%, kappa 0.518, 4 of 9 negatives, recall 1 ("Apple n'a rien à proposer" found since
  // version 8), positions 100% (version 6, held out: 60.9%, kappa 0.373, 3 of 9, recall 0.979).
  { title: "set 13 (held out on version 6, tuned on in round 11) keeps the figures docs/metrics.md reports, below the targets", file: "set-13.json", minPairs: 40, sentiment: { agreement: 0.78, kappa: 0.65, negatives: 0.55 }, mentions: { recall: 1, positions: 1 } },
  // v8 72.3%, kappa 0.473, 8 of 10 negatives, recall 1 (Siemens found since version 8), positions
  // 100% (held out: version 6 63.4%, kappa 0.305; the first version 7 rules 63.4%, kappa 0.278).
  { title: "set 14 (a second reader's, held out on versions 6 and 7, then tuned on) keeps the figures docs/metrics.md reports, below the targets", file: "set-14.json", minPairs: 80, sentiment: { agreement: 0.77, kappa: 0.57, negatives: 0.8 }, mentions: { recall: 1, positions: 1 } },
  // v8 78.0%, kappa 0.583, 12 of 13 negatives, recall 1, positions 100% (held out: version 7
  // 67.8%, kappa 0.402, 10 of 13, recall 0.989; version 6 67.8%, kappa 0.429).
  { title: "set 15 (a second reader's, held out on versions 6 and 7, tuned on for version 8) keeps the figures docs/metrics.md reports", file: "set-15.json", minPairs: 90, sentiment: { agreement: 0.82, kappa: 0.67, negatives: 0.92 }, mentions: { recall: 1, positions: 1 } },
  // v11 69.5%, kappa 0.522, 19 of 34 negatives (TotalEnergies' "prix fixes inférieurs" now praises its price);
  // v10 69.5%, kappa 0.518, 20 of 34 negatives; v9 64.2%, kappa 0.435, 16 of 34 negatives (4 scored positive), recall 1, positions 100% (held
  // out: the first version 8 rules 60.0%, kappa 0.358, 12 of 34; version 7 58.9%, 0.360; version
  // 6 50.5%, 0.254, 10 of 34).
  { title: "set 16 (a second reader's, held out on versions 6, 7 and the first version 8 rules, then tuned on) keeps the figures docs/metrics.md reports, far below the targets", file: "set-16.json", minPairs: 90, sentiment: { agreement: 0.77, kappa: 0.65, negatives: 0.61 }, mentions: { recall: 1, positions: 1 } },
  // v12 77.7%, kappa 0.631, 16 of 28 negatives (the closing "Bottom line: Brave for …, Firefox if …, Edge only if …"
  // is now one item per brand, and Edge's share alone leaves it at 40.72, just neutral); v10 and v11 78.7%, kappa 0.648, 17 of 28 negatives; v9 72.3%, kappa 0.545, 15 of 28 negatives, recall 1, positions 100% (held out: version 8
  // 60.9%, kappa 0.367, 9 of 28, recall 0.979; version 7 56.5%; version 6 54.3%).
  // v13 76.6%, kappa 0.614, 15 of 28 negatives.
  { title: "set 17 (a second reader's, held out on versions 6, 7 and 8, tuned on for version 9) keeps the figures docs/metrics.md reports", file: "set-17.json", minPairs: 90, sentiment: { agreement: 0.79, kappa: 0.66, negatives: 0.6 }, mentions: { recall: 1, positions: 1 } },
  // v11 76.1%, kappa 0.617 (Free's "pour un prix supérieur à la moyenne" now reads as a price); v10 77.2%, kappa 0.633, 12 of 23 negatives (held out, as measured once on version 9: 63.0%,
  // kappa 0.406, 10 of 23, 7 scored positive; version 6 63.0%, kappa 0.411, 8 of 23), recall 1, positions 100%.
  // v13 76.1%, kappa 0.619, 11 of 23 negatives (the lowest fares now praise a price).
  { title: "set 18 (a second reader's, held out on versions 6 and 9, tuned on for version 10) keeps the figures docs/metrics.md reports", file: "set-18.json", minPairs: 90, sentiment: { agreement: 0.77, kappa: 0.63, negatives: 0.6 }, mentions: { recall: 1, positions: 1 } },
  // v11 69.9%, kappa 0.380; v10 69.0%, kappa 0.359, 6 of 9 negatives (held out, as measured once on the first version 10
  // rules: 62.8%, kappa 0.264, 6 of 9; version 9 the same; version 6 60.2%, kappa 0.218, 4 of 9), recall 1, positions 100%.
  // Mostly positive (73 of 113), like the answers engines give: "always positive" would score 64.6%.
  { title: "set 19 (a second reader's, mostly positive, held out on versions 6, 9 and the first version 10 rules) keeps the figures docs/metrics.md reports, far below the targets", file: "set-19.json", minPairs: 110, sentiment: { agreement: 0.72, kappa: 0.45, negatives: 0.66 }, mentions: { recall: 1, positions: 1 } },
  // v12 83.8%, kappa 0.702; v11 82.9%, kappa 0.691, 10 of 11 negatives, recall 1, positions 100% (held out, measured once on
  // version 10: 73.9%, kappa 0.532, 8 of 11; versions 8 and 9 72.1%; 7 69.4%; 6 68.5%).
  { title: "set 20 (a second reader's, mostly positive, held out on versions 6 to 10, tuned on for version 11) reaches the issue's targets", file: "set-20.json", minPairs: 110, sentiment: { agreement: 0.85, kappa: 0.73, negatives: 1 }, mentions: { recall: 1, positions: 1 } },
  // v11 84.8%, kappa 0.717, 7 of 9 negatives, recall 1, positions 100% ("found out later" no longer
  // mentions Later; held out, measured once on version 10: 75.0%, kappa 0.527, 5 of 9, positions
  // 98.2%; versions 8 and 9 72.3%; 7 69.6%; 6 67.9%).
  // v13 83.9%, kappa 0.702.
  { title: "set 21 (a second reader's, B2B software and fintech, held out on versions 6 to 10, tuned on for version 11) reaches the issue's targets", file: "set-21.json", minPairs: 110, sentiment: { agreement: 0.86, kappa: 0.75, negatives: 0.77 }, mentions: { recall: 1, positions: 1 } },
  // v12 77.9%, kappa 0.571; v11 74.3%, kappa 0.507, 6 of 9 negatives, recall 1, positions 100% (held out, measured once on
  // the first version 11 rules: 69.9%, kappa 0.425, 4 of 9, positions 96.5%; version 10 66.4%;
  // version 9 68.1%; version 6 61.9%).
  // v13 77.0%, kappa 0.552; v14 76.1%, kappa 0.537 ("as well as private-hire cars" no longer praises FREENOW).
  { title: "set 22 (a second reader's, mostly positive, held out on versions 6, 9, 10 and the first version 11 rules) keeps the figures docs/metrics.md reports, below the targets", file: "set-22.json", minPairs: 110, sentiment: { agreement: 0.78, kappa: 0.59, negatives: 0.66 }, mentions: { recall: 1, positions: 1 } },
  // v12 81.5%, kappa 0.641, 7 of 9 negatives, recall 1, positions 100% (held out, measured once on
  // version 11: 70.4%, kappa 0.433, 3 of 9 negatives, 2 scored positive; version 10 67.6%, positions 97.2%; version 9
  // 70.4%; version 6 67.6%).
  // v13 80.6%, kappa 0.628; v15 79.6%, kappa 0.612 ("supports multiple regions" no longer praises Status.io, which
  // other words then score negative where the reader says neutral).
  // v15 80.6%, kappa 0.632; v16 79.6%, kappa 0.612 (the clause after "but" weighing four times the one before turns
  // one mixed verdict the reader calls positive to neutral).
  { title: "set 23 (a second reader's, mostly B2B tools, held out on version 11, tuned on for version 12) keeps the figures docs/metrics.md reports, just below the agreement target", file: "set-23.json", minPairs: 110, sentiment: { agreement: 0.82, kappa: 0.65, negatives: 0.77 }, mentions: { recall: 1, positions: 1 } },
  // v12 64.3%, kappa 0.331, 5 of 13 negatives (none scored positive), recall 1, positions 100% (held out, measured
  // once on version 11 and on the first version 12 rules, from set 23: 58.0%, kappa 0.213 and 0.215, 4 of 13, 3 scored
  // positive; version 10 and 9 57.1%; version 6 53.6%). "Always positive" scores 58.9% on it.
  // v13 62.5%, kappa 0.313, 5 of 13 negatives.
  { title: "set 24 (a second reader's, developer tools and home products, held out on version 11 and the first version 12 rules) keeps the figures docs/metrics.md reports, far below the targets", file: "set-24.json", minPairs: 110, sentiment: { agreement: 0.65, kappa: 0.37, negatives: 0.38 }, mentions: { recall: 1, positions: 1 } },
  // v12 75.7%, kappa 0.563, 9 of 12 negatives, recall 1, positions 100% (held out, measured once on the version 12
  // rules made from sets 23 and 24: 64.5%, kappa 0.351, 8 of 12, recall 0.991 ("Census did the same job…"), positions
  // 99.1%; version 11 63.6%; version 6 50.9%).
  // v13 75.7%, kappa 0.567, 8 of 12 negatives; v15 74.8%, kappa 0.553 ("costs twice as much" now counts against the
  // Apple iPad, which the reader calls positive).
  { title: "set 25 (a second reader's, held out on version 11 and the version 12 rules before it, then tuned on) keeps the figures docs/metrics.md reports, below the targets", file: "set-25.json", minPairs: 110, sentiment: { agreement: 0.75, kappa: 0.56, negatives: 0.66 }, mentions: { recall: 1, positions: 1 } },
  // v12 59.8%, kappa 0.290, 6 of 14 negatives (2 scored positive), recall 1, positions 100% (held out, measured once on
  // version 12 as finished: 56.8%, kappa 0.229, 6 of 14, recall 0.991 ("Seek, made by the iNaturalist team, works…"),
  // positions 98.2%; version 11 58.6%; version 6 53.2%). "Always positive" scores 57.1% on it.
  // v13 67.9%, kappa 0.442, 7 of 14 negatives (none scored positive); v14 67.0%, kappa 0.428 (Fanatec's "long
  // delivery times" now count against it; the reader calls the brand neutral).
  { title: "set 26 (a second reader's, held out on version 12 as finished) keeps the figures docs/metrics.md reports, far below the targets", file: "set-26.json", minPairs: 110, sentiment: { agreement: 0.72, kappa: 0.52, negatives: 0.64 }, mentions: { recall: 1, positions: 1 } },
  // v13 73.4%, kappa 0.543, 7 of 12 negatives, recall 1, positions 100% (held out, measured once on version 12 and on
  // the first version 13 rules: 68.8%, kappa 0.474, 7 of 12, 1 scored positive; version 11 65.1%; version 6 59.6%).
  // "Always positive" scores 57.8% on it.
  { title: "set 27 (a second reader's, held out on version 12 and the first version 13 rules, then tuned on) keeps the figures docs/metrics.md reports, below the targets", file: "set-27.json", minPairs: 110, sentiment: { agreement: 0.74, kappa: 0.55, negatives: 0.66 }, mentions: { recall: 1, positions: 1 } },
  // v14 81.1%, kappa 0.678, 11 of 17 negatives (2 scored positive), precision 1, positions 100% (held out, measured
  // once on version 13: 72.6%, kappa 0.519, 7 of 17, 4 scored positive, precision 0.991 ("the right headspace"),
  // positions 95.3% ("ein kleines Kraftwerk"); version 12 71.7%; version 11 67.0%; version 6 65.1%). "Always
  // positive" scores 54.7% on it. v15 82.1%, kappa 0.695.
  { title: "set 28 (a second reader's, held out on version 13, then tuned on) keeps the figures docs/metrics.md reports", file: "set-28.json", minPairs: 110, sentiment: { agreement: 0.86, kappa: 0.77, negatives: 0.7 }, mentions: { recall: 1, positions: 1 } },
  // v15 84.6%, kappa 0.717, 9 of 15 negatives (2 scored positive), recall 1, positions 100% (held out, measured once
  // on version 14: 79.4%, kappa 0.621, 8 of 15, 3 scored positive, recall 0.981 ("Indeed, si vous cherchez…", "ein
  // Panasonic-Rasierer"), positions 94.1%; version 13 77.5%, kappa 0.585; version 12 76.5%; version 11 72.5%; version
  // 6 68.3%). "Always positive" scores 57.7% on it.
  { title: "set 29 (a second reader's, held out on version 14, then tuned on) keeps the figures docs/metrics.md reports", file: "set-29.json", minPairs: 105, sentiment: { agreement: 0.9, kappa: 0.82, negatives: 0.8 }, mentions: { recall: 1, positions: 1 } },
  // v15 81.7%, kappa 0.687, 10 of 16 negatives (3 scored positive), recall 1, positions 100% (held out, measured once
  // on version 15 before the rest of round 19: 74.1%, kappa 0.534, 9 of 16, recall 0.991 ("Prince, which popularised
  // the oversized racket…"); versions 13 and 14 75.0%; version 12 74.1%; version 11 71.3%; version 6 62.0%). "Always
  // positive" scores 57.8% on it.
  { title: "set 30 (a second reader's, held out on version 15's first rules, then tuned on) keeps the figures docs/metrics.md reports", file: "set-30.json", minPairs: 110, sentiment: { agreement: 0.87, kappa: 0.77, negatives: 0.68 }, mentions: { recall: 1, positions: 1 } },
  // Held out, measured once on version 15 as finished and not tuned on: 84.2%, kappa 0.717, 10 of 16 negatives (4
  // scored positive), precision, recall and positions 1. Version 15 before the layout lean at 0.7, and versions 12 to
  // 14: 78.9%, kappa 0.612, 10 of 16; version 11 77.2%; version 6 72.8%. "Always positive" scores 57.0% on it.
  { title: "set 31 (a second reader's, held out on version 15 as finished, tuned on since) reaches the issue's targets", file: "set-31.json", minPairs: 110, sentiment: { agreement: 0.87, kappa: 0.78, negatives: 0.75 }, mentions: { recall: 1, positions: 1 } },
  // Held out, measured once on version 16 before its rules from sets 32 and 33: 77.2%, kappa 0.583, 6 of 16 negatives
  // (4 scored positive), recall 0.991 (Riese & Müller written "Riese und Müller", found since then), positions 98.2%; version 15 77.2%,
  // kappa 0.581; version 11 72.8%; version 6 67.5%. "Always positive" scores 60.0% on it.
  { title: "set 32 (a second reader's, held out on version 16's first rules, then tuned on) keeps the figures docs/metrics.md reports, below the targets", file: "set-32.json", minPairs: 110, sentiment: { agreement: 0.79, kappa: 0.62, negatives: 0.5 }, mentions: { recall: 1, positions: 1 } },
  // Held out, measured once on version 16 before its rules from sets 32 and 33: 69.3%, kappa 0.464, 9 of 16 negatives
  // (2 scored positive), mentions exact; version 15 the same; version 11 62.8%; version 6 54.9%. "Always positive"
  // scores 57.9% on it.
  { title: "set 33 (a second reader's, held out on version 16's first rules, then tuned on) keeps the figures docs/metrics.md reports, far below the targets", file: "set-33.json", minPairs: 110, sentiment: { agreement: 0.71, kappa: 0.5, negatives: 0.68 }, mentions: { recall: 1, positions: 1 } },
  // Held out, measured once on version 17's first rule (the answer's lead), decided on sets 1-33: 71.2%, kappa 0.430,
  // 5 of 16 negatives (7 scored positive), recall 0.991 ("Hydroflask"), positions 93.7% ("Klar ist, dass …" taken
  // for the brand Klar); version 16 69.4%, kappa 0.405; version 11 69.4%; version 6 63.1%. "Always positive" scores 59.8%.
  { title: "set 34 (a second reader's, held out on version 17's first rule, then tuned on) keeps the figures docs/metrics.md reports, below the targets", file: "set-34.json", minPairs: 110, sentiment: { agreement: 0.77, kappa: 0.57, negatives: 0.56 }, mentions: { recall: 1, positions: 1 } },
  // Held out, measured once on version 17's first rule: 76.1%, kappa 0.567, 7 of 16 negatives (6 scored positive),
  // precision 0.991 ("Socratic-style questions", still taken for the app Socratic), recall 0.991 ("Sound Stripe"),
  // positions 94.7%; version 16 74.3%, kappa 0.546; version 11 71.7%; version 6 56.3%. "Always positive" scores 58.8%.
  { title: "set 35 (a second reader's, held out on version 17's first rule, then tuned on) keeps the figures docs/metrics.md reports, below the targets", file: "set-35.json", minPairs: 110, sentiment: { agreement: 0.79, kappa: 0.63, negatives: 0.5 }, mentions: { recall: 1, positions: 0.98 } },
  // Held out, measured once on version 18's first rules (decided on sets 1-35): 78.3%, kappa 0.589, 7 of 15 negatives
  // (5 scored positive), recall 0.991 ("Best value: Vice Pro" missed), positions 97.2%; version 17 77.4%, kappa 0.573;
  // version 16 77.1%; version 11 75.0%; version 6 65.7%. "Always positive" scores 58.9%.
  { title: "set 36 (a second reader's, held out on version 18's first rules, then tuned on) keeps the figures docs/metrics.md reports, above the agreement targets and below the negatives target", file: "set-36.json", minPairs: 110, sentiment: { agreement: 0.82, kappa: 0.68, negatives: 0.53 }, mentions: { recall: 0.99, positions: 0.97 } },
  // Held out, measured once on version 18's first rules: 73.2%, kappa 0.502, 6 of 15 negatives (4 scored positive),
  // recall 0.991 ("My Protein" missed), positions 96.4%; version 17 72.3%, kappa 0.488; version 16 70.9%; version 11
  // 62.0%; version 6 51.9%. "Always positive" scores 58.4%.
  { title: "set 37 (a second reader's, held out on version 18's first rules, then tuned on) keeps the figures docs/metrics.md reports, above the agreement targets and below the negatives target", file: "set-37.json", minPairs: 110, sentiment: { agreement: 0.8, kappa: 0.65, negatives: 0.6 }, mentions: { recall: 1, positions: 1 } },
  // Held out, measured once on version 18 as first finished (commit 73149ea, before sets 38 and 39 were read): 76.1%,
  // kappa 0.545, 5 of 15 negatives (4 scored positive), mentions exact; version 17 the same; version 16 76.8%,
  // kappa 0.553; version 11 75.0%; version 6 63.4%. "Always positive" scores 60.2%.
  { title: "set 38 (a second reader's, held out on version 18 as first finished, then tuned on) keeps the figures docs/metrics.md reports, below the targets", file: "set-38.json", minPairs: 110, sentiment: { agreement: 0.79, kappa: 0.61, negatives: 0.46 }, mentions: { recall: 1, positions: 1 } },
  // Held out, measured once on version 18 as first finished: 83.2%, kappa 0.676, 8 of 16 negatives (3 scored
  // positive), recall 0.983 (Philips and Panasonic, named only in German FAQ headings, missed), positions 99.1%;
  // version 17 the same; version 16 82.1%, kappa 0.657; version 11 78.6%; version 6 71.4%. "Always positive" scores 59.1%.
  { title: "set 39 (a second reader's, held out on version 18 as first finished, then tuned on) reaches the agreement targets, below the negatives target", file: "set-39.json", minPairs: 110, sentiment: { agreement: 0.85, kappa: 0.72, negatives: 0.62 }, mentions: { recall: 1, positions: 1 } },
  // Held out, measured once on version 18 as finished (commit a78371d, before sets 40 and 41 were read): 73.9%, kappa
  // 0.525, 3 of 16 negatives (5 scored positive), recall 0.991 ("Beer 52" is set 41's; here "Verti, la aseguradora …,
  // vende" missed), positions 94.8% ("im Bauhaus-Stil" taken for Bauhaus); version 17 72.2%; version 16 72.2%;
  // version 11 71.3%; version 6 64.7%. "Always positive" scores 58.6%.
  { title: "set 40 (a second reader's, held out on version 18 as finished, then tuned on) keeps the figures docs/metrics.md reports, below the targets", file: "set-40.json", minPairs: 110, sentiment: { agreement: 0.77, kappa: 0.58, negatives: 0.18 }, mentions: { recall: 1, positions: 1 } },
  // Held out, measured once on version 18 as finished: 71.8%, kappa 0.472, 4 of 16 negatives (8 scored positive),
  // recall 0.991 ("Beer 52" for Beer52), positions 94.5% (also "Ein erfahrener Grillmeister erkennt" taken for the
  // brand); version 17 70.9%; version 16 68.8%; version 11 64.2%; version 6 61.5%. "Always positive" scores 60.4%.
  { title: "set 41 (a second reader's, held out on version 18 as finished, then tuned on) keeps the figures docs/metrics.md reports, far below the targets", file: "set-41.json", minPairs: 110, sentiment: { agreement: 0.72, kappa: 0.49, negatives: 0.25 }, mentions: { recall: 1, positions: 0.98 } },
  // Held out on version 19 with weights trained on sets 1-41: 85.0%, kappa 0.725, 8 of 16 negatives (4 scored positive);
  // recall 0.991, positions 100% (the rules alone: 82.3%, 7 of 16). Then in the weights' training data.
  { title: "set 42 (a second reader's, held out on version 19's weights from sets 1-41) keeps its held-out figures", file: "set-42.json", minPairs: 110, sentiment: { agreement: 0.84, kappa: 0.72, negatives: 0.5 }, mentions: { recall: 0.99, positions: 1 } },
  // Held out on version 19 with weights trained on sets 1-41: 70.4%, kappa 0.445, 3 of 16 negatives (8 scored positive);
  // recall 0.991, positions 95.7% (the rules alone: 67.8%, 3 of 16). Then in the weights' training data.
  { title: "set 43 (a second reader's, held out on version 19's weights from sets 1-41) keeps its held-out figures, far below the targets", file: "set-43.json", minPairs: 110, sentiment: { agreement: 0.7, kappa: 0.44, negatives: 0.18 }, mentions: { recall: 0.99, positions: 0.95 } },
  // Held out on version 20 (ddc7f71, weights from sets 1-43): 76.1%, kappa 0.551, 7 of 15 negatives (5 scored positive);
  // recall 0.991 (Vodafone), positions 98.2%; versions 19 and 18 the same figures. Then tuned on and in the training data.
  { title: "set 44 (a second reader's, held out on version 20) keeps its held-out figures, below the targets", file: "set-44.json", minPairs: 110, sentiment: { agreement: 0.76, kappa: 0.55, negatives: 0.46 }, mentions: { recall: 0.99, positions: 0.98 } },
  // Held out on version 20 as first committed (5e3ca7f, weights from sets 1-43): 91.5%, kappa 0.827, 6 of 10 negatives
  // (2 scored positive); recall 0.991, positions 98.1% (version 19 the same; the rules alone 85.8%, 4 of 10). A month of
  // typical answers: 65% positive, 10 negatives. Then tuned on and in the training data.
  { title: "set 45 (a second reader's, held out on version 20 as first committed) keeps its held-out figures: agreement targets met, negatives below", file: "set-45.json", minPairs: 110, sentiment: { agreement: 0.91, kappa: 0.82, negatives: 0.6 }, mentions: { recall: 0.99, positions: 0.98 } },
  // Held out on version 21 as first committed (b3fe603, weights from sets 1-45): 86.7%, kappa 0.738, 10 of 11 negatives
  // (1 scored positive); recall 0.981 (Health Ade, Renault 5 missed), positions 91.4%; version 20 the same figures. A month
  // of typical answers: 62% positive, 11 negatives. Then tuned on (split spellings, model numbers) and in the training data.
  { title: "set 46 (a second reader's, held out on version 21) keeps its held-out figures: sentiment targets met", file: "set-46.json", minPairs: 110, sentiment: { agreement: 0.86, kappa: 0.72, negatives: 0.9 }, mentions: { recall: 0.99, positions: 0.99 } },
  // Held out on version 21 as first committed (b3fe603): 78.1%, kappa 0.612, 7 of 16 negatives (2 scored positive);
  // recall 0.991 (Kuehne + Nagel), positions 100%; version 20 78.1%, kappa 0.614, 7 of 16. Then tuned on and trained on.
  { title: "set 47 (a second reader's, held out on version 21) keeps its held-out figures, below the targets", file: "set-47.json", minPairs: 110, sentiment: { agreement: 0.78, kappa: 0.61, negatives: 0.43 }, mentions: { recall: 0.99, positions: 0.99 } },
  // Held out on version 21 (7284f7a, weights from sets 1-47): 85.3%, kappa 0.711, 7 of 10 negatives (2 scored positive);
  // mentions exact (recall 1, positions 100%); version 20 84.5%, kappa 0.691, 6 of 10. A month of typical answers: 63%
  // positive, 10 negatives. Then in the training data.
  { title: "set 48 (a second reader's, held out on version 21 as finished) keeps its held-out figures: agreement targets met, negatives just below", file: "set-48.json", minPairs: 110, sentiment: { agreement: 0.85, kappa: 0.71, negatives: 0.7 }, mentions: { recall: 0.99, positions: 0.99 } },
  // Held out on version 21 (310af73, weights from sets 1-48): 79.2%, kappa 0.627, 7 of 15 negatives (2 scored positive);
  // recall 0.981 (Porch after an aside, "Immobilien Scout 24"), positions 94.3%. Then tuned on (mentions) and trained on;
  // "die Kleinanzeigen in der Lokalzeitung" still takes Kleinanzeigen's first place (not in the German word list).
  { title: "set 49 (a second reader's, held out on version 21 as finished) keeps its held-out figures, below the targets", file: "set-49.json", minPairs: 110, sentiment: { agreement: 0.76, kappa: 0.58, negatives: 0.46 }, mentions: { recall: 0.99, positions: 0.96 } },
  // Held out on version 22 as first committed (5193852, weights from sets 1-49): 85.8%, kappa 0.721, 7 of 10 negatives
  // (2 scored positive); mentions exact (recall 1, positions 100%); the label chosen at version 21's cost 84.9%, kappa
  // 0.698, 6 of 10. A month of typical answers: 62% positive, 10 negatives. Then tuned on and trained on.
  { title: "set 50 (a second reader's, held out on version 22) keeps its held-out figures: agreement targets met, negatives just below", file: "set-50.json", minPairs: 110, sentiment: { agreement: 0.85, kappa: 0.71, negatives: 0.7 }, mentions: { recall: 1, positions: 1 } },
  // Held out on version 22 as first committed (5193852): 84.0%, kappa 0.710, 10 of 16 negatives (4 scored positive);
  // recall 0.991 (Otto), positions 100%; at version 21's cost 82.1%, kappa 0.666, 7 of 16. Then tuned on and trained on.
  { title: "set 51 (a second reader's, held out on version 22) keeps its held-out figures: agreement targets met, negatives below", file: "set-51.json", minPairs: 110, sentiment: { agreement: 0.83, kappa: 0.7, negatives: 0.62 }, mentions: { recall: 0.99, positions: 1 } },
  // Held out on version 22 as finished (ca3f427, weights from sets 1-51): 85.3%, kappa 0.709, 6 of 10 negatives (3 scored
  // positive); mentions exact; rules alone 82.6%, 3 of 10. A month of typical answers: 62% positive. Then tuned on and trained on.
  { title: "set 52 (a second reader's, held out on version 22 as finished) keeps its held-out figures: agreement targets met, negatives below", file: "set-52.json", minPairs: 110, sentiment: { agreement: 0.85, kappa: 0.7, negatives: 0.6 }, mentions: { recall: 1, positions: 1 } },
  // Held out on version 22 as finished (ca3f427): 84.3%, kappa 0.691, 11 of 16 negatives (5 scored positive); recall 0.991
  // (Otto again), positions 99.1%; rules alone 81.7%, 7 of 16. Then tuned on (Otto found) and trained on.
  { title: "set 53 (a second reader's, held out on version 22 as finished) keeps its held-out figures: agreement targets met, negatives below", file: "set-53.json", minPairs: 110, sentiment: { agreement: 0.84, kappa: 0.69, negatives: 0.68 }, mentions: { recall: 1, positions: 1 } },
  // Held out on version 23 (9e1facb, weights from sets 1-53): 81.3%, kappa 0.650, 6 of 10 negatives (3 scored positive);
  // mentions exact; rules alone 72.0%, 3 of 10. A month of typical answers: 62% positive. Then trained on.
  { title: "set 54 (a second reader's, held out on version 23) keeps its held-out figures: agreement targets met, negatives below", file: "set-54.json", minPairs: 110, sentiment: { agreement: 0.81, kappa: 0.65, negatives: 0.6 }, mentions: { recall: 1, positions: 1 } },
  // Held out on version 23 (9e1facb): 77.5%, kappa 0.588, 8 of 16 negatives (4 scored positive); mentions exact; rules
  // alone 76.6%, 6 of 16. SaaS, banking and wearables, like the answers users track most. Then trained on.
  { title: "set 55 (a second reader's, held out on version 23) keeps its held-out figures, below the targets", file: "set-55.json", minPairs: 110, sentiment: { agreement: 0.77, kappa: 0.58, negatives: 0.5 }, mentions: { recall: 1, positions: 1 } },
  // Held out on version 24 (20bf88b, weights from sets 1-55): 76.6%, kappa 0.535, 6 of 11 negatives (5 scored positive);
  // mentions exact; rules alone 72.0%, 4 of 11. A typical month of SaaS, banking and wearables answers. Then trained on.
  { title: "set 56 (a second reader's, held out on version 24) keeps its held-out figures, below the targets", file: "set-56.json", minPairs: 110, sentiment: { agreement: 0.76, kappa: 0.53, negatives: 0.54 }, mentions: { recall: 1, positions: 1 } },
  // Held out on version 24 (20bf88b): 79.8%, kappa 0.596, 5 of 11 negatives (5 scored positive); mentions exact; rules
  // alone 77.2%, 3 of 11. The same categories, a team lead's questions. Then trained on.
  { title: "set 57 (a second reader's, held out on version 24) keeps its held-out figures, below the targets", file: "set-57.json", minPairs: 110, sentiment: { agreement: 0.79, kappa: 0.59, negatives: 0.45 }, mentions: { recall: 1, positions: 1 } },
]

layer(SentimentLexiconLive)("the labelled sets (docs/metrics.md)", (it) => {
  for (const set of SETS) {
    it.effect(set.title, () =>
      Effect.gen(function*() {
        const figures = yield* evaluate(readLabelledSet(set.file), analyseLabelled, normaliseOne)
        expect(figures.pairs).toBeGreaterThanOrEqual(set.minPairs)
        expectTargets(figures, set.sentiment, set.mentions)
      }))
  }

  it.effect("Cohen's kappa is 1 for agreement, 0 for chance", () =>
    Effect.sync(() => {
      expect(cohensKappa([["positive", "positive"], ["negative", "negative"]])).toBe(1)
      expect(cohensKappa([["positive", "positive"], ["positive", "negative"], ["negative", "positive"], ["negative", "negative"]])).toBe(0)
    }))
})
