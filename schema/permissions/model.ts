// Claude Code's `permissions` settings as hooks2opencode reads them: each rule of `allow`, `ask` and
// `deny` with the file, line and column it was written at, and the scalar keys with theirs. Rules
// combine across every settings file (managed, user, project, local); the lists never replace
// each other, and deny > ask > allow whatever the file order.
// Source: https://code.claude.com/docs/en/permissions#manage-permissions, #settings-precedence.
import type { SourceKind } from "../types.js";

export type RuleList = "allow" | "ask" | "deny";

/** The lists in Claude's evaluation order: the first list with a matching rule decides. */
export const RULE_LISTS: readonly RuleList[] = ["deny", "ask", "allow"];

/** Where something was written: the settings file as reports name it, and its place there. */
export interface Place {
  file: string;
  line: number;
  column: number;
}

export interface PermissionRule extends Place {
  list: RuleList;
  /** The rule as written (`Bash(git push *)`). */
  text: string;
  /** The settings source it came from: `/path` rules anchor at it. */
  source: SourceKind;
  /** From settings.local.json (this machine's). */
  perMachine?: boolean;
}

export interface Located<T> extends Place {
  value: T;
  source: SourceKind;
}

export interface PermissionSettings {
  rules: PermissionRule[];
  defaultMode: Located<string>[];
  additionalDirectories: Located<string>[];
  disableBypassPermissionsMode: Located<string>[];
}

/** What a plugin carries of the scalar keys, for OpenCode's config (the highest-ranked file's mode; every file's directories). */
export interface PermissionScalars {
  defaultMode?: string;
  /** The committed plugin's defaultMode came from managed settings (or --settings), which outrank settings.local.json. */
  defaultModeOutranksLocal?: boolean;
  additionalDirectories?: string[];
}

/** Claude Code's permission modes (`manual` is an alias of `default` since 2.1.200). */
export const PERMISSION_MODES: readonly string[] = ["default", "manual", "acceptEdits", "plan", "auto", "dontAsk", "bypassPermissions"];

/** `file:line:col` of a place. */
export function where(place: Place): string {
  return `${place.file}:${place.line}:${place.column}`;
}
