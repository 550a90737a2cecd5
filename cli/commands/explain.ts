// `hooks2opencode explain`: every hook of the settings in one table (event, matcher and `if`, the
// handler, the OpenCode channel it runs on, the tools it fires on, and translated / degraded /
// dropped), with the notes below it: what a reviewer reads before approving a change to a project's
// hooks. The same rows as convert's report (classify.ts); nothing is written.
import { hasErrors } from "../../schema/diagnostics.js";
import { eventInfo, isEventName } from "../../schema/events.js";
import { shown } from "../../schema/shown.js";
import { AGENT_NAMES } from "../../schema/dialects/agents.js";
import { buildOutputs } from "../build/build-plugin.js";
import type { BuildOptions } from "../build/plan.js";
import type { ReportRow, Status } from "../../plugin/load/classify.js";
import { EXIT } from "../errors.js";
import { eventName, formatDiagnosticLine, reportRowsJson } from "../format-report.js";
import { hasNoSettings, noSettingsError } from "../build/no-settings.js";
import { packageVersion } from "../package-info.js";
import { firstLine, type OutputOptions, outputFor, safeText, type Style } from "../terminal.js";

export type ExplainOptions = BuildOptions & OutputOptions;

const HANDLER_WIDTH = 48;

export async function explain(options: ExplainOptions = {}): Promise<{ exitCode: number }> {
  const { print, printError, style } = outputFor(options);
  const build = await buildOutputs(options);
  if (hasNoSettings(build)) throw noSettingsError(build, options);
  const exitCode = hasErrors(build.diagnostics) ? EXIT.invalidSettings : EXIT.ok;
  if (options.json) {
    const hooks = reportRowsJson(build.rows).map((row, index) => ({ ...row, channels: build.rows[index]!.channels ?? [], tools: toolsOf(build.rows[index]!) }));
    print(`${JSON.stringify({ version: packageVersion(), inputs: build.inputs, exitCode, hooks, diagnostics: build.diagnostics }, null, 2)}\n`);
    return { exitCode };
  }
  for (const diagnostic of build.diagnostics) printError(`${formatDiagnosticLine(diagnostic, style)}\n`);
  if (build.inputs.length > 0) print(`${build.inputs.join(", ")}: ${build.rows.length} hook${build.rows.length === 1 ? "" : "s"}\n`);
  if (build.rows.length > 0) print(formatTable(build.rows, style));
  if (build.rows.some((row) => row.entry.source === "project" && row.status !== "dropped"))
    print("Project hooks run these commands from the repository, with your permissions, whenever OpenCode opens it: review them as code.\n");
  return { exitCode };
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
