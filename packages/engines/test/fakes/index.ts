import type { FakeServer } from "./FakeServer.js"
import * as GeminiFake from "./GeminiFake.js"
import * as OpenAiFake from "./OpenAiFake.js"
import * as PerplexityFake from "./PerplexityFake.js"
import * as SerpApiFake from "./SerpApiFake.js"
import * as XaiFake from "./XaiFake.js"

export type { FakeServer } from "./FakeServer.js"

/** The fake of each provider, by the name `serve.ts` takes. */
export const fakes: Readonly<Record<string, () => Promise<FakeServer>>> = {
  openai: OpenAiFake.start,
  perplexity: PerplexityFake.start,
  gemini: GeminiFake.start,
  xai: XaiFake.start,
  serpapi: SerpApiFake.start
}
