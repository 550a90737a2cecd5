// A diagnostic names what was wrong, where (file:line:col), and how to fix it. Tests assert `code`.

export type Severity = "error" | "warning";

export interface Diagnostic {
  code: string;
  severity: Severity;
  file: string;
  line: number;
  column: number;
  message: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.severity}: ${d.message} [${d.code}]`;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}
