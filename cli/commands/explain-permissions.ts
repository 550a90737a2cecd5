// The permissions part of `explain`: every permission rule the plugin carries, in the order Claude
// consults them (deny, then ask, then allow; the first match decides), with the OpenCode tools each
// applies to, how it carries over and where it is written; for `--tool`, only the rules that can
// apply to that tool, and with `--input`, the rule that decides that call. The tools a rule covers
// follow plugin/permissions/evaluate.ts: `Edit(path)` every file-editing tool, `Read(path)` reads
// and searches (and, in deny and ask rules, edits), tool-name globs every tool they match. Pure.
import type { PermissionRow } from "../../plugin/load/carry-permissions.js";
import { compileGlob } from "../../plugin/match/glob.js";
import { APPLY_PATCH, byClaudeName, byOpencodeId, TOOL_TABLE } from "../../plugin/tools/table.js";
import { canonicalName } from "../../schema/claude-tools.js";
import { RULE_LISTS, type RuleList } from "../../schema/permissions/model.js";
import { parsePermissionRule } from "../../schema/permissions/rule-syntax.js";
import { safeText, type Style } from "../terminal.js";

export interface PermissionEntry {
  list: RuleList;
  rule: string;
  where: string;
  status: PermissionRow["status"];
  how?: string;
  /** Claude's tool names it applies to (an MCP name or glob as written). */
  tools: string[];
  /** The OpenCode tools those are. */
  opencode: string[];
}

/** The lines Claude would not take as rules (defaultMode, …) are convert's report's; explain lists rules. */
export function permissionEntries(rows: readonly PermissionRow[]): PermissionEntry[] {
  const entries = rows.flatMap((row): PermissionEntry[] => {
    const space = row.what.indexOf(" ");
    const list = row.what.slice(0, space) as RuleList;
    if (!RULE_LISTS.includes(list)) return [];
    const rule = row.what.slice(space + 1);
    const tools = ruleTools(list, rule);
    return [{ list, rule, where: row.where, status: row.status, ...(row.how ? { how: row.how } : {}), tools, opencode: opencodeTools(tools) }];
  });
  return RULE_LISTS.flatMap((list) => entries.filter((entry) => entry.list === list));
}

/** Claude's tools a rule is checked against, as the plugin checks it. */
export function ruleTools(list: RuleList, text: string): string[] {
  const parsed = parsePermissionRule(text);
  if (!parsed.ok) return [];
  if (parsed.toolGlob) {
    const glob = compileGlob(parsed.tool);
    const named = TOOL_TABLE.map((tool) => tool.claude).filter((name) => glob(name));
    return parsed.tool.startsWith("mcp__") || named.length === 0 ? [...named, parsed.tool] : named;
  }
  const tool = canonicalName(parsed.tool);
  if (parsed.specifier === undefined) return [tool];
  if (tool === "Edit") return ["Edit", "Write"];
  if (tool === "Read") return list === "allow" ? ["Read", "Grep", "Glob"] : ["Read", "Grep", "Glob", "Edit", "Write"];
  return [tool];
}

function opencodeTools(claude: readonly string[]): string[] {
  const ids = claude.flatMap((name) => {
    const mapping = byClaudeName(name);
    if (mapping) return name === "Edit" || name === "Write" ? [mapping.opencode, APPLY_PATCH] : [mapping.opencode];
    return name.startsWith("mcp__") ? [`MCP ${name}`] : [];
  });
  return [...new Set(ids)];
}

/** The rules that can apply to a tool given by Claude name or OpenCode id. */
export function entriesFor(entries: readonly PermissionEntry[], tool: string): PermissionEntry[] {
  const names = tool === APPLY_PATCH ? ["Edit", "Write"] : [byClaudeName(tool)?.claude ?? byOpencodeId(tool)?.claude ?? tool];
  return entries.filter((entry) =>
    names.some((name) => entry.tools.includes(name) || entry.tools.some((glob) => glob.includes("*") && compileGlob(glob)(name))),
  );
}

export function formatPermissionTable(entries: readonly PermissionEntry[], style: Style): string {
  const paint = { exact: style.green, approximated: style.yellow, "not carried": style.red };
  const header = ["#", "LIST", "RULE", "OPENCODE TOOLS", "STATUS"];
  const cells = entries.map((entry, index) => [String(index + 1), entry.list, safeText(entry.rule), entry.opencode.join(", ") || "-", entry.status]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]!.length)));
  const line = (row: string[], last: (text: string) => string = (text) => text) =>
    row
      .map((cell, column) => (column === row.length - 1 ? last(cell) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  const notes = entries.flatMap((entry, index) =>
    entry.how ? [`  ${index + 1}. ${entry.status === "not carried" ? "why" : "how"}: ${safeText(entry.how)}`] : [],
  );
  return `${[
    style.dim(line(header)),
    ...cells.map((row, index) => line(row, paint[entries[index]!.status])),
    "Where each is written:",
    ...entries.map((entry, index) => `  ${index + 1}. ${entry.where}`),
    ...(notes.length > 0 ? ["Notes:", ...notes] : []),
  ].join("\n")}\n`;
}
