// Bundles the plugin runtime (plugin/entry.ts and what it imports, straight from the TypeScript
// sources) into one minified ESM module that convert writes next to every generated plugin
// (claude-hooks.runtime.mjs): the same bytes in every project, no install step, no network.
// The plugin file a reviewer reads holds only the hooks. test/unit/runtime-fresh.test.ts bundles
// the sources again with these options and fails when dist/runtime.js differs (a stale build).
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

export const RUNTIME_BUNDLE = {
  entryPoints: [fileURLToPath(new URL("../plugin/entry.ts", import.meta.url))],
  bundle: true,
  minify: true,
  platform: "node",
  format: "esm",
  target: "node20",
  legalComments: "none",
  logLevel: "warning",
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build({ ...RUNTIME_BUNDLE, outfile: fileURLToPath(new URL("../dist/runtime.js", import.meta.url)) });
}
