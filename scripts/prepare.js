// npm runs `prepare` after `npm ci`, and again whenever it installs this folder as a package, which
// is what `npx hooks2opencode` does inside this repository: the package's own bin is not in
// node_modules/.bin, so npx installs the folder into its cache, and a full build made the first
// `npx` take several seconds. Build only when dist/ is missing or older than a source file.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const STAMP = "dist/runtime.js";
const SOURCES = ["cli", "plugin", "schema", "scripts/bundle-runtime.js", "tsconfig.json", "package.json"];

function newest(file) {
  const stats = statSync(file);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(file).map((name) => newest(path.join(file, name))));
}

const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
if (built === 0 || SOURCES.some((source) => existsSync(source) && newest(source) > built)) {
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}
