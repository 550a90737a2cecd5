// This package's version, from its package.json (found upward from this module: dist/live.js when
// installed, plugin/live/ under the tests), for the log and the HOOKS2OPENCODE variable hooks see.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ancestors } from "./trust.js";

let version: string | undefined;

export function packageVersion(): string {
  version ??= find();
  return version;
}

function find(): string {
  for (const dir of ancestors(path.dirname(fileURLToPath(import.meta.url)))) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: unknown; version?: unknown };
      if (manifest.name === "hooks2opencode" && typeof manifest.version === "string") return manifest.version;
    } catch {
      continue;
    }
  }
  return "unknown";
}
