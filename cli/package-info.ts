// Where this package lives (from source under vitest, or from dist/ when installed) and its version.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;
let manifest: { version: string } | undefined;

export function packageRoot(): string {
  root ??= findPackageRoot();
  return root;
}

function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "hooks2opencode") return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("hooks2opencode: cannot find its own package.json");
    dir = parent;
  }
}

export function packageVersion(): string {
  manifest ??= JSON.parse(readFileSync(path.join(packageRoot(), "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

/** The bundled plugin runtime built by `npm run build` (scripts/bundle-runtime.js). */
export function runtimeBundle(): string {
  const file = path.join(packageRoot(), "dist", "runtime.js");
  if (!existsSync(file)) throw new Error(`hooks2opencode: ${file} is missing; run "npm run build"`);
  return readFileSync(file, "utf8");
}
