// Permission rules that never match in Claude Code either: a tool name it does not know (names are
// case-sensitive), a path rule on a tool whose file checks read only Edit and Read rules, `:*`
// before the end of a Bash pattern, a parameter rule on a tool's primary field, an allow glob not
// anchored at an MCP server, a path rule that climbs out of its anchor. And the legacy `:*` form
// whose reading changed: `Bash(npm run test:*)` is `Bash(npm run test *)`, with a word boundary.
// Source: https://code.claude.com/docs/en/permissions (#tool-name-wildcards, #wildcard-patterns,
// #match-by-input-parameter, #read-and-edit).
import { CLAUDE_TOOLS, LEGACY_ALIASES, REMOVED_TOOLS } from "../claude-tools.js";
import type { PermissionRule } from "./model.js";
import { anchoredAllowGlob, type ParsedPermissionRule } from "./rule-syntax.js";

export interface RuleLint {
  code: string;
  message: string;
}

/** Tools whose file permission checks read Edit and Read rules instead (their path rules are never consulted). */
const FILE_RULE_INSTEAD: Readonly<Record<string, string>> = { Write: "Edit", NotebookEdit: "Edit", MultiEdit: "Edit", Glob: "Read" };

/** Each tool's primary input field, which a `param:value` rule cannot match. */
const PRIMARY_FIELD: Readonly<Record<string, string>> = {
  Bash: "command",
  PowerShell: "command",
  Read: "file_path",
  Edit: "file_path",
  Write: "file_path",
  Grep: "path",
  Glob: "path",
  NotebookEdit: "notebook_path",
  WebFetch: "url",
};

const PATH_TOOLS = new Set(["Read", "Edit"]);

/** The Bash and PowerShell input fields besides `command` (https://code.claude.com/docs/en/tools-reference): `timeout:…` is a parameter rule. */
const SHELL_PARAMS = new Set(["command", "timeout", "description", "run_in_background", "dangerouslyDisableSandbox"]);

const KNOWN = new Set<string>([...CLAUDE_TOOLS, ...Object.keys(LEGACY_ALIASES), ...REMOVED_TOOLS]);

export function lintRule(rule: PermissionRule, parsed: Extract<ParsedPermissionRule, { ok: true }>): RuleLint[] {
  const { tool, specifier } = parsed;
  const lints: RuleLint[] = [];
  if (parsed.toolGlob) {
    if (rule.list === "allow" && !anchoredAllowGlob(tool))
      lints.push({
        code: "permission-allow-glob",
        message: "an allow rule takes a tool-name glob only after a literal `mcp__<server>__`; Claude Code skips this one",
      });
    return lints;
  }
  if (!KNOWN.has(tool) && !tool.includes("_")) {
    const sameLetters = CLAUDE_TOOLS.find((name) => name.toLowerCase() === tool.toLowerCase());
    lints.push({
      code: "permission-rule-unknown-tool",
      message: sameLetters
        ? `tool names are case-sensitive: \`${tool}\` matches no tool, write \`${sameLetters}\``
        : `\`${tool}\` is not a Claude Code tool name; the rule matches nothing`,
    });
    return lints;
  }
  if (specifier === undefined) return lints;
  const instead = FILE_RULE_INSTEAD[tool];
  if (instead)
    lints.push({
      code: "permission-rule-never-consulted",
      message: `Claude Code checks file permissions against Edit and Read rules only: write \`${instead}(${specifier})\``,
    });
  const param = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:/.exec(specifier)?.[1];
  if (param !== undefined && PRIMARY_FIELD[tool] === param)
    lints.push({
      code: "permission-rule-primary-param",
      message: `\`${param}\` is the tool's primary field, which a \`${param}:value\` rule cannot match; Claude Code ignores it`,
    });
  if ((tool === "Bash" || tool === "PowerShell") && (param === undefined || !SHELL_PARAMS.has(param))) {
    if (specifier.slice(0, -2).includes(":*"))
      lints.push({
        code: "permission-rule-colon-star",
        message: "`:*` is a wildcard only at the end of a pattern; here the colon is literal and the rule matches no command",
      });
    else if (specifier.endsWith(":*") && /\s/.test(specifier.trim()))
      lints.push({
        code: "permission-rule-legacy-prefix",
        message: `\`:*\` means \` *\` (a word boundary): this matches \`${specifier.slice(0, -2)}\` and \`${specifier.slice(0, -2)} <args>\`, not \`${specifier.slice(0, -2)}:<name>\`; write \`${tool}(${specifier.slice(0, -2)} *)\`, or \`${tool}(${specifier.slice(0, -2)}*)\` for any continuation`,
      });
  }
  if (PATH_TOOLS.has(tool) && !specifier.startsWith("//") && !specifier.startsWith("~/") && climbsOut(specifier.replace(/^\.?\//, "")))
    lints.push({
      code: "permission-rule-outside-project",
      message:
        "a path rule matches only files under its anchor (the project or the current folder); this one climbs out of it with `..` and matches nothing: use `//` for an absolute path or `~/`",
    });
  return lints;
}

/** Whether a relative path goes above its start (`../x`, `a/../../x`). */
function climbsOut(relative: string): boolean {
  let depth = 0;
  for (const part of relative.split("/")) {
    if (part === "..") depth--;
    else if (part !== "." && part !== "") depth++;
    if (depth < 0) return true;
  }
  return false;
}
