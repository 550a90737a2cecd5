// Where this package lives (from source under vitest, or from dist/ when installed) and its version.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { packageRoot } from "../plugin/live/own-package.js";

export { packageRoot, packageVersion } from "../plugin/live/own-package.js";

/** The bundled plugin runtime built by `npm run build` (scripts/bundle-runtime.js); `claude`: the one without other agents' dialects. */
export function runtimeBundle(variant: "all" | "claude" = "all"): string {
  const file = path.join(packageRoot(), "dist", variant === "claude" ? "runtime-claude.js" : "runtime.js");
  if (!existsSync(file)) throw new Error(`hooks2opencode: ${file} is missing; run "npm run build"`);
  return readFileSync(file, "utf8");
}
