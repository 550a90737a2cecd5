// Renders the generated plugin: header, the hooks it replays as readable data, then the bundled
// runtime. Same inputs, same bytes. Pure.
import type { PluginConfig } from "../plugin/config.js";
import type { ReportRow } from "./classify.js";
import { comment, renderHeader, sha256 } from "./generated-header.js";

export interface RenderInput {
  config: PluginConfig;
  rows: ReportRow[];
  runtime: string;
  sources: string[];
  texts: Array<{ display: string; text: string }>;
  command: string;
}

export function renderPlugin(input: RenderInput): string {
  const dropped = input.rows.filter((row) => row.status === "dropped");
  const body = [
    "/* eslint-disable */ // generated code: linters have nothing to fix here (and must not: check would report an edit)",
    "// Claude Code hooks replayed in OpenCode by hooks2opencode: each handler runs with Claude's input,",
    "// matcher, `if`, timeout and exit-code rules. Drop-in: OpenCode loads this file from .opencode/plugins/.",
    ...(dropped.length > 0
      ? ["//", "// Not replayed:", ...dropped.map((row) => comment(`  ${row.entry.event} ${JSON.stringify(row.label)} (${row.entry.where}): ${row.notes.join("; ")}`))]
      : []),
    `const HOOKS2OPENCODE_CONFIG = ${JSON.stringify(input.config, null, 2)};`,
    "",
    `// ---- hooks2opencode runtime (${input.config.generator}), bundled; not configuration ----`,
    input.runtime.trimEnd(),
    "",
  ].join("\n");
  const inputsHash = sha256(
    JSON.stringify({ generator: input.config.generator, runtime: sha256(input.runtime), texts: input.texts }),
  );
  return renderHeader({ version: input.config.generator.replace(/^hooks2opencode /, ""), sources: input.sources, command: input.command, inputsHash }, body) + body;
}
