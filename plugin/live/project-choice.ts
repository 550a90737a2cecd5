// Whether the project itself chose the live plugin: one of its own OpenCode config files (an
// opencode.json(c) from the folder up to the worktree, or in a .opencode/ there) lists hooks2opencode
// in `plugin`. A project that asks for its Claude hooks to run needs no separate trust.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "jsonc-parser";
import { ancestors } from "./trust.js";

export const PACKAGE_NAME = "hooks2opencode";

/** The project config file (shown relative to the folder) that lists this plugin, if any. */
export function projectChoice(directory: string, worktree: string | undefined): string | undefined {
  const top = worktree && worktree !== "/" ? path.resolve(worktree) : path.resolve(directory);
  const within = ancestors(directory);
  const stop = within.indexOf(top);
  for (const dir of stop === -1 ? within.slice(0, 1) : within.slice(0, stop + 1)) {
    for (const file of ["opencode.json", "opencode.jsonc", ".opencode/opencode.json", ".opencode/opencode.jsonc"]) {
      const full = path.join(dir, file);
      if (pluginSpecs(full).some((spec) => namesThisPlugin(spec, path.dirname(full)))) return path.relative(directory, full) || file;
    }
  }
  return undefined;
}

/** The `plugin` specs of one OpenCode config file (none when it is missing or unreadable). */
export function pluginSpecs(file: string): string[] {
  // Most folders have none: asked first, as a thrown ENOENT costs the live plugin's start-up ten times more.
  if (!existsSync(file)) return [];
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  return pluginEntries(text).map((entry) => entry.spec);
}

/** The `plugin` entries of an OpenCode config's text: `"spec"` or `["spec", { options }]`. */
export function pluginEntries(text: string): Array<{ spec: string; options?: unknown }> {
  const data = parse(text, [], { allowTrailingComma: true }) as { plugin?: unknown } | undefined;
  const list = Array.isArray(data?.plugin) ? data.plugin : [];
  return list.flatMap((entry: unknown) => {
    const [spec, options] = Array.isArray(entry) ? entry : [entry];
    return typeof spec === "string" ? [{ spec, ...(options !== undefined ? { options } : {}) }] : [];
  });
}

/** An npm spec of this package (`hooks2opencode`, `hooks2opencode@1.2.3`) or a path to it (`./x`, `file:///x`). */
export function namesThisPlugin(spec: string, base: string): boolean {
  if (spec === PACKAGE_NAME || spec.startsWith(`${PACKAGE_NAME}@`)) return true;
  let target: string;
  if (spec.startsWith("file://")) {
    try {
      target = fileURLToPath(spec);
    } catch {
      return false;
    }
  } else if (spec.startsWith(".") || path.isAbsolute(spec)) target = path.resolve(base, spec);
  else return false;
  // A path names the package folder or a file inside it: the nearest package.json says whose it is.
  for (const dir of ancestors(target)) {
    try {
      return (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { name?: unknown }).name === PACKAGE_NAME;
    } catch {
      continue;
    }
  }
  return false;
}
