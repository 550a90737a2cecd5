// The per-hook report convert prints: translated / degraded (how) / dropped (why), with where each
// hook fires in OpenCode. Text from settings files is printed safely (terminal.ts). Pure.
import type { Diagnostic } from "../schema/diagnostics.js";
import type { ReportRow, Status } from "../plugin/load/classify.js";
import { shown } from "../schema/shown.js";
import { AGENT_NAMES } from "../schema/dialects/agents.js";
import { firstLine, safeText, type Style } from "./terminal.js";

export interface ReportOptions {
  style: Style;
  /** Only the rows that are not translated as they are. */
  quiet?: boolean;
}

/** A long report ends with a line per event, so a large settings file can be read at a glance. */
const SUMMARY_AFTER = 15;

export function formatReport(rows: readonly ReportRow[], options: ReportOptions): string {
  if (rows.length === 0) return options.quiet ? "" : "No hooks found.\n";
  const { style } = options;
  const paint: Record<Status, (text: string) => string> = { translated: style.green, degraded: style.yellow, dropped: style.red };
  const lines: string[] = [];
  for (const row of rows) {
    if (options.quiet && row.status === "translated") continue;
    const matcher = row.entry.matcher === undefined || row.entry.matcher === "" ? "*" : safeText(shown(row.entry.matcher));
    const condition = typeof row.entry.handler.if === "string" ? ` if ${safeText(shown(row.entry.handler.if))}` : "";
    // Another agent's hook says whose it is; Claude's lines stay as they were.
    const agent = row.entry.dialect ? ` (${AGENT_NAMES[row.entry.dialect]})` : "";
    lines.push(`  ${paint[row.status](row.status.padEnd(10))} ${eventName(row)} [${matcher}]${condition} ${firstLine(row.label)}${agent}`);
    lines.push(style.dim(`             at ${row.entry.where}${row.firesOn && row.status !== "dropped" ? `; fires on: ${row.firesOn}` : ""}`));
    for (const note of row.notes) lines.push(`             ${row.status === "dropped" ? "why" : "how"}: ${safeText(note)}`);
    for (const remark of row.status === "dropped" ? [] : row.remarks) lines.push(`             note: ${safeText(remark)}`);
  }
  if (rows.length > SUMMARY_AFTER) {
    for (const [event, counted] of Object.entries(countBy(rows, eventName))) lines.push(`  ${event}: ${countsText(counted)}`);
  }
  // Quiet and every hook translated as it is: no problem, nothing to print.
  if (options.quiet && lines.length === 0) return "";
  lines.push(`${rows.length} hook${rows.length === 1 ? "" : "s"}: ${countsText(rows)}`);
  return `${lines.join("\n")}\n`;
}

export function counts(rows: readonly ReportRow[]): Record<Status, number> {
  const count = (status: Status) => rows.filter((row) => row.status === status).length;
  return { translated: count("translated"), degraded: count("degraded"), dropped: count("dropped") };
}

function countsText(rows: readonly ReportRow[]): string {
  const { translated, degraded, dropped } = counts(rows);
  return `${translated} translated, ${degraded} degraded, ${dropped} dropped`;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, T[]> {
  const groups: Record<string, T[]> = {};
  for (const item of items) (groups[key(item)] ??= []).push(item);
  return groups;
}

/** `file:line:col: severity: message [code]`, the severity coloured. */
export function formatDiagnosticLine(diagnostic: Diagnostic, style: Style): string {
  const severity = diagnostic.severity === "error" ? style.red("error") : style.yellow("warning");
  return `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}: ${severity}: ${safeText(diagnostic.message)} [${diagnostic.code}]`;
}

/** The report as data, for --json: one object per hook, in settings order. */
export function reportRowsJson(rows: readonly ReportRow[]): object[] {
  return rows.map((row) => ({
    event: eventName(row),
    // Another agent's event names its own; the engine event (Claude's) it runs as, when it runs as one of another name.
    ...(row.entry.agentEvent && row.entry.agentEvent !== row.entry.event ? { runsAs: row.entry.event } : {}),
    matcher: row.entry.matcher ?? null,
    if: typeof row.entry.handler.if === "string" ? row.entry.handler.if : null,
    type: row.entry.handler.type,
    handler: row.label,
    source: row.entry.source,
    ...(row.entry.dialect ? { agent: row.entry.dialect } : {}),
    where: row.entry.where,
    status: row.status,
    notes: row.notes,
    remarks: row.remarks,
    firesOn: row.firesOn ?? null,
  }));
}

/** The event as its hook's author wrote it: another agent's own name (Gemini's `BeforeTool`), else Claude's. */
export function eventName(row: ReportRow): string {
  return row.entry.agentEvent ?? row.entry.event;
}
