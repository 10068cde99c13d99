// Types for the parts of nlp.js 4.26 (plain CommonJS, no bundled types) that Sentiment.ts uses.

declare module "@nlpjs/core" {
  /** nlp.js's service registry; language packs register their normaliser, tokenizer, stemmer and lexicons. */
  export class Container {
    use(item: new(settings: { readonly container: Container }) => { register(container: Container): void }): string
  }

  export class Tokenizer {
    constructor(container?: Container, shouldNormalize?: boolean)
    /** With `normalize`: lowercased, diacritics stripped. */
    tokenize(text: string, normalize?: boolean): Array<string>
  }

  export class BaseStemmer {
    constructor(container?: Container)
    stemWord(word: string): string | undefined
  }

  export class Stopwords {
    constructor(container?: Container)
    isStopword(word: string): boolean
  }

  /** Type only (no runtime export): the `SentimentXx` object of every `@nlpjs/lang-xx` package. */
  export interface SentimentDictionaries {
    /** Word (stem) -> valence -5..+5. */
    readonly afinn: Readonly<Record<string, number>> | undefined
    /** Word (stem) -> valence -1..+1 (CLiPS Pattern). */
    readonly pattern: Readonly<Record<string, number>> | undefined
    /** Word (stem) -> valence -1..+1 (ML-Senticon). */
    readonly senticon: Readonly<Record<string, number>> | undefined
    readonly negations: { readonly words: ReadonlyArray<string> }
    readonly stemmed?: boolean
  }
}

declare module "@nlpjs/lang-de" {
  import type { BaseStemmer, Container, SentimentDictionaries, Stopwords, Tokenizer } from "@nlpjs/core"
  export class LangDe {
    register(container: Container): void
  }
  export class TokenizerDe extends Tokenizer {}
  export class StemmerDe extends BaseStemmer {}
  export class StopwordsDe extends Stopwords {}
  export const SentimentDe: SentimentDictionaries
}

declare module "@nlpjs/lang-es" {
  import type { BaseStemmer, Container, SentimentDictionaries, Stopwords, Tokenizer } from "@nlpjs/core"
  export class LangEs {
    register(container: Container): void
  }
  export class TokenizerEs extends Tokenizer {}
  export class StemmerEs extends BaseStemmer {}
  export class StopwordsEs extends Stopwords {}
  export const SentimentEs: SentimentDictionaries
}

declare module "@nlpjs/lang-fr" {
  import type { BaseStemmer, Container, SentimentDictionaries, Stopwords, Tokenizer } from "@nlpjs/core"
  export class LangFr {
    register(container: Container): void
  }
  export class TokenizerFr extends Tokenizer {}
  export class StemmerFr extends BaseStemmer {}
  export class StopwordsFr extends Stopwords {}
  export const SentimentFr: SentimentDictionaries
}

declare module "@nlpjs/lang-it" {
  import type { BaseStemmer, Container, SentimentDictionaries, Stopwords, Tokenizer } from "@nlpjs/core"
  export class LangIt {
    register(container: Container): void
  }
  export class TokenizerIt extends Tokenizer {}
  export class StemmerIt extends BaseStemmer {}
  export class StopwordsIt extends Stopwords {}
  export const SentimentIt: SentimentDictionaries
}

declare module "@nlpjs/lang-nl" {
  import type { BaseStemmer, Container, SentimentDictionaries, Stopwords, Tokenizer } from "@nlpjs/core"
  export class LangNl {
    register(container: Container): void
  }
  export class TokenizerNl extends Tokenizer {}
  export class StemmerNl extends BaseStemmer {}
  export class StopwordsNl extends Stopwords {}
  export const SentimentNl: SentimentDictionaries
}

declare module "@nlpjs/lang-pt" {
  import type { BaseStemmer, Container, SentimentDictionaries, Stopwords, Tokenizer } from "@nlpjs/core"
  export class LangPt {
    register(container: Container): void
  }
  export class TokenizerPt extends Tokenizer {}
  export class StemmerPt extends BaseStemmer {}
  export class StopwordsPt extends Stopwords {}
  export const SentimentPt: SentimentDictionaries
}
