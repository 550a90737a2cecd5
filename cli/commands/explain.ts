// `hooks2opencode explain`: every hook of the settings in one table (event, matcher and `if`, the
// handler, the OpenCode channel it runs on, the tools it fires on, and translated / degraded /
// dropped), with the notes below it: what a reviewer reads before approving a change to a project's
// hooks. The same rows as convert's report (classify.ts); nothing is written. With the permission
// rules carried (--permissions, or recorded by convert), the rules too, in Claude's order
// (explain-permissions.ts); `--tool` narrows them to one tool and `--input` says which decides a call.
import { hasErrors } from "../../schema/diagnostics.js";
import { eventInfo, isEventName } from "../../schema/events.js";
import { shown } from "../../schema/shown.js";
import { AGENT_NAMES } from "../../schema/dialects/agents.js";
import { buildOutputs } from "../build/build-plugin.js";
import type { BuildOptions } from "../build/plan.js";
import type { ReportRow, Status } from "../../plugin/load/classify.js";
import { EXIT, UsageError } from "../errors.js";
import { compilePermissions } from "../../plugin/permissions/evaluate.js";
import { claudeConfigDir } from "../../schema/load-settings.js";
import { notCarriedLine } from "../permissions-report.js";
import { type CallVerdict, callVerdict, verdictText } from "../simulate/permission-verdict.js";
import { entriesFor, formatPermissionTable, type PermissionEntry, permissionEntries } from "./explain-permissions.js";
import { eventName, formatDiagnosticLine, reportRowsJson } from "../format-report.js";
import { hasNoSettings, noSettingsError } from "../build/no-settings.js";
import { packageVersion } from "../package-info.js";
import { firstLine, type OutputOptions, outputFor, safeText, type Style } from "../terminal.js";

export interface ExplainOptions extends BuildOptions, OutputOptions {
  /** Only the permission rules that can apply to this tool (Claude name or OpenCode id). */
  tool?: string;
  /** With `tool`: the call's input (JSON: Claude's tool_input, or OpenCode's args for an OpenCode id); says which rule decides it. */
  input?: string;
}

const HANDLER_WIDTH = 48;

export async function explain(options: ExplainOptions = {}): Promise<{ exitCode: number }> {
  const { print, printError, style } = outputFor(options);
  const build = await buildOutputs(options);
  if (hasNoSettings(build)) throw noSettingsError(build, options);
  const exitCode = hasErrors(build.diagnostics) ? EXIT.invalidSettings : EXIT.ok;
  if (options.input !== undefined && options.tool === undefined) throw new UsageError("--input needs --tool: the tool the call is made with");
  const input = options.input === undefined ? undefined : callInput(options.input);
  const all = permissionEntries(build.permissions.rows);
  const entries = options.tool === undefined ? all : entriesFor(all, options.tool);
  const rules = [...(build.config?.permissions ?? []), ...(build.localConfig?.permissions ?? [])];
  const decides =
    input === undefined || options.tool === undefined
      ? undefined
      : callVerdict(compilePermissions(rules, { configDir: claudeConfigDir() }), options.tool, input, build.projectDir);
  if (options.json) {
    const permissions = {
      carried: build.permissions.carried,
      rules: build.permissions.carried ? entries : [],
      ...(options.tool !== undefined ? { tool: options.tool } : {}),
      ...(decides !== undefined ? { decides } : {}),
    };
    const hooks = reportRowsJson(build.rows).map((row, index) => ({ ...row, channels: build.rows[index]!.channels ?? [], tools: toolsOf(build.rows[index]!) }));
    print(`${JSON.stringify({ version: packageVersion(), inputs: build.inputs, exitCode, hooks, permissions, diagnostics: build.diagnostics }, null, 2)}\n`);
    return { exitCode };
  }
  for (const diagnostic of build.diagnostics) printError(`${formatDiagnosticLine(diagnostic, style)}\n`);
  if (build.inputs.length > 0) print(`${build.inputs.join(", ")}: ${build.rows.length} hook${build.rows.length === 1 ? "" : "s"}\n`);
  if (build.rows.length > 0) print(formatTable(build.rows, style));
  if (build.rows.some((row) => row.entry.source === "project" && row.status !== "dropped"))
    print("Project hooks run these commands from the repository, with your permissions, whenever OpenCode opens it: review them as code.\n");
  print(permissionsText(build.permissions, entries, options.tool, decides, style));
  return { exitCode };
}

