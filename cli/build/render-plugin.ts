// Renders the two generated files. The plugin: header, the hooks it replays as readable data, and
// one import of the runtime module beside it; a reviewer sees in one screen what it will run. The
// runtime module: header and the bundled runtime, the same bytes in every project of a version. The
// local hooks file: this machine's hooks (settings.local.json, plugins installed outside the
// project, managed settings) as JSON data.
// Same inputs, same bytes. Pure.
import type { PluginConfig } from "../../plugin/config.js";
import type { ReportRow } from "../../plugin/load/classify.js";
import { comment, GENERATED_MARK, renderHeader, sha256 } from "./generated-header.js";
import { hasFlags, parseFlags, type RecordedFlags } from "./recorded-flags.js";

export interface RenderInput {
  config: PluginConfig;
  /** hooks2opencode's version ("0.1.0"), for the header. */
  version: string;
  rows: ReportRow[];
  /** The runtime module's file name, imported from beside the plugin. */
  runtimeFile: string;
  runtime: string;
  sources: string[];
  texts: Array<{ display: string; text: string }>;
  command: string;
  /** The flags a later run reads back (recorded-flags.ts). */
  flags?: RecordedFlags;
}

export function renderPlugin(input: RenderInput): string {
  const dropped = input.rows.filter((row) => row.status === "dropped");
  const body = [
    "/* eslint-disable */ // generated code: linters have nothing to fix here (and must not: check would report an edit)",
    "// Claude Code hooks replayed in OpenCode by hooks2opencode: each handler runs with Claude's input,",
    "// matcher, `if`, timeout and exit-code rules. Drop-in: OpenCode loads this file from .opencode/plugins/.",
    ...(dropped.length > 0
      ? [
          "//",
          "// Not replayed:",
          ...dropped.map((row) => comment(`  ${row.entry.event} ${JSON.stringify(row.label)} (${row.entry.where}): ${row.notes.join("; ")}`)),
        ]
      : []),
    `import { createPlugin } from ${JSON.stringify(`./${input.runtimeFile}`)};`,
    "",
    `const HOOKS2OPENCODE_CONFIG = ${JSON.stringify(input.config, null, 2)};`,
    "",
    "export const ClaudeCodeHooks = createPlugin(HOOKS2OPENCODE_CONFIG);",
    "",
  ].join("\n");
  const inputsHash = sha256(JSON.stringify({ generator: input.config.generator, runtime: sha256(input.runtime), texts: input.texts }));
  return renderHeader({ version: input.version, sources: input.sources, command: input.command, inputsHash, flags: input.flags }, body) + body;
}

export function renderRuntime(input: { version: string; runtime: string; command: string }): string {
  const body = [
    `/* eslint-disable */ // the hooks2opencode ${input.version} runtime, minified: the same in every project; its sources are in the hooks2opencode package`,
    input.runtime.trimEnd(),
    "",
  ].join("\n");
  return (
    renderHeader({ version: input.version, sources: ["the hooks2opencode runtime"], command: input.command, inputsHash: sha256(input.runtime) }, body) + body
  );
}

/**
 * The local hooks file: this machine's hooks as data, marked like the plugin with the files they
 * came from, the flags that brought them in (a later run reads them back), and the hash of that
 * data (an edit shows).
 */
export function renderLocalHooks(config: PluginConfig, version: string, sources: readonly string[], flags?: RecordedFlags): string {
  const hashed = { ...(hasFlags(flags) ? { flags } : {}), ...config };
  const data = {
    "//": `${GENERATED_MARK} ${version} from ${sources.join(", ")}; do not commit, do not edit`,
    sha256: sha256(JSON.stringify(hashed)),
    ...hashed,
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** The flags a local hooks file recorded (undefined: none, or not a file of ours). */
export function localHooksFlags(text: string): RecordedFlags | undefined {
  try {
    const data = JSON.parse(text) as Record<string, unknown> | null;
    return String(data?.["//"] ?? "").includes(GENERATED_MARK) ? parseFlags(data?.flags) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a local hooks file is ours, and whether its data still has the hash it was written with. */
export function parseLocalHooks(text: string): { ours: boolean; intact: boolean } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ours: false, intact: false };
  }
  if (typeof data !== "object" || data === null || !String((data as Record<string, unknown>)["//"] ?? "").includes(GENERATED_MARK))
    return { ours: false, intact: false };
  const { "//": _mark, sha256: hash, ...config } = data as Record<string, unknown>;
  return { ours: true, intact: hash === sha256(JSON.stringify(config)) };
}
