import type * as SqlClient from "@effect/sql/SqlClient"
import type * as Statement from "@effect/sql/Statement"

/**
 * Columns of one answer (a `responses` row under `alias`) shared by the responses page of a prompt
 * and the responses export, so both say the same thing of an answer.
 */

/** The brand's sentiment label (docs/metrics.md, Sentiment): positive >= 60, neutral >= 40. */
export const sentimentLabel = (sql: SqlClient.SqlClient, alias: string): Statement.Fragment =>
  sql.literal(`CASE
    WHEN NOT ${alias}.brand_mentioned OR ${alias}.brand_sentiment IS NULL THEN 'not_mentioned'
    WHEN ${alias}.brand_sentiment >= 60 THEN 'positive'
    WHEN ${alias}.brand_sentiment >= 40 THEN 'neutral'
    ELSE 'negative'
  END`)

/** The URLs the answer cites, in the answer's order. */
export const citationUrls = (sql: SqlClient.SqlClient, alias: string): Statement.Fragment =>
  sql.literal(`ARRAY(
    SELECT u.url FROM response_citations rc JOIN urls u ON u.id = rc.url_id
    WHERE rc.response_id = ${alias}.id ORDER BY rc.ordinal, u.url
  )`)

/** The web searches the engine ran for the answer, in its order. */
export const searchQueries = (sql: SqlClient.SqlClient, alias: string): Statement.Fragment =>
  sql.literal(`ARRAY(
    SELECT q.query FROM response_search_queries q
    WHERE q.response_id = ${alias}.id ORDER BY q.ordinal, q.query
  )`)
