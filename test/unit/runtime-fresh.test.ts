// The runtime every generated plugin embeds is the one the sources describe: bundled again here
// with the build's own options, it must equal dist/runtime.js byte for byte (else a test could
// pass on stale code; test/global-setup.ts rebuilds before every run, this proves it did).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { expect, it } from "vitest";
// @ts-expect-error: a plain JS build script without type declarations
import { RUNTIME_BUNDLE } from "../../scripts/bundle-runtime.js";
import { REPO_ROOT } from "../helpers/project.js";

it("dist/runtime.js is the bundle of the current plugin sources", async () => {
  const fresh = await build({ ...RUNTIME_BUNDLE, write: false, outfile: "runtime.js" });
  const built = await readFile(path.join(REPO_ROOT, "dist/runtime.js"), "utf8");
  expect(built === fresh.outputFiles?.[0]?.text, "dist/runtime.js is stale: run npm run build").toBe(true);
});
