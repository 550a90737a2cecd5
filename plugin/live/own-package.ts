// This package's folder and version, from its package.json found upward from this module (dist/
// when installed or bundled, the sources under the tests): for the live plugin's log and the
// HOOKS2OPENCODE variable hooks see, and for the CLI, which reads its runtime bundle from there.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ancestors } from "./trust.js";

let found: { root: string; version: string } | null | undefined;

export function packageRoot(): string {
  found ??= find();
  if (!found) throw new Error("hooks2opencode: cannot find its own package.json");
  return found.root;
}

/** "unknown" for a copy of the module outside the package (the bench loads such copies). */
export function packageVersion(): string {
  found ??= find();
  return found?.version ?? "unknown";
}

function find(): { root: string; version: string } | null {
  for (const dir of ancestors(path.dirname(fileURLToPath(import.meta.url)))) {
    const file = path.join(dir, "package.json");
    // Asked first: a thrown ENOENT costs the live plugin's start-up ten times more.
    if (!existsSync(file)) continue;
    try {
      const manifest = JSON.parse(readFileSync(file, "utf8")) as { name?: unknown; version?: unknown };
      if (manifest.name === "hooks2opencode") return { root: dir, version: typeof manifest.version === "string" ? manifest.version : "unknown" };
    } catch {
      continue;
    }
  }
  return null;
}
