// Codex CLI's hook files beside Claude's: read automatically when they exist (a project that has
// `.codex/hooks.json` expects its hooks in OpenCode too), the project's in project mode and the
// user's Codex home with --user; never with --settings, which names the only inputs.
import { type CodexText } from "../../schema/dialects/codex/read-codex-hooks.js";
import { codexFiles, readCodexTexts } from "../../schema/dialects/codex/codex-files.js";
import type { Diagnostic } from "../../schema/diagnostics.js";
import type { BuildOptions } from "./plan.js";

export function readCodexInputs(options: BuildOptions, projectDir: string, env: NodeJS.ProcessEnv): { texts: CodexText[]; notes: Diagnostic[] } {
  if (options.settings?.length) return { texts: [], notes: [] };
  const { texts, unreadable } = readCodexTexts(codexFiles({ projectDir, user: options.user === true }, env));
  const notes = unreadable.map((why): Diagnostic => ({
    code: "codex-unreadable",
    severity: "warning",
    file: why.split(":")[0]!,
    line: 1,
    column: 1,
    message: why,
  }));
  return { texts, notes };
}
