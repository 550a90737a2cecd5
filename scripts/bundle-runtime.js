// Bundles the plugin runtime (plugin/entry.ts and what it imports, straight from the TypeScript
// sources) into one minified ESM module that convert writes next to every generated plugin
// (claude-hooks.runtime.mjs): the same bytes in every project, no install step, no network.
// The plugin file a reviewer reads holds only the hooks. test/unit/runtime-fresh.test.ts bundles
// the sources again with these options and fails when dist/runtime.js differs (a stale build).
import { build } from "esbuild";
import path from "node:path";
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

/** Modules the Claude-only runtime takes in place of the two tables that import every other agent's code. */
const WITHOUT_AGENTS = {
  "plugin/dialects/index.ts": "plugin/dialects/none.ts",
  "plugin/decide/agent-decisions.ts": "plugin/decide/no-agent-decisions.ts",
};

// The runtime of a project whose hooks are all Claude's: the same, without the other agents'
// dialects (about a third of the bytes). convert writes this one unless the plugin embeds another
// agent's hook (cli/build/build-plugin.ts).
export const CLAUDE_RUNTIME_BUNDLE = {
  ...RUNTIME_BUNDLE,
  plugins: [
    {
      name: "without-agents",
      setup(build) {
        const root = fileURLToPath(new URL("..", import.meta.url));
        build.onResolve({ filter: /(dialects\/index|agent-decisions)\.js$/ }, (args) => {
          const wanted = path.relative(root, path.resolve(args.resolveDir, args.path)).replace(/\.js$/, ".ts");
          return WITHOUT_AGENTS[wanted] ? { path: path.join(root, WITHOUT_AGENTS[wanted]) } : undefined;
        });
      },
    },
  ],
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
  await build({ ...CLAUDE_RUNTIME_BUNDLE, outfile: fileURLToPath(new URL("../dist/runtime-claude.js", import.meta.url)) });
  await build({ ...LIVE_BUNDLE, outfile: fileURLToPath(new URL("../dist/live.js", import.meta.url)) });
}
