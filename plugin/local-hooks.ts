// Local hooks: .claude/settings.local.json belongs to one person and is usually git-ignored, so its
// hooks are not embedded in the committed plugin. convert writes them to LOCAL_HOOKS_FILE (keep it
// out of git) and the plugin adds them at start-up, after the project's, with Claude's precedence:
// a local `disableAllHooks` overrides the project's.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { EventName } from "../schema/events.js";
import { type CompiledHandler, compileHandlers } from "./compile.js";
import type { PluginConfig } from "./config.js";

export const PLUGIN_FILE = "claude-hooks.js";
export const LOCAL_HOOKS_FILE = ".opencode/claude-hooks.local.json";

export function readLocalHooks(directory: string): PluginConfig | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(directory, LOCAL_HOOKS_FILE), "utf8");
  } catch {
    return undefined;
  }
  const data = JSON.parse(text) as PluginConfig | null;
  if (typeof data !== "object" || data === null || !Array.isArray(data.handlers)) throw new Error("not a hooks2opencode local hooks file (no handlers array)");
  return data;
}

/** The handlers that run: the plugin's own, then the local ones; `disableAllHooks` local > project, managed above all. */
export function activeHandlers(
  config: PluginConfig,
  compiled: Map<EventName, CompiledHandler[]>,
  local: PluginConfig | undefined,
  skipped: (why: string) => void = () => {},
): Map<EventName, CompiledHandler[]> {
  // Managed settings (in the local file in project mode, in the global plugin with --user) decide first.
  if (config.managedDisableAllHooks === true || local?.managedDisableAllHooks === true) return new Map();
  const localDisable = typeof local?.disableAllHooks === "boolean" ? local.disableAllHooks : undefined;
  const managedOnly = config.allowManagedHooksOnly === true || local?.allowManagedHooksOnly === true;
  const othersOff = (localDisable ?? config.disableAllHooks ?? false) || managedOnly;
  const combined = new Map(compiled);
  if (local) for (const [event, handlers] of compileHandlers(local, skipped)) combined.set(event, [...(combined.get(event) ?? []), ...handlers]);
  if (!othersOff) return combined;
  // Off for all but managed hooks: those keep running, as in Claude; under allowManagedHooksOnly,
  // so do the hooks of plugins that managed settings enable.
  const managed = new Map<EventName, CompiledHandler[]>();
  for (const [event, handlers] of combined) {
    // Another agent's hooks (Codex's) do not answer to Claude's settings switches.
    const kept = handlers.filter(
      (handler) => handler.source === "managed" || handler.dialect !== undefined || (managedOnly && handler.plugin?.managed === true),
    );
    if (kept.length > 0) managed.set(event, kept);
  }
  return managed;
}
