// Where Gemini CLI keeps hooks: the `hooks` object of `.gemini/settings.json` in the project and of
// `settings.json` in the user's Gemini folder (`$GEMINI_CLI_HOME/.gemini`, else `~/.gemini`). Project
// mode reads the project's file, --user mode the user's, as for Claude's settings (agent-hooks.ts
// reads them). The system file (`/etc/gemini-cli/settings.json`, GEMINI_CLI_SYSTEM_SETTINGS_PATH) is
// the machine's policy and is not read, as Claude's managed settings are not by default
// (docs/other-agents.md says so). Extensions' `hooks/hooks.json` are not read either.
// Source: google-gemini/gemini-cli packages/core/src/config/storage.ts, packages/core/src/utils/paths.ts (homedir).
import { homedir } from "node:os";
import path from "node:path";
import { insideProject } from "../../paths.js";
import type { AgentFile, AgentSource } from "../agent-hooks.js";
import { readGeminiHooks } from "./read-gemini-hooks.js";

/** The user's Gemini folder. */
export function geminiUserDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.GEMINI_CLI_HOME || env.HOME || homedir(), ".gemini");
}

export function geminiFiles(options: { projectDir: string; user: boolean }, env: NodeJS.ProcessEnv = process.env): AgentFile[] {
  const file = path.join(options.user ? geminiUserDir(env) : path.join(options.projectDir, ".gemini"), "settings.json");
  return [{ path: file, display: insideProject(options.projectDir, file) ?? file, layer: options.user ? "user" : "project", format: "settings.json" }];
}

export const GEMINI_SOURCE: AgentSource = {
  agent: "gemini",
  files: geminiFiles,
  read: readGeminiHooks,
};
