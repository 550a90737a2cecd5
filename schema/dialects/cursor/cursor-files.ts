// Where Cursor keeps hooks: `.cursor/hooks.json` in the project (its commands run in the project
// root) and `~/.cursor/hooks.json` for the user (run in `~/.cursor`). Project mode reads the
// project's file, --user mode the user's, as for Claude's settings. The enterprise file
// (`/etc/cursor/hooks.json` on Linux) is the machine's policy and is not read, as Claude's managed
// settings are not by default; team hooks live on Cursor's dashboard. Claude's settings files beside
// them are read only for the report (Cursor runs a command it finds in both once): hooks2opencode
// replays them as Claude hooks, never as Cursor's.
// Source: https://cursor.com/docs/hooks; @cursor/sdk@1.0.32 (the config paths and the cwd per source).
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { insideProject } from "../../paths.js";
import type { AgentFile, AgentSource } from "../agent-hooks.js";
import { CLAUDE_SETTINGS_FORMAT, readCursorHooks } from "./read-cursor-hooks.js";

export function cursorFiles(options: { projectDir: string; user: boolean }, env: NodeJS.ProcessEnv = process.env): AgentFile[] {
  const home = env.HOME || homedir();
  const layer = options.user ? "user" : "project";
  const cursorFile = options.user ? path.join(home, ".cursor", "hooks.json") : path.join(options.projectDir, ".cursor", "hooks.json");
  const claudeFiles = options.user
    ? [path.join(home, ".claude", "settings.json")]
    : [path.join(options.projectDir, ".claude", "settings.local.json"), path.join(options.projectDir, ".claude", "settings.json")];
  const file = (at: string, format: string): AgentFile => ({ path: at, display: insideProject(options.projectDir, at) ?? at, layer, format });
  // Claude's files matter only beside a Cursor file (a project without one has no Cursor hook to compare).
  if (!existsSync(cursorFile)) return [file(cursorFile, "hooks.json")];
  return [file(cursorFile, "hooks.json"), ...claudeFiles.map((at): AgentFile => ({ ...file(at, CLAUDE_SETTINGS_FORMAT), companion: true }))];
}

export const CURSOR_SOURCE: AgentSource = {
  agent: "cursor",
  files: cursorFiles,
  read: readCursorHooks,
};
