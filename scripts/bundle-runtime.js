// Bundles the plugin runtime (compiled by tsc into dist/plugin/) into one ESM file that convert
// embeds in every generated plugin, so OpenCode loads it with no install step and no network.
import { build } from "esbuild";

await build({
  entryPoints: ["dist/plugin/entry.js"],
  outfile: "dist/runtime.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  legalComments: "none",
  logLevel: "warning",
  // Bundled CommonJS dependencies call require(); give them one in ESM (Node and Bun alike).
  banner: { js: 'import { createRequire as __h2oCreateRequire } from "node:module";\nconst require = __h2oCreateRequire(import.meta.url);' },
});
