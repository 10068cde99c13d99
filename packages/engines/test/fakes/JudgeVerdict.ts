/**
 * What the fake providers answer to a model-judge request (structured output): a verdict computed
 * from the request itself, so tests can tell the judge's figures from the local analyser's. Each
 * listed brand is "mentioned" when its name occurs in the answer (case-insensitive), positioned by
 * first occurrence, and scored JUDGE_SENTIMENT.
 */
export const JUDGE_SENTIMENT = 91.5

export const verdictFor = (input: string): unknown => {
  const [head = "", answer = ""] = input.split("\nAnswer:\n")
  const names = head.split("\n").filter((line) => line.startsWith("- ")).map((line) => line.slice(2).replace(/ \(also written: .*\)$/, ""))
  const found = names
    .map((name) => ({ name, at: answer.toLowerCase().indexOf(name.toLowerCase()) }))
  const order = found.filter((f) => f.at >= 0).sort((a, b) => a.at - b.at).map((f) => f.name)
  return {
    brands: found.map(({ at, name }) =>
      at >= 0
        ? { name, mentioned: true, position: order.indexOf(name) + 1, sentiment: JUDGE_SENTIMENT }
        : { name, mentioned: false, position: null, sentiment: null }
    )
  }
}

/** A verdict that leaves out every brand: the analysis must fall back to the local analyser. */
export const INCOMPLETE_VERDICT = { brands: [] }