/** The permissions part: the rules carried, in Claude's order, or one line saying they are not carried. */
function permissionsText(
  permissions: { carried: boolean; rules: number },
  entries: readonly PermissionEntry[],
  tool: string | undefined,
  decides: CallVerdict | null | undefined,
  style: Style,
): string {
  if (!permissions.carried) return permissions.rules === 0 ? "" : `${notCarriedLine(permissions.rules)}\n`;
  const scope = tool === undefined ? "" : ` that can apply to ${safeText(tool)}`;
  const title = `Permission rules${scope}, in the order Claude consults them (deny, then ask, then allow; the first that matches decides):\n`;
  const table = entries.length > 0 ? title + formatPermissionTable(entries, style) : `No permission rule${scope}: OpenCode's own permission check decides.\n`;
  return decides === undefined ? table : `${table}This call: ${safeText(verdictText(decides))}\n`;
}

/** --input: JSON of the call's input. */
function callInput(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--input is not JSON: ${(error as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new UsageError("--input must be a JSON object (the tool's input)");
  return value as Record<string, unknown>;
}

/** The tools a tool event's hook fires on; lifecycle events fire on no tool. */
function toolsOf(row: ReportRow): string[] {
  // Another agent's event with no Claude name (Codex's Interrupt) rides no engine event: no tool.
  return isEventName(row.entry.event) && eventInfo(row.entry.event).toolEvent && row.firesOn && row.status !== "dropped" ? row.firesOn.split(", ") : [];
}

export function formatTable(rows: readonly ReportRow[], style: Style): string {
  const paint: Record<Status, (text: string) => string> = { translated: style.green, degraded: style.yellow, dropped: style.red };
  const cells = rows.map((row, index) => [
    String(index + 1),
    eventName(row),
    row.entry.matcher === undefined || row.entry.matcher === "" ? "*" : safeText(shown(row.entry.matcher, 40)),
    typeof row.entry.handler.if === "string" ? safeText(shown(row.entry.handler.if, 40)) : "-",
    `${row.entry.handler.type}: ${clip(firstLine(row.label), HANDLER_WIDTH)}`,
    row.status === "dropped" ? "-" : (row.channels ?? []).join(", ") || "-",
    toolsOf(row).join(", ") || "-",
    row.status,
  ]);
  const header = ["#", "EVENT", "MATCHER", "IF", "HANDLER", "OPENCODE CHANNEL", "TOOLS", "STATUS"];
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => row[column]!.length)));
  const line = (row: string[], paintStatus: (text: string) => string = (text) => text) =>
    row
      .map((cell, column) => (column === row.length - 1 ? paintStatus(cell) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  const lines = [style.dim(line(header)), ...cells.map((row, index) => line(row, paint[rows[index]!.status]))];
  const notes = rows.flatMap((row, index) => [
    ...row.notes.map((note) => `  ${index + 1}. ${row.status === "dropped" ? "why" : "how"}: ${safeText(note)}`),
    ...(row.status === "dropped" ? [] : row.remarks).map((remark) => `  ${index + 1}. note: ${safeText(remark)}`),
  ]);
  const where = rows.map(
    (row, index) => `  ${index + 1}. ${row.entry.where} (${row.entry.source}${row.entry.dialect ? `, ${AGENT_NAMES[row.entry.dialect]}` : ""})`,
  );
  return `${[...lines, "Where each is defined:", ...where, ...(notes.length > 0 ? ["Notes:", ...notes] : [])].join("\n")}\n`;
}

function clip(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}
