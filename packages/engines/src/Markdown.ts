/**
 * Markdown to plain text, enough for mention finding: links keep their label, images and HTML tags
 * go, emphasis/heading/list/quote markers and code fences are dropped, whitespace is kept so that
 * sentences stay apart.
 */
export const markdownToText = (markdown: string): string =>
  markdown
    .replace(/\r\n?/g, "\n")
    .replace(/```[^\n]*\n?/g, "")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\((?:[^()]|\([^)]*\))*\)/g, "$1")
    .replace(/<[^>\n]+>/g, "")
    // [ \t], not \s: with /m, \s would also swallow the blank line before a heading or quote.
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, "")
    .replace(/^[ \t]{0,3}>[ \t]?/gm, "")
    .replace(/^(\s*)(?:[-*+]|\d+[.)])\s+/gm, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim()

/**
 * Plain text of an answer whose markdown indexes its sources with numeric markers ([1][2], as
 * Perplexity and Google AI Mode write them): the markers are not words of the answer.
 */
export const markdownToTextWithoutMarkers = (markdown: string): string =>
  markdownToText(markdown).replace(/\[\d+\]/g, "").replace(/[ \t]+([.,;:!?])/g, "$1").replace(/[ \t]+$/gm, "")
