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
  const decided = new Map<string, boolean>();
  // Parsing a 100 KB settings file for a key it does not hold cost the live plugin's start-up 15 ms;
  // a key written with \u escapes is the one way to hold it without the literal name.
  for (const settings of ranked(texts.filter(({ text }) => text.includes("enabledPlugins") || text.includes("\\u")))) {
    for (const [id, value] of Object.entries(objectAt(settings, "enabledPlugins") ?? {})) if (typeof value === "boolean") decided.set(id, value);
  }
  return [...decided].filter(([, enabled]) => enabled).map(([id]) => id);
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
  const parsed = pluginJson ? safeParse(pluginJson) : undefined;
  const hooks = (parsed as { hooks?: unknown } | undefined)?.hooks;
  const named = typeof hooks === "string" ? [hooks] : Array.isArray(hooks) ? hooks.filter((item): item is string => typeof item === "string") : [];
  for (const file of named) files.push(path.resolve(root, file));
  if (objectAt(parsed, "hooks")) files.push(manifest);
  return [...new Set(files)];
}

/** Where a plugin keeps its data across updates: `<config dir>/plugins/data/<id>`, the id made a folder name. */
export function pluginDataDir(configDir: string, id: string): string {
  return path.join(configDir, "plugins", "data", id.replace(/[^A-Za-z0-9._-]/g, "-"));
}

/**
 * A plugin's user configuration: the options its manifest declares (`userConfig`, each with an
 * optional `default` and `sensitive`) and the values Claude keeps in the settings
 * (`pluginConfigs["<name>@<marketplace>"].options`); sensitive values go to the keychain, which is
 * never read here.
 */
export interface PluginOptions {
  /** Each non-sensitive option's value: the settings' value, else the manifest's default. */
  values: Record<string, string>;
  /** Options the manifest marks sensitive: their values stay in Claude's keychain. */
  sensitive: string[];
}

/** The options of plugin `id` from its manifest and the settings texts (the highest-ranked file deciding per option). */
export function pluginOptions(manifestJson: string | undefined, texts: ReadonlyArray<{ kind: SourceKind; text: string }>, id: string): PluginOptions {
  const declared = objectAt(manifestJson === undefined ? undefined : safeParse(manifestJson), "userConfig") ?? {};
  const sensitive = Object.entries(declared)
    .filter(([, option]) => (option as { sensitive?: unknown } | null)?.sensitive === true)
    .map(([key]) => key);
  const values: Record<string, string> = {};
  for (const [key, option] of Object.entries(declared)) {
    const fallback = (option as { default?: unknown } | null)?.default;
    if (!sensitive.includes(key) && fallback !== undefined && fallback !== null) values[key] = optionText(fallback);
  }
  for (const settings of ranked(texts)) {
    const options = objectAt(objectAt(objectAt(settings, "pluginConfigs"), id), "options") ?? {};
    for (const [key, value] of Object.entries(options)) {
      if (!sensitive.includes(key) && value !== undefined && value !== null) values[key] = optionText(value);
    }
  }
  return { values, sensitive };
}

/** An option's value as a hook sees it: strings as they are, numbers and booleans written out, lists joined with commas. */
function optionText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(",");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  const found = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  return typeof found === "object" && found !== null && !Array.isArray(found) ? (found as Record<string, unknown>) : undefined;
}

/** The settings parsed, lowest precedence first (stable within a rank): a later one's value wins, as for any key. */
function ranked(texts: ReadonlyArray<{ kind: SourceKind; text: string }>): unknown[] {
  return [...texts].sort((a, b) => precedence(a.kind) - precedence(b.kind)).map(({ text }) => safeParse(text));
}

/** JSONC as Claude reads it; a file too deep or broken to read gives nothing (the validator reports it, located). */
function safeParse(text: string): unknown {
  try {
    return parse(text, [], { allowTrailingComma: true });
  } catch {
    return undefined;
  }
}
