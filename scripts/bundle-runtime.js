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

// The live plugin (`"plugin": ["hooks2opencode"]`): the same runtime plus the readers, validation and
// classification convert uses, in one module with no import of its own, so OpenCode loads nothing of
// the CLI (commander, diff) and installs nothing at plugin load.
export const LIVE_BUNDLE = {
  ...RUNTIME_BUNDLE,
  entryPoints: [fileURLToPath(new URL("../plugin/live/entry.ts", import.meta.url))],
  // jsonc-parser's `main` is a UMD build that requires its parts at run time: take its ESM build.
  mainFields: ["module", "main"],
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build({ ...RUNTIME_BUNDLE, outfile: fileURLToPath(new URL("../dist/runtime.js", import.meta.url)) });
  await build({ ...LIVE_BUNDLE, outfile: fileURLToPath(new URL("../dist/live.js", import.meta.url)) });
}
