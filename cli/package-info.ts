// Where this package lives (from source under vitest, or from dist/ when installed) and its version.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { packageRoot } from "../plugin/live/own-package.js";

export { packageRoot, packageVersion } from "../plugin/live/own-package.js";

/** The bundled plugin runtime built by `npm run build` (scripts/bundle-runtime.js). */
export function runtimeBundle(): string {
  const file = path.join(packageRoot(), "dist", "runtime.js");
  if (!existsSync(file)) throw new Error(`hooks2opencode: ${file} is missing; run "npm run build"`);
  return readFileSync(file, "utf8");
}
