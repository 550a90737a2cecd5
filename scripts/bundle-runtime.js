// Bundles the plugin runtime (compiled by tsc into dist/plugin/) into one minified ESM module that
// convert writes next to every generated plugin (claude-hooks.runtime.mjs): the same bytes in every
// project, no install step, no network. The plugin file a reviewer reads holds only the hooks.
import { build } from "esbuild";

await build({
  entryPoints: ["dist/plugin/entry.js"],
  outfile: "dist/runtime.js",
  bundle: true,
  minify: true,
  platform: "node",
  format: "esm",
  target: "node20",
  legalComments: "none",
  logLevel: "warning",
});
