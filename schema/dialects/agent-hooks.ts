// Another agent's hooks as read from its own files, in one shape for every agent (Codex CLI, Gemini
// CLI, Cursor, Copilot CLI): each agent has a source (sources.ts) that names its files and reads
// their texts into these hooks, with located findings; plugin/load/classify-dialect.ts then decides
// what runs, from the agent's dialect (plugin/dialects/). Types and the one I/O helper every source shares.
import { readFileSync } from "node:fs";
import type { Diagnostic } from "../diagnostics.js";
import type { DialectName } from "./agents.js";

/** Whose file it is: the report's and the runtime's `source` (a managed hook is the machine's policy). */
export type AgentLayer = "managed" | "user" | "project";

/** One of an agent's hook files, where it would be. */
export interface AgentFile {
  path: string;
  /** As shown in findings and the report (relative to the project inside it). */
  display: string;
  layer: AgentLayer;
  /** Which of the agent's formats (Codex: `hooks.json` or `config.toml`). */
  format: string;
  /** Read only to say something of the agent's own hooks (Claude's settings, which Cursor also reads): no input of its own, in no header or drift hash. */
  companion?: boolean;
}

/** One agent file as read. */
export interface AgentText {
  display: string;
  layer: AgentLayer;
  format: string;
  text: string;
  /** See AgentFile.companion. */
  companion?: boolean;
}

/** One hook handler, in its group, as written in the agent's file. */
export interface AgentHook {
  /** The agent's own event name, as written (`BeforeTool`, `preToolUse`, `PreToolUse`). */
  event: string;
  matcher?: string;
  /** `command`; other types are read to be reported. */
  type: string;
  command?: string;
  /** An `mcp_tool` hook's server, tool and input template (Codex's). */
  mcp?: { server: string; tool: string; input: Record<string, unknown> };
  /** As written, in the agent's unit (Gemini: milliseconds). */
  timeout?: number;
  statusMessage?: string;
  async?: boolean;
  layer: AgentLayer;
  /** `file:line:col` of the handler. */
  where: string;
  /** The agent's own per-hook fields the runtime needs (Cursor `failClosed`, `loop_limit`; Copilot `cwd`, `env`; Gemini `name`). */
  options?: Record<string, unknown>;
}

export interface AgentHooks {
  hooks: AgentHook[];
  diagnostics: Diagnostic[];
  /** Where the agent's own switch turns every hook off (Codex `[features] hooks = false`): none of them runs. */
  disabledIn?: string;
}

/** Where one agent keeps hooks and how it reads them: the only agent-specific part of reading. */
export interface AgentSource {
  readonly agent: DialectName;
  /** The files that may hold hooks: the project's in project mode, the user's with --user. */
  files(where: { projectDir: string; user: boolean }, env: NodeJS.ProcessEnv): AgentFile[];
  /** Folders whose listing names its files (Copilot's `hooks/`): the live plugin watches them, so a file added there is read. */
  folders?(where: { projectDir: string; user: boolean }, env: NodeJS.ProcessEnv): string[];
  /** Pure: every hook of the texts that exist, with located findings. */
  read(texts: readonly AgentText[]): AgentHooks;
}

/** The files that exist, as read; one that cannot be read is left out with the reason. */
export function readAgentTexts(files: readonly AgentFile[]): { texts: AgentText[]; unreadable: string[] } {
  const texts: AgentText[] = [];
  const unreadable: string[] = [];
  for (const file of files) {
    try {
      const text = readFileSync(file.path, "utf8");
      texts.push({ display: file.display, layer: file.layer, format: file.format, text, ...(file.companion ? { companion: true } : {}) });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "EISDIR") unreadable.push(`${file.display}: cannot be read (${code ?? String(error)})`);
    }
  }
  return { texts, unreadable };
}
