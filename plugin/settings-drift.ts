// At load, the plugin notices when the Claude settings it was converted from changed since (or
// settings.local.json appeared and was never converted): its hooks are then not the ones Claude
// would run, so it says so once instead of silently running old hooks. One read and hash per
// settings file, once per OpenCode start.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { frontmatterText } from "../schema/frontmatter-text.js";
import type { PluginConfig } from "./config.js";

export const LOCAL_SETTINGS_FILE = ".claude/settings.local.json";

/** sha256 of a settings text; a CRLF checkout (git autocrlf) is the same settings. */
export function settingsTextHash(text: string): string {
  return createHash("sha256").update(text.replace(/\r\n/g, "\n")).digest("hex");
}

/**
 * What is compared of a hooks source: a settings file whole; a skill's or agent's .md by its
 * frontmatter only, where its hooks are (an edit of the skill's text changes no hook).
 */
export function driftHash(file: string, text: string): string {
  return settingsTextHash(file.endsWith(".md") ? (frontmatterText(text) ?? "") : text);
}

/** The settings files that changed since convert: edited, removed, or local settings never converted. */
export function changedSettings(directory: string, config: PluginConfig, local: PluginConfig | undefined): string[] {
  const changed: string[] = [];
  for (const entry of [...(config.settings ?? []), ...(local?.settings ?? [])]) {
    if (typeof entry?.file !== "string" || typeof entry.sha256 !== "string") continue;
    let text: string | undefined;
    try {
      text = readFileSync(path.resolve(directory, entry.file), "utf8");
    } catch {
      text = undefined;
    }
    if (text === undefined || driftHash(entry.file, text) !== entry.sha256) changed.push(entry.file);
  }
  if (config.readsLocalHooks && !local && existsSync(path.join(directory, LOCAL_SETTINGS_FILE))) changed.push(LOCAL_SETTINGS_FILE);
  return changed;
}

/** `permissions`: the plugin carries Claude's permission rules too (convert --permissions): they are as stale as the hooks. */
export function driftNotice(changed: readonly string[], command: string, permissions = false): string {
  const what = permissions ? "hooks and permission rules" : "hooks";
  return `Claude ${what} changed since conversion (${changed.join(", ")}): OpenCode runs the ${what} as they were. Run \`${command}\`.`;
}
