// The runtime every generated plugin embeds is the one the sources describe: bundled again here
// with the build's own options, it must equal dist/runtime.js byte for byte (else a test could
// pass on stale code; test/global-setup.ts rebuilds before every run, this proves it did).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { expect, it } from "vitest";
// @ts-expect-error: a plain JS build script without type declarations
import { CLAUDE_RUNTIME_BUNDLE, RUNTIME_BUNDLE } from "../../scripts/bundle-runtime.js";
import { REPO_ROOT } from "../helpers/project.js";

it.each([
  ["dist/runtime.js", RUNTIME_BUNDLE],
  ["dist/runtime-claude.js", CLAUDE_RUNTIME_BUNDLE],
])("%s is the bundle of the current plugin sources", async (file, options) => {
  const fresh = await build({ ...options, write: false, outfile: path.basename(file) });
  const built = await readFile(path.join(REPO_ROOT, file), "utf8");
  expect(built === fresh.outputFiles?.[0]?.text, `${file} is stale: run npm run build`).toBe(true);
});
