// Claude Code plugins a conversion reads hooks from: the ones the settings enable (`enabledPlugins`,
// later settings files winning, as for any key), found where Claude Code installs them
// (`<config dir>/plugins/installed_plugins.json`, `installPath` per `name@marketplace`), and folders
// given with --plugin. A plugin's hooks are in `hooks/hooks.json` and wherever the `hooks` key of
// `.claude-plugin/plugin.json` points (a path, a list of paths, or the hooks themselves). Pure.
// Source: https://code.claude.com/docs/en/plugins-reference (hooks), https://code.claude.com/docs/en/settings-reference (enabledPlugins).
import path from "node:path";
import { parse } from "jsonc-parser";
import { precedence } from "./merge-sources.js";
import type { SourceKind } from "./types.js";

/** `name@marketplace` ids enabled by the settings texts (each with its file's kind), the highest-ranked file deciding. */
export function enabledPluginIds(texts: ReadonlyArray<{ kind: SourceKind; text: string }>): string[] {
  const decided = new Map<string, { enabled: boolean; rank: number }>();
  for (const { kind, text } of texts) {
    const rank = precedence(kind);
    const enabled = (safeParse(text) as { enabledPlugins?: unknown } | undefined)?.enabledPlugins;
    if (typeof enabled !== "object" || enabled === null || Array.isArray(enabled)) continue;
    for (const [id, value] of Object.entries(enabled)) {
      if (typeof value !== "boolean") continue;
      const before = decided.get(id);
      if (!before || rank >= before.rank) decided.set(id, { enabled: value, rank });
    }
  }
  return [...decided].filter(([, state]) => state.enabled).map(([id]) => id);
}

/** Where each enabled plugin is installed, from installed_plugins.json (a list per id, or one entry). */
export function installPaths(installedJson: string | undefined, ids: readonly string[]): Map<string, string> {
  const found = new Map<string, string>();
  const plugins = (installedJson ? (safeParse(installedJson) as { plugins?: unknown } | undefined) : undefined)?.plugins;
  if (typeof plugins !== "object" || plugins === null) return found;
  for (const id of ids) {
    const entry = (plugins as Record<string, unknown>)[id];
    const install = (Array.isArray(entry) ? entry.at(-1) : entry) as { installPath?: unknown } | undefined;
    if (typeof install?.installPath === "string") found.set(id, install.installPath);
  }
  return found;
}

/** The hooks files of a plugin folder: hooks/hooks.json, and what plugin.json's `hooks` names (itself, for inline hooks). */
export function pluginHookFiles(root: string, pluginJson: string | undefined): string[] {
  const files = [path.join(root, "hooks", "hooks.json")];
  const manifest = path.join(root, ".claude-plugin", "plugin.json");
  const hooks = (pluginJson ? (safeParse(pluginJson) as { hooks?: unknown } | undefined) : undefined)?.hooks;
  const named = typeof hooks === "string" ? [hooks] : Array.isArray(hooks) ? hooks.filter((item): item is string => typeof item === "string") : [];
  for (const file of named) files.push(path.resolve(root, file));
  if (typeof hooks === "object" && hooks !== null && !Array.isArray(hooks)) files.push(manifest);
  return [...new Set(files)];
}

/** Where a plugin keeps its data across updates: `<config dir>/plugins/data/<id>`, the id made a folder name. */
export function pluginDataDir(configDir: string, id: string): string {
  return path.join(configDir, "plugins", "data", id.replace(/[^A-Za-z0-9._-]/g, "-"));
}

/** JSONC as Claude reads it; a file too deep or broken to read gives nothing (the validator reports it, located). */
function safeParse(text: string): unknown {
  try {
    return parse(text, [], { allowTrailingComma: true });
  } catch {
    return undefined;
  }
}
