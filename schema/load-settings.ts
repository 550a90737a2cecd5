// Finds and reads the settings files a conversion uses (readSettingsFiles, the I/O), then validates
// each (validateSettingsTexts, pure, over validate.ts). Paths in diagnostics and in the generated plugin are shown relative
// to the project, so the output is the same on every clone.
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import type { Diagnostic } from "./diagnostics.js";
import type { PluginOrigin, SettingsSource, SkillOrigin, SourceKind } from "./types.js";
import { homeShown, insideProject } from "./paths.js";
import { mapPosition, type PositionMap } from "./position-map.js";
import { validateSettings } from "./validate.js";

export interface SettingsFile {
  kind: SourceKind;
  /** Absolute path. */
  path: string;
  /** How reports and the plugin header name it. */
  display: string;
  /** A missing optional file is simply skipped. */
  optional: boolean;
  /** A plugin's hooks file: the plugin it belongs to. */
  plugin?: PluginOrigin;
  /** Its hooks are this machine's only (see SettingsSource.perMachine). */
  perMachine?: boolean;
  /** A skill's frontmatter hooks (the text is their JSON): the skill they belong to. */
  skill?: SkillOrigin;
  /** An agent definition's frontmatter hooks: the agent's name. */
  agent?: string;
  /** The text is derived (a .md's YAML as JSON): where each of its pieces is in the real file, for findings and each hook's place. */
  positions?: PositionMap;
}

export interface LoadedSettings {
  sources: SettingsSource[];
  /** Display name and raw text of every file read, for the inputs hash. */
  texts: Array<{ display: string; text: string }>;
  diagnostics: Diagnostic[];
}

/** `~/.claude`, or `$CLAUDE_CONFIG_DIR` when set, as Claude Code does. */
export function claudeConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CLAUDE_CONFIG_DIR || path.join(homedir(), ".claude");
}

export function projectSettingsFiles(projectDir: string): SettingsFile[] {
  return [
    { kind: "project", path: path.join(projectDir, ".claude", "settings.json"), display: ".claude/settings.json", optional: true },
    { kind: "local", path: path.join(projectDir, ".claude", "settings.local.json"), display: ".claude/settings.local.json", optional: true, perMachine: true },
  ];
}

export function userSettingsFile(env: NodeJS.ProcessEnv = process.env): SettingsFile {
  const file = path.join(claudeConfigDir(env), "settings.json");
  return { kind: "user", path: file, display: homeShown(file), optional: true };
}

/** Where Claude Code reads managed (policy) settings files on this platform. */
export function managedSettingsDir(platform: NodeJS.Platform = process.platform): string {
  if (platform === "darwin") return "/Library/Application Support/ClaudeCode";
  if (platform === "win32") return "C:\\Program Files\\ClaudeCode";
  return "/etc/claude-code";
}

/** managed-settings.json, then the drop-ins of managed-settings.d/ in alphabetical order (later ones win, as in Claude). */
export function managedSettingsFiles(dir: string, dropIns: readonly string[], perMachine: boolean): SettingsFile[] {
  const file = (name: string): SettingsFile => ({
    kind: "managed",
    path: path.join(dir, name),
    display: path.join(dir, name),
    optional: true,
    ...(perMachine ? { perMachine } : {}),
  });
  return [
    file("managed-settings.json"),
    ...[...dropIns]
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => file(path.join("managed-settings.d", name))),
  ];
}

export function explicitSettingsFiles(files: readonly string[], projectDir: string): SettingsFile[] {
  return files.map((file) => {
    const absolute = path.resolve(file);
    const display = insideProject(projectDir, absolute) ?? absolute;
    return { kind: "cli", path: absolute, display, optional: false };
  });
}

/** A settings file as read: its text, or the diagnostic for why it could not be read. */
export interface SettingsText {
  file: SettingsFile;
  text?: string;
  /** A derived text's real file as read (a .md whose hooks `text` holds as JSON), for drift hashes. */
  raw?: string;
  unreadable?: Diagnostic;
}

/**
 * Reads each file; an optional file that is not there is left out. The only I/O of loading. Read
 * synchronously: settings files are small, and each awaited read cost the live plugin's start-up a
 * round trip through the thread pool (about 1 ms under OpenCode's Bun).
 */
export async function readSettingsFiles(files: readonly SettingsFile[]): Promise<SettingsText[]> {
  const read: SettingsText[] = [];
  for (const file of files) {
    // A missing optional file (most are) is asked about first: a thrown ENOENT costs ten times more.
    if (file.optional && !existsSync(file.path)) continue;
    try {
      read.push({ file, text: readFileSync(file.path, "utf8") });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" && file.optional) continue;
      const message = code === "ENOENT" ? "settings file not found" : `cannot read settings file (${code ?? String(error)})`;
      read.push({ file, unreadable: { code: "unreadable-settings", severity: "error", file: file.display, line: 1, column: 1, message } });
    }
  }
  return read;
}

/** Pure: validates what was read. `sh` is what /bin/sh is here, for the bash-only-syntax lint. */
export function validateSettingsTexts(read: readonly SettingsText[], sh: string): LoadedSettings {
  const loaded: LoadedSettings = { sources: [], texts: [], diagnostics: [] };
  for (const { file, text, unreadable } of read) {
    if (text === undefined) {
      if (unreadable) loaded.diagnostics.push(unreadable);
      continue;
    }
    const positions = file.positions;
    const locate = positions ? (at: { line: number; column: number }) => mapPosition(positions, at) ?? { line: 1, column: 1 } : undefined;
    const { source, diagnostics } = validateSettings(text, file.display, file.kind, { sh, ...(locate ? { locate } : {}) });
    if (file.perMachine) source.perMachine = true;
    if (file.plugin || file.skill || file.agent) source.disableAllHooks = undefined; // frontmatter and plugin hooks switch nothing off
    for (const entry of source.entries) {
      if (file.plugin) entry.plugin = file.plugin;
      if (file.skill) entry.skill = file.skill;
      if (file.agent !== undefined) entry.agent = file.agent;
    }
    loaded.sources.push(source);
    loaded.texts.push({ display: file.display, text });
    // One by one: spread into push, a matcher of 300,000 unknown names (a warning each) overflowed the stack.
    for (const diagnostic of diagnostics) loaded.diagnostics.push(diagnostic);
  }
  return loaded;
}
