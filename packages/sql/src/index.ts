export * as Database from "./Database.js"
export * as EmbeddedPostgres from "./EmbeddedPostgres.js"
export * as Migrations from "./Migrations.js"
export * as ReferenceData from "./ReferenceData.js"
