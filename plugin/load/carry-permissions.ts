// What `convert --permissions` does with each of Claude's permission settings: a deny rule is
// enforced in tool.execute.before and an allow rule answers OpenCode's permission prompt (both with
// Claude's matching: plugin/permissions/evaluate.ts); an ask rule and the scalar keys are not carried
// yet. One row per rule or key, with where it was written and how it carries over. Pure.
// Source: https://code.claude.com/docs/en/permissions (#manage-permissions, #read-and-edit,
// #project-allow-rules-and-workspace-trust, #permission-modes, #working-directories).
import { where, type Located, type PermissionRule, type PermissionSettings } from "../../schema/permissions/model.js";
import { parsePermissionRule } from "../../schema/permissions/rule-syntax.js";
import { CLAUDE_TOOLS } from "../../schema/claude-tools.js";
import { byClaudeName } from "../tools/table.js";

export type CarryStatus = "exact" | "approximated" | "not carried";

export interface PermissionRow {
  /** `deny Bash(git push *)`, `defaultMode acceptEdits`. */
  what: string;
  where: string;
  status: CarryStatus;
  /** How it is approximated, or why it is not carried. */
  how?: string;
}

const NOT_YET_ASK = "not carried yet (needs OpenCode permission config): OpenCode decides these calls as its own `permission` config says";
const LOCAL =
  "settings.local.json is this machine's: its rules are not in the committed plugin yet (write them in .claude/settings.json, or use the live plugin later)";

export function carryPermissions(settings: PermissionSettings, carried: ReadonlySet<PermissionRule>): PermissionRow[] {
  const rows = settings.rules.map((rule) => ruleRow(rule, carried.has(rule)));
  const scalar = (key: string, values: readonly Located<string>[], how: (value: string) => string) =>
    values.map((value): PermissionRow => ({ what: `${key} ${value.value}`, where: where(value), status: "not carried", how: how(value.value) }));
  return [
    ...rows,
    ...scalar("defaultMode", settings.defaultMode, (mode) => modeWhy(mode)),
    ...scalar(
      "additionalDirectories",
      settings.additionalDirectories,
      () => "not carried yet: OpenCode's `external_directory` permission would grant it (OpenCode asks before touching files outside the project)",
    ),
    ...scalar("disableBypassPermissionsMode", settings.disableBypassPermissionsMode, () => "nothing to carry: OpenCode has no bypass-permissions mode"),
  ];
}

function ruleRow(rule: PermissionRule, carried: boolean): PermissionRow {
  const row = (status: CarryStatus, how?: string): PermissionRow => ({
    what: `${rule.list} ${rule.text}`,
    where: where(rule),
    status,
    ...(how ? { how } : {}),
  });
  if (!carried) return row("not carried", rule.perMachine ? LOCAL : "not in the settings this plugin embeds");
  const parsed = parsePermissionRule(rule.text);
  if (!parsed.ok) return row("not carried", parsed.error);
  if (rule.list === "ask") return row("not carried", NOT_YET_ASK);
  const missing = !parsed.toolGlob && !parsed.tool.startsWith("mcp__") && !byClaudeName(parsed.tool);
  if (missing && CLAUDE_TOOLS.includes(parsed.tool)) return row("not carried", `OpenCode has no ${parsed.tool} tool: nothing to ${rule.list}`);
  if (missing)
    return row(
      "not carried",
      `\`${parsed.tool}\` is no tool OpenCode has: the rule matches nothing there (nor in Claude, unless it is a tool name of its own)`,
    );
  if (rule.list === "allow") {
    const how = ["answers OpenCode's permission prompt for a matching call (OpenCode asks only where its `permission` config says `ask`)"];
    if (parsed.tool === "Bash" && parsed.specifier !== undefined)
      how.push("a command with `$(…)`, `$VAR` or a leading assignment is never allowed by a pattern (Claude may allow some)");
    if (rule.source === "project") how.push("applied without Claude's workspace-trust step (`claude -p` never applies project allow rules)");
    return row(how.length > 1 ? "approximated" : "exact", how.join("; "));
  }
  // deny
  if (parsed.specifier === undefined && !parsed.toolGlob)
    return row("approximated", "the tool stays in the model's tool list (Claude removes it); each call is denied with Claude's message");
  if (parsed.toolGlob) return row("approximated", "the matching tools stay in the model's tool list (Claude removes them); each call is denied");
  if (parsed.tool === "Read" || parsed.tool === "Edit")
    return row(
      "approximated",
      `${parsed.tool === "Read" ? "`cat`, `head`, `sed` …" : "redirections (`> file`) and `sed -i` …"} in Bash commands are not checked against it (Claude checks the commands it recognizes)`,
    );
  if (parsed.tool === "Bash")
    return row(
      "approximated",
      "a command Claude cannot analyse (`$(…)`, `$VAR` with a pattern naming arguments, unbalanced quotes) is matched on its literal text, where Claude would ask",
    );
  return row("exact");
}

function modeWhy(mode: string): string {
  switch (mode) {
    case "default":
    case "manual":
      return "nothing to carry: OpenCode asks as its `permission` config says";
    case "acceptEdits":
      return 'the closest OpenCode setting is `"permission": { "edit": "allow" }`';
    case "plan":
      return "OpenCode's closest is its `plan` agent";
    case "bypassPermissions":
      return 'the closest OpenCode setting is `"permission": "allow"`';
    default:
      return `OpenCode has no \`${mode}\` mode`;
  }
}
