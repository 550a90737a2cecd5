// The live plugin's permission rules (`["hooks2opencode", { "permissions": true }]`): read from the
// same settings texts as its hooks (schema/permissions, as convert --permissions reads them), every
// source's rules together, and Claude's trust rule: in a workspace the user has not trusted, the
// `permissions.allow` rules of .claude/settings.local.json are ignored (Claude Code 2.1.195+; deny
// and ask rules, which only restrict, stay). A file that cannot be parsed now keeps the rules it
// had when last read, as its hooks do (live-hooks.ts). `defaultMode` and `additionalDirectories` are
// carried as convert --permissions carries them (scalars.ts); in a folder not trusted, the folders of
// settings.local.json are left out as its allow rules are (each widens what runs without a prompt),
// and its mode stays (the one mode written, plan, only restricts). Pure, but for that memory.
// Source: https://code.claude.com/docs/en/permissions (#manage-permissions, #settings-precedence).
import type { Diagnostic } from "../../schema/diagnostics.js";
import type { SettingsText } from "../../schema/load-settings.js";
import type { Located, PermissionRule, PermissionScalars, PermissionSettings } from "../../schema/permissions/model.js";
import { readPermissions } from "../../schema/permissions/read-permissions.js";
import { carriedScalars, mergeScalars } from "../../schema/permissions/scalars.js";
import { readJsonText } from "../../schema/validate/json-text.js";

/** Each settings file's rules, mode and folders as last parsed, by path. */
export type LastRules = Map<string, Pick<PermissionSettings, "rules" | "defaultMode" | "additionalDirectories">>;

export interface LivePermissions {
  /** The rules in force. */
  rules: PermissionRule[];
  /** Located findings (a rule Claude would not take, a rule that never matches). */
  diagnostics: Diagnostic[];
  /** settings.local.json allow rules left out because the folder is not trusted. */
  ignoredLocalAllow: PermissionRule[];
  /** The mode and folders for OpenCode's config, as convert --permissions carries them. */
  scalars: PermissionScalars | undefined;
  /** settings.local.json additionalDirectories left out because the folder is not trusted. */
  ignoredLocalDirectories: Array<Located<string>>;
}

export function livePermissions(texts: readonly SettingsText[], trusted: boolean, last: LastRules): LivePermissions {
  const settings: PermissionSettings = { rules: [], defaultMode: [], additionalDirectories: [], disableBypassPermissionsMode: [] };
  const diagnostics: Diagnostic[] = [];
  for (const text of texts) {
    if (text.text === undefined || text.file.positions) continue;
    const parses = "root" in readJsonText(text.text);
    // Being saved, or broken: what it said as last read stays (an edit never opens a gap in a deny list).
    const read = parses ? readPermissions([text]) : undefined;
    const kept = read ? read.permissions : last.get(text.file.path);
    if (read) {
      const { rules, defaultMode, additionalDirectories } = read.permissions;
      last.set(text.file.path, { rules, defaultMode, additionalDirectories });
      diagnostics.push(...read.diagnostics);
    }
    settings.rules.push(...(kept?.rules ?? []));
    settings.defaultMode.push(...(kept?.defaultMode ?? []));
    settings.additionalDirectories.push(...(kept?.additionalDirectories ?? []));
  }
  const local = (value: { source: string }) => !trusted && value.source === "local";
  const ignoredLocalAllow = settings.rules.filter((rule) => local(rule) && rule.list === "allow");
  const ignoredLocalDirectories = settings.additionalDirectories.filter(local);
  const inForce: PermissionSettings = {
    ...settings,
    rules: settings.rules.filter((rule) => !ignoredLocalAllow.includes(rule)),
    additionalDirectories: settings.additionalDirectories.filter((dir) => !ignoredLocalDirectories.includes(dir)),
  };
  // settings.local.json's mode wins over the committed files' unless managed settings outrank it, as for a generated plugin and its local hooks file.
  const scalars = mergeScalars(carriedScalars(inForce, false), carriedScalars(inForce, true));
  return { rules: inForce.rules, diagnostics, ignoredLocalAllow, scalars, ignoredLocalDirectories };
}

/** What the live plugin says once, at start-up, when it leaves local allow rules out (as Claude says it). */
export function ignoredAllowNotice(ignored: readonly PermissionRule[], folder: string, trustCommand: string): string | undefined {
  if (ignored.length === 0) return undefined;
  const files = [...new Set(ignored.map((rule) => rule.file))].join(", ");
  return `${ignored.length} permissions.allow rule${ignored.length === 1 ? "" : "s"} of ${files} ${ignored.length === 1 ? "is" : "are"} ignored: ${folder} is not trusted. Trust it with: ${trustCommand}`;
}

/** The same for settings.local.json's additionalDirectories. */
export function ignoredDirectoriesNotice(ignored: ReadonlyArray<Located<string>>, folder: string, trustCommand: string): string | undefined {
  if (ignored.length === 0) return undefined;
  const files = [...new Set(ignored.map((dir) => dir.file))].join(", ");
  return `${ignored.length} permissions.additionalDirectories entr${ignored.length === 1 ? "y" : "ies"} of ${files} ${ignored.length === 1 ? "is" : "are"} ignored: ${folder} is not trusted. Trust it with: ${trustCommand}`;
}
