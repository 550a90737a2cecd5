// Which project a command run from a subfolder means, found the way prettier and eslint find their
// configs: the nearest folder upward holding a `.claude/` folder (not the user's own ~/.claude),
// else the root of the git repository it is in, else the folder the command was run in. The search
// stops at the repository's root.
import { existsSync, statSync } from "node:fs";
import path from "node:path";

export function findProjectRoot(start: string, userClaudeDir: string): string {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const claude = path.join(dir, ".claude");
    if (claude !== path.resolve(userClaudeDir) && isDirectory(claude)) return dir;
    if (existsSync(path.join(dir, ".git"))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(start);
  }
}

export function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** Why a command run in `start` took `dir` as the project (undefined: it is that folder itself). */
export function foundBecause(start: string, dir: string, userClaudeDir: string): string | undefined {
  if (path.resolve(start) === dir) return undefined;
  const claude = path.join(dir, ".claude");
  if (claude !== path.resolve(userClaudeDir) && isDirectory(claude)) return "the nearest folder upward with a .claude/ folder";
  if (existsSync(path.join(dir, ".git"))) return "the root of the git repository you are in";
  return undefined;
}
