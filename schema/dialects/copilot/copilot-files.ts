// Where Copilot CLI keeps hooks, as an AgentSource: in project mode the repository's
// `.github/hooks/*.json` and the `hooks` of `.github/copilot/settings.json` and `settings.local.json`;
// with --user, `$COPILOT_HOME/hooks/*.json` (default `~/.copilot/hooks/`) and the `hooks` of
// `~/.copilot/settings.json`. Copilot also reads `.claude/settings.json` and `settings.local.json`:
// those are Claude's files, which hooks2opencode already replays as Claude hooks, so they are not read
// here (no hook runs twice). Policy files (`/etc/github-copilot/policy.d/*.json`) are the machine's,
// not the project's: not read. The only I/O of reading Copilot hooks (listing the hooks directories).
// Source: https://docs.github.com/en/copilot/reference/hooks-reference ("Hooks locations").
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { insideProject } from "../../paths.js";
import type { AgentFile, AgentSource } from "../agent-hooks.js";
import { readCopilotHooks } from "./read-copilot-hooks.js";

export function copilotHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.COPILOT_HOME || path.join(env.HOME || homedir(), ".copilot");
}

/** The `*.json` files of a hooks directory, in name order; none when it does not exist. */
function jsonFilesIn(dir: string): string[] {
  // Most projects have none: asked first, as a thrown ENOENT costs the live plugin's start-up ten times more.
  if (!existsSync(dir)) return [];
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}

export const COPILOT_SOURCE: AgentSource = {
  agent: "copilot",
  files({ projectDir, user }, env) {
    const layer = user ? "user" : "project";
    const shown = (file: string) => insideProject(projectDir, file) ?? file;
    const file = (file: string, format: string): AgentFile => ({ path: file, display: shown(file), layer, format });
    if (user) {
      const home = copilotHome(env);
      return [...jsonFilesIn(path.join(home, "hooks")).map((each) => file(each, "hooks-file")), file(path.join(home, "settings.json"), "settings")];
    }
    return [
      ...jsonFilesIn(path.join(projectDir, ".github", "hooks")).map((each) => file(each, "hooks-file")),
      ...["settings.json", "settings.local.json"].map((name) => file(path.join(projectDir, ".github", "copilot", name), "settings")),
    ];
  },
  folders: ({ projectDir, user }, env) => [user ? path.join(copilotHome(env), "hooks") : path.join(projectDir, ".github", "hooks")],
  read: readCopilotHooks,
};
