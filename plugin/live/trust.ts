// Claude Code's workspace trust, for the live plugin (https://code.claude.com/docs/en/hooks, "Workspace trust"): an
// interactive session holds back the hooks of every settings file until the folder is trusted; a
// non-interactive run (`claude -p`, here `opencode run`) treats it as trusted. A folder is trusted
// here when the project's own OpenCode config names this plugin (the project chose it), when
// `hooks2opencode trust` recorded it or a folder above it (in the user's config, never the
// project's), or when Claude Code itself trusts it (`projects[<path>].hasTrustDialogAccepted` in its
// config file, the folder or a folder above it). Pure decision; the reads are below it.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import type { EventName } from "../../schema/events.js";
import type { CompiledHandler } from "../compile.js";
import type { OpencodeHost } from "../runtime.js";

export interface TrustInputs {
  folder: string;
  /** The folder's real path when it differs (a symlinked checkout): a record of either counts. */
  realFolder?: string;
  host: OpencodeHost;
  /** The project's own opencode.json(c) that names this plugin, if one does. */
  chosenBy?: string;
  /** Folders `hooks2opencode trust` recorded. */
  trusted: readonly string[];
  /** Claude Code's `projects` record. */
  claudeProjects: Record<string, unknown>;
  /** The git root the folder is in (OpenCode's worktree; "/" or absent: none). */
  worktree?: string;
  /** The user's home folder: Claude never saves trust given there, so a record of it (or of `/`) extends to nothing. */
  home?: string;
}

export interface Trust {
  trusted: boolean;
  /** Why, for the log and `doctor`. */
  because: string;
}

export function decideTrust(inputs: TrustInputs): Trust {
  if (inputs.host === "run") return { trusted: true, because: "opencode run is non-interactive, and Claude Code trusts the folder of a -p run" };
  if (inputs.chosenBy) return { trusted: true, because: `the project's own ${inputs.chosenBy} names hooks2opencode` };
  const candidates = [...new Set([...ancestors(inputs.folder), ...(inputs.realFolder ? ancestors(inputs.realFolder) : [])])];
  const recorded = candidates.find((dir) => inputs.trusted.some((trusted) => samePath(trusted, dir)));
  if (recorded) return { trusted: true, because: `hooks2opencode trust ${recorded}` };
  const claude = claudeCandidates(inputs).find((dir) => {
    const entry = inputs.claudeProjects[dir] as { hasTrustDialogAccepted?: unknown } | undefined;
    return entry?.hasTrustDialogAccepted === true;
  });
  if (claude) return { trusted: true, because: `Claude Code trusts ${claude}` };
  return { trusted: false, because: "neither Claude Code nor hooks2opencode trust was given for this folder" };
}

/**
 * The folders whose record in Claude's config trusts this one: the folder, then the folders above it.
 * Since Claude Code 2.1.232 a git repository does not inherit the trust of a folder above its root,
 * so inside one the walk stops at the root; `~` and `/` are never a parent whose trust extends.
 */
function claudeCandidates(inputs: TrustInputs): string[] {
  const root = inputs.worktree && inputs.worktree !== "/" ? path.resolve(inputs.worktree) : undefined;
  const never = new Set([path.parse(path.resolve(inputs.folder)).root, ...(inputs.home ? [path.resolve(inputs.home)] : [])]);
  const walk = (folder: string) => {
    const all = ancestors(folder);
    const top = root === undefined ? -1 : all.indexOf(root);
    const within = top === -1 ? all : all.slice(0, top + 1);
    return within.filter((dir, index) => index === 0 || !never.has(dir));
  };
  return [...new Set([...walk(inputs.folder), ...(inputs.realFolder ? walk(inputs.realFolder) : [])])];
}

/** The folder and every folder above it, nearest first. */
export function ancestors(folder: string): string[] {
  const found: string[] = [];
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    found.push(dir);
    if (path.dirname(dir) === dir) return found;
  }
}

function samePath(a: string, b: string): boolean {
  return path.resolve(a) === path.resolve(b);
}

/** Where `hooks2opencode trust` keeps its record: the user's config folder, never a project's. */
export function trustFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.XDG_CONFIG_HOME || path.join(env.HOME || homedir(), ".config"), "hooks2opencode", "trusted.json");
}

/** The folders the record holds; nothing when it is missing or unreadable (trust is never guessed). */
export function readTrusted(file: string): string[] {
  // Most users have none: asked first, as a thrown ENOENT costs the live plugin's start-up ten times more.
  if (!existsSync(file)) return [];
  try {
    const data = JSON.parse(readFileSync(file, "utf8")) as { trusted?: unknown };
    return Array.isArray(data.trusted) ? data.trusted.filter((entry): entry is string => typeof entry === "string") : [];
  } catch {
    return [];
  }
}

/** Claude Code's own config file: a legacy `.config.json` in its config folder when there is one, else `$CLAUDE_CONFIG_DIR/.claude.json`, else `~/.claude.json`. */
export function claudeConfigFile(env: NodeJS.ProcessEnv = process.env): string {
  const home = env.HOME || homedir();
  const legacy = path.join(env.CLAUDE_CONFIG_DIR || path.join(home, ".claude"), ".config.json");
  if (existsSync(legacy)) return legacy;
  return env.CLAUDE_CONFIG_DIR ? path.join(env.CLAUDE_CONFIG_DIR, ".claude.json") : path.join(home, ".claude.json");
}

export function readClaudeProjects(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  try {
    const data = JSON.parse(readFileSync(file, "utf8")) as { projects?: unknown };
    return typeof data.projects === "object" && data.projects !== null ? (data.projects as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Under an untrusted folder only managed hooks run: the administrator's, not the folder's (docs/live-plugin.md says why). */
export function heldBack(handlers: ReadonlyMap<EventName, CompiledHandler[]>): { kept: Map<EventName, CompiledHandler[]>; held: number } {
  const kept = new Map<EventName, CompiledHandler[]>();
  let held = 0;
  for (const [event, list] of handlers) {
    const managed = list.filter((handler) => handler.source === "managed" || handler.plugin?.managed === true);
    held += list.length - managed.length;
    if (managed.length > 0) kept.set(event, managed);
  }
  return { kept, held };
}

/** The command that trusts a folder, as the notices and `doctor` print it. */
export function trustCommand(folder: string): string {
  return `npx hooks2opencode trust ${shellQuote(folder)}`;
}

export function shellQuote(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The folder's real path (a symlinked checkout), when it can be found. */
export function realPath(folder: string): string | undefined {
  try {
    return realpathSync(folder);
  } catch {
    return undefined;
  }
}
