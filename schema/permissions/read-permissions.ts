// Reads `permissions` from the settings files a conversion already read for hooks (the same texts,
// so the same files: managed, user, project, local, --settings), each rule and key with its
// file:line:col, and the located findings of what Claude would not take. Pure.
// Source: https://code.claude.com/docs/en/permissions (rule syntax, modes, additionalDirectories).
import type { Diagnostic } from "../diagnostics.js";
import type { SettingsText } from "../load-settings.js";
import type { SourceKind } from "../types.js";
import { positionsOf, readJsonText } from "../validate/json-text.js";
import { type Node, properties, property } from "../validate/json-tree.js";
import { lintRule } from "./lint-rules.js";
import { type Located, PERMISSION_MODES, type PermissionRule, type PermissionSettings, type RuleList } from "./model.js";
import { parsePermissionRule } from "./rule-syntax.js";

/** Files whose `permissions` Claude reads: settings files, not plugins' hooks files or frontmatter. */
const SETTINGS_KINDS: ReadonlySet<SourceKind> = new Set(["managed", "user", "project", "local", "cli"]);

const LISTS: readonly RuleList[] = ["allow", "ask", "deny"];

export interface ReadPermissions {
  permissions: PermissionSettings;
  diagnostics: Diagnostic[];
}

export function readPermissions(texts: readonly SettingsText[]): ReadPermissions {
  const permissions: PermissionSettings = { rules: [], defaultMode: [], additionalDirectories: [], disableBypassPermissionsMode: [] };
  const diagnostics: Diagnostic[] = [];
  for (const { file, text } of texts) {
    if (text === undefined || !SETTINGS_KINDS.has(file.kind) || file.positions) continue;
    // A file that is not JSON is reported by the hooks' validation already.
    const read = readJsonText(text);
    if (!("root" in read) || read.root.type !== "object") continue;
    const block = property(read.root, "permissions")?.value;
    if (!block) continue;
    const at = positionsOf(text, read.lineStarts);
    const place = (node: Node) => ({ file: file.display, ...at(node.offset) });
    const finding = (node: Node, code: string, message: string) => diagnostics.push({ code, severity: "warning", ...place(node), message });
    if (block.type !== "object") {
      finding(block, "permissions-not-object", "`permissions` must be an object with `allow`, `ask`, `deny` lists; Claude Code ignores it");
      continue;
    }
    const perMachine = file.perMachine === true;
    for (const [key, value] of properties(block)) {
      const name = String(key.value);
      if ((LISTS as readonly string[]).includes(name)) {
        if (value.type !== "array") {
          finding(value, "permission-list-not-array", `\`permissions.${name}\` must be an array of rules like "Bash(git push *)"`);
          continue;
        }
        for (const item of value.children ?? []) {
          if (item.type !== "string") {
            finding(item, "permission-rule-not-string", `each rule of \`permissions.${name}\` is a string like "Read(./.env)"`);
            continue;
          }
          const rule: PermissionRule = {
            list: name as RuleList,
            text: String(item.value),
            source: file.kind,
            ...place(item),
            ...(perMachine ? { perMachine } : {}),
          };
          const parsed = parsePermissionRule(rule.text);
          if (!parsed.ok) {
            finding(item, "permission-rule-syntax", `${JSON.stringify(rule.text)}: ${parsed.error}; Claude Code ignores this rule`);
            continue;
          }
          permissions.rules.push(rule);
          for (const lint of lintRule(rule, parsed)) finding(item, lint.code, `${JSON.stringify(rule.text)}: ${lint.message}`);
        }
      } else if (name === "defaultMode") {
        const mode = located(value, file.kind, place);
        if (mode === undefined || !PERMISSION_MODES.includes(mode.value)) {
          finding(value, "permission-mode-unknown", `\`permissions.defaultMode\` is one of ${PERMISSION_MODES.join(", ")}`);
        } else permissions.defaultMode.push(mode);
      } else if (name === "disableBypassPermissionsMode") {
        const switched = located(value, file.kind, place);
        if (switched?.value !== "disable") finding(value, "permission-switch-value", '`permissions.disableBypassPermissionsMode` takes "disable"');
        else permissions.disableBypassPermissionsMode.push(switched);
      } else if (name === "additionalDirectories") {
        if (value.type !== "array") {
          finding(value, "permission-list-not-array", "`permissions.additionalDirectories` must be an array of folders");
          continue;
        }
        for (const item of value.children ?? []) {
          const dir = located(item, file.kind, place);
          if (dir) permissions.additionalDirectories.push(dir);
          else finding(item, "permission-rule-not-string", "each entry of `permissions.additionalDirectories` is a folder path");
        }
      }
    }
  }
  return { permissions, diagnostics };
}

function located(node: Node, source: SourceKind, place: (node: Node) => { file: string; line: number; column: number }): Located<string> | undefined {
  return node.type === "string" ? { value: String(node.value), source, ...place(node) } : undefined;
}
