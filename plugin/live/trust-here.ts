// The trust decision from what is on this machine: the records read, the project's own config
// looked at. The live plugin and `doctor` ask the same question the same way.
import { homedir } from "node:os";
import type { OpencodeHost } from "../runtime.js";
import { projectChoice } from "./project-choice.js";
import { claudeConfigFile, decideTrust, readClaudeProjects, readTrusted, realPath, type Trust, trustFile } from "./trust.js";

export function trustHere(folder: string, worktree: string | undefined, host: OpencodeHost, env: NodeJS.ProcessEnv): Trust {
  const real = realPath(folder);
  return decideTrust({
    folder,
    ...(real !== undefined && real !== folder ? { realFolder: real } : {}),
    host,
    chosenBy: projectChoice(folder, worktree),
    trusted: readTrusted(trustFile(env)),
    claudeProjects: readClaudeProjects(claudeConfigFile(env)),
    ...(worktree ? { worktree } : {}),
    home: env.HOME || homedir(),
  });
}
