// What `convert --permissions` does with each of Claude's permission settings: a deny rule is
// enforced in tool.execute.before and an allow rule answers OpenCode's permission prompt (both with
// Claude's matching: plugin/permissions/evaluate.ts); an ask rule, and an allow or deny rule OpenCode's
// globs say no more broadly, go into OpenCode's own permission config (plugin/permissions/
// opencode-rules.ts), as do additionalDirectories and defaultMode plan. One row per rule or key, with
// where it was written and how it carries over. Pure.
// Source: https://code.claude.com/docs/en/permissions (#manage-permissions, #read-and-edit,
// #project-allow-rules-and-workspace-trust, #permission-modes, #working-directories).
import { where, type Located, type PermissionRule, type PermissionSettings } from "../../schema/permissions/model.js";
import { parsePermissionRule } from "../../schema/permissions/rule-syntax.js";
import { CLAUDE_TOOLS } from "../../schema/claude-tools.js";
import { byClaudeName } from "../tools/table.js";
import { defaultAgentFor, mapRule, type MappingPlace, type RuleMapping, written } from "../permissions/opencode-rules.js";

export type CarryStatus = "exact" | "approximated" | "not carried";

export interface PermissionRow {
  /** `deny Bash(git push *)`, `defaultMode acceptEdits`. */
  what: string;
  where: string;
  status: CarryStatus;
  /** How it is approximated, or why it is not carried. */
  how?: string;
}

const ASKS_AS_HOOK = "the plugin asks as for a PreToolUse `ask`: the call is not run in that turn, and OpenCode asks the user when the model makes it again";

/** Where the report's OpenCode patterns start: the project at the git root. */
const REPORT_PLACE: MappingPlace = { projectDir: "/project", worktree: "/project", home: "/home/you", configDir: "/home/you/.claude" };
const LOCAL =
  "settings.local.json is this machine's: its rules are not in the committed plugin yet (write them in .claude/settings.json, or use the live plugin later)";

export function carryPermissions(settings: PermissionSettings, carried: ReadonlySet<PermissionRule>): PermissionRow[] {
  const rows = settings.rules.map((rule) => ruleRow(rule, carried.has(rule)));
  const scalar = (key: string, values: readonly Located<string>[], how: (value: string) => string) =>
    values.map((value): PermissionRow => ({ what: `${key} ${value.value}`, where: where(value), status: "not carried", how: how(value.value) }));
  return [
    ...rows,
    ...settings.defaultMode.map((mode): PermissionRow => ({
      what: `defaultMode ${mode.value}`,
      where: where(mode),
      status: defaultAgentFor(mode.value) ? "approximated" : "not carried",
      how: modeWhy(mode.value),
    })),
    ...settings.additionalDirectories.map((dir): PermissionRow => ({
      what: `additionalDirectories ${dir.value}`,
      where: where(dir),
      status: "exact",
      how: "OpenCode's `external_directory` permission allows the folder and everything under it (its read and edit rules apply there, as Claude's mode does)",
    })),
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
  const mapping = mapRule(rule, REPORT_PLACE);
  const missing = !parsed.toolGlob && !parsed.tool.startsWith("mcp__") && !byClaudeName(parsed.tool);
  if (missing && CLAUDE_TOOLS.includes(parsed.tool)) return row("not carried", `OpenCode has no ${parsed.tool} tool: nothing to ${rule.list}`);
  if (missing)
    return row(
      "not carried",
      `\`${parsed.tool}\` is no tool OpenCode has: the rule matches nothing there (nor in Claude, unless it is a tool name of its own)`,
    );
  if (rule.list === "ask") {
    if (!written("ask", mapping)) return row("approximated", `OpenCode's permission config cannot say it (${mapping.how}); ${ASKS_AS_HOOK}`);
    const asks = `OpenCode asks, by its permission config: ${targets(mapping)}`;
    return mapping.cover === "same"
      ? row("exact", asks)
      : row("approximated", `${asks}; ${mapping.how}; where that misses a call the rule matches, ${ASKS_AS_HOOK}`);
  }
  if (rule.list === "allow") {
    const how = ["answers OpenCode's permission prompt for a matching call (OpenCode asks only where its `permission` config says `ask`)"];
    if (parsed.tool === "Bash" && parsed.specifier !== undefined)
      how.push("a command with `$(…)`, `$VAR` or a leading assignment is never allowed by a pattern (Claude may allow some)");
    if (rule.source === "project") how.push("applied without Claude's workspace-trust step (`claude -p` never applies project allow rules)");
    const status = how.length > 1 ? "approximated" : "exact";
    if (written("allow", mapping)) how.push(`OpenCode's permission config allows it too, so OpenCode does not ask: ${targets(mapping)}`);
    return row(status, how.join("; "));
  }
  // deny
  const hides = written("deny", mapping) && mapping.targets.every((target) => target.pattern === "*");
  if (parsed.specifier === undefined && !parsed.toolGlob)
    return hides
      ? row("exact", "OpenCode's permission config denies the tool, which takes it out of the model's tool list as Claude does")
      : row("approximated", "the tool stays in the model's tool list (Claude removes it); each call is denied with Claude's message");
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
      return 'OpenCode applies edits without asking unless its config says `"edit": "ask"`, which hooks2opencode does not lift (the closest setting: `"permission": { "edit": "allow" }`); Claude also accepts mkdir, touch, mv and cp in this mode';
    case "plan":
      return "sessions start in OpenCode's `plan` agent (`default_agent`, unless your OpenCode config names one): it denies edits, but runs commands as your permission config says, where Claude's plan mode runs none";
    case "bypassPermissions":
      return 'not written: it would lift the prompts your own OpenCode config asks for (the closest: `"permission": "allow"`, or `opencode run --auto`)';
    case "dontAsk":
      return 'OpenCode cannot turn every prompt into a denial (the closest: `"permission": { "*": "deny" }` with your allow rules after it)';
    case "auto":
      return "OpenCode has no auto-mode classifier";
    default:
      return `OpenCode has no \`${mode}\` mode`;
  }
}

/** `bash "git push *"`, as the report shows OpenCode's keys and patterns. */
function targets(mapping: RuleMapping): string {
  return mapping.targets.map((target) => `${target.permission} ${JSON.stringify(target.pattern)}`).join(", ");
}
