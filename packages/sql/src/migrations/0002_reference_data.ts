import * as SqlClient from "@effect/sql/SqlClient"
import * as Effect from "effect/Effect"
import { countryRows, languageRows } from "../ReferenceData.js"

/** Countries and languages from maintained data (countries-list + CLDR), never hand-typed. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`INSERT INTO countries ${sql.insert(countryRows())} ON CONFLICT (code) DO NOTHING`
  yield* sql`INSERT INTO languages ${sql.insert(languageRows())} ON CONFLICT (code) DO NOTHING`
})
