// The per-hook report convert prints: translated / degraded (how) / dropped (why). Pure.
import type { ReportRow } from "./classify.js";

export function formatReport(rows: readonly ReportRow[]): string {
  if (rows.length === 0) return "No hooks found.\n";
  const lines: string[] = [];
  for (const row of rows) {
    const matcher = row.entry.matcher === undefined || row.entry.matcher === "" ? "*" : row.entry.matcher;
    lines.push(`  ${row.status.padEnd(10)} ${row.entry.event} [${matcher}] ${row.label}`);
    lines.push(`             at ${row.entry.where}${row.firesOn && row.status !== "dropped" ? `; fires on: ${row.firesOn}` : ""}`);
    for (const note of row.notes) lines.push(`             ${row.status === "dropped" ? "why" : "how"}: ${note}`);
    for (const remark of row.status === "dropped" ? [] : row.remarks) lines.push(`             note: ${remark}`);
  }
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  lines.push(`${rows.length} hook${rows.length === 1 ? "" : "s"}: ${count("translated")} translated, ${count("degraded")} degraded, ${count("dropped")} dropped`);
  return `${lines.join("\n")}\n`;
}
