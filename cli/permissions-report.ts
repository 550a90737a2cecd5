// The permissions part of convert's report: one row per rule or key (exact / approximated / not
// carried, with where it was written and how or why), or, without --permissions, one line saying
// the rules stay behind. Pure.
import type { PermissionRow } from "../plugin/load/carry-permissions.js";
import { safeText, type Style } from "./terminal.js";

export interface PermissionsReport {
  carried: boolean;
  rows: readonly PermissionRow[];
  rules: number;
}

export function formatPermissions(report: PermissionsReport, style: Style, quiet = false): string {
  if (!report.carried) return report.rules === 0 ? "" : `${notCarriedLine(report.rules)}\n`;
  const paint = { exact: style.green, approximated: style.yellow, "not carried": style.red };
  const lines: string[] = [];
  for (const row of report.rows) {
    if (quiet && row.status === "exact") continue;
    lines.push(`  ${paint[row.status](row.status.padEnd(12))} ${safeText(row.what)}`);
    lines.push(style.dim(`               at ${row.where}`));
    if (row.how) lines.push(`               ${row.status === "not carried" ? "why" : "how"}: ${safeText(row.how)}`);
  }
  if (lines.length === 0) return "";
  const count = (status: PermissionRow["status"]) => report.rows.filter((row) => row.status === status).length;
  lines.push(
    `${report.rows.length} permission setting${report.rows.length === 1 ? "" : "s"}: ${count("exact")} exact, ${count("approximated")} approximated, ${count("not carried")} not carried`,
  );
  return `Permissions:\n${lines.join("\n")}\n`;
}

export function notCarriedLine(rules: number): string {
  return `${rules} permission rule${rules === 1 ? "" : "s"} in the settings ${rules === 1 ? "is" : "are"} not carried: OpenCode does not enforce ${rules === 1 ? "it" : "them"} (convert --permissions carries them; docs/permissions.md).`;
}
