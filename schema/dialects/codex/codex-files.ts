// Where Codex CLI keeps hooks: `hooks.json` and `config.toml` in the project's `.codex/` and in the
// user's Codex home (`$CODEX_HOME`, else `~/.codex`). Project mode reads the project's files, --user
// mode the user's, as for Claude's settings (agent-hooks.ts reads them).
// Source: https://developers.openai.com/codex/hooks.
import { homedir } from "node:os";
import path from "node:path";
import { insideProject } from "../../paths.js";
import type { AgentFile, AgentSource } from "../agent-hooks.js";
import { type CodexLayer, type CodexText, readCodexHooks } from "./read-codex-hooks.js";

export function codexHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.CODEX_HOME || path.join(env.HOME || homedir(), ".codex");
}

export function codexFiles(options: { projectDir: string; user: boolean }, env: NodeJS.ProcessEnv = process.env): AgentFile[] {
  const layer: CodexLayer = options.user ? "user" : "project";
  const dir = options.user ? codexHome(env) : path.join(options.projectDir, ".codex");
  return (["hooks.json", "config.toml"] as const).map((format) => {
    const file = path.join(dir, format);
    return { path: file, display: insideProject(options.projectDir, file) ?? file, layer, format };
  });
}

export const CODEX_SOURCE: AgentSource = {
  agent: "codex",
  files: codexFiles,
  read: (texts) => readCodexHooks(texts as readonly CodexText[]),
};
