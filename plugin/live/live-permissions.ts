// The live plugin's permission rules (`["hooks2opencode", { "permissions": true }]`): read from the
// same settings texts as its hooks (schema/permissions, as convert --permissions reads them), every
// source's rules together, and Claude's trust rule: in a workspace the user has not trusted, the
// `permissions.allow` rules of .claude/settings.local.json are ignored (Claude Code 2.1.195+; deny
// and ask rules, which only restrict, stay). A file that cannot be parsed now keeps the rules it
// had when last read, as its hooks do (live-hooks.ts). Pure, but for that memory.
// Source: https://code.claude.com/docs/en/permissions (#manage-permissions, #settings-precedence).
import type { Diagnostic } from "../../schema/diagnostics.js";
import type { SettingsText } from "../../schema/load-settings.js";
import type { PermissionRule } from "../../schema/permissions/model.js";
import { readPermissions } from "../../schema/permissions/read-permissions.js";
import { readJsonText } from "../../schema/validate/json-text.js";

/** Each settings file's rules as last parsed, by path. */
export type LastRules = Map<string, PermissionRule[]>;

export interface LivePermissions {
  /** The rules in force. */
  rules: PermissionRule[];
  /** Located findings (a rule Claude would not take, a rule that never matches). */
  diagnostics: Diagnostic[];
  /** settings.local.json allow rules left out because the folder is not trusted. */
  ignoredLocalAllow: PermissionRule[];
}

export function livePermissions(texts: readonly SettingsText[], trusted: boolean, last: LastRules): LivePermissions {
  const rules: PermissionRule[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const text of texts) {
    if (text.text === undefined || text.file.positions) continue;
    const parses = "root" in readJsonText(text.text);
    if (!parses) {
      // Being saved, or broken: its rules as last read stay (an edit never opens a gap in a deny list).
      rules.push(...(last.get(text.file.path) ?? []));
      continue;
    }
    const read = readPermissions([text]);
    last.set(text.file.path, read.permissions.rules);
    rules.push(...read.permissions.rules);
    diagnostics.push(...read.diagnostics);
  }
  const ignoredLocalAllow = trusted ? [] : rules.filter(untrustedLocalAllow);
  return { rules: trusted ? rules : rules.filter((rule) => !untrustedLocalAllow(rule)), diagnostics, ignoredLocalAllow };
}

function untrustedLocalAllow(rule: PermissionRule): boolean {
  return rule.list === "allow" && rule.source === "local";
}

/** What the live plugin says once, at start-up, when it leaves local allow rules out (as Claude says it). */
export function ignoredAllowNotice(ignored: readonly PermissionRule[], folder: string, trustCommand: string): string | undefined {
  if (ignored.length === 0) return undefined;
  const files = [...new Set(ignored.map((rule) => rule.file))].join(", ");
  return `${ignored.length} permissions.allow rule${ignored.length === 1 ? "" : "s"} of ${files} ${ignored.length === 1 ? "is" : "are"} ignored: ${folder} is not trusted. Trust it with: ${trustCommand}`;
}
