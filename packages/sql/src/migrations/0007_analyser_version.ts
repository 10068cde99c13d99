import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"

/**
 * Every response records the version of the analyser rules that produced its mentions, positions
 * and sentiment (ANALYSER_VERSION in packages/domain), and who judged them: 'local' (the rules), or
 * a model judge ('openai', 'gemini', ANALYSIS_JUDGE) with its model. Rows analysed before these
 * columns existed were produced locally by version 1; `reanalyze` brings them to the current version.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE responses
      ADD COLUMN analyser_version integer NOT NULL DEFAULT 1 CHECK (analyser_version >= 1),
      ADD COLUMN analysis_judge text NOT NULL DEFAULT 'local' CHECK (analysis_judge IN ('local', 'openai', 'gemini')),
      ADD COLUMN analysis_judge_model text,
      ADD CONSTRAINT responses_judge_model CHECK ((analysis_judge = 'local') = (analysis_judge_model IS NULL))`
})
