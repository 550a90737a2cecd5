// `hooks2opencode trust [DIR]`: Claude Code's workspace trust for the live plugin. Recording a folder
// lets the live plugin run the Claude hooks of that folder and the folders below it in OpenCode's
// TUI and server (plugin/live/trust.ts); `--revoke` takes it back, `--list` shows the record. The
// record is the user's (plugin/live/trust.ts, trustFile), never the project's: a repository cannot
// trust itself. A running OpenCode sees the change within a second (it watches the record).
import { realpathSync } from "node:fs";
import path from "node:path";
import { claudeConfigDir } from "../../schema/load-settings.js";
import { findProjectRoot, isDirectory } from "../../schema/sources/project-root.js";
import { claudeConfigFile, decideTrust, readClaudeProjects, readTrusted, trustFile } from "../../plugin/live/trust.js";
import { EXIT, ExitError } from "../errors.js";
import { writeFileAtomic } from "../write/write-file-atomic.js";

export interface TrustOptions {
  dir?: string;
  revoke?: boolean;
  list?: boolean;
  env?: NodeJS.ProcessEnv;
  print?: (text: string) => void;
}

export async function trust(options: TrustOptions): Promise<{ exitCode: number }> {
  const env = options.env ?? process.env;
  const print = options.print ?? ((text: string) => process.stdout.write(`${text}\n`));
  const file = trustFile(env);
  const recorded = readTrusted(file);
  if (options.list) {
    print(recorded.length === 0 ? `no folder is trusted in ${file}` : recorded.join("\n"));
    return { exitCode: EXIT.ok };
  }
  const folder = folderOf(options.dir, env);
  if (options.revoke) {
    const kept = recorded.filter((entry) => path.resolve(entry) !== folder);
    if (kept.length !== recorded.length) await save(file, kept);
    print(kept.length === recorded.length ? `${folder} was not trusted by hooks2opencode` : `${folder} is no longer trusted by hooks2opencode`);
    // Another record may still trust it: say so, or the user believes the hooks are off.
    const still = decideTrust({ folder, host: "tui", trusted: kept, claudeProjects: readClaudeProjects(claudeConfigFile(env)) });
    if (still.trusted) print(`it is still trusted: ${still.because}`);
    return { exitCode: EXIT.ok };
  }
  if (!recorded.some((entry) => path.resolve(entry) === folder)) await save(file, [...recorded, folder].sort());
  print(`trusted ${folder}: the live plugin runs the Claude Code hooks of this folder and the folders below it (recorded in ${file})`);
  return { exitCode: EXIT.ok };
}

/** The project DIR is in (the folder upward with .claude/, else the git root), as a real path. */
function folderOf(dir: string | undefined, env: NodeJS.ProcessEnv): string {
  const start = path.resolve(dir ?? process.cwd());
  if (!isDirectory(start)) throw new ExitError(`trust ${dir}: no such folder`, EXIT.usage);
  const root = dir === undefined ? findProjectRoot(start, claudeConfigDir(env)) : start;
  try {
    return realpathSync(root);
  } catch {
    return root;
  }
}

async function save(file: string, folders: readonly string[]): Promise<void> {
  try {
    await writeFileAtomic(
      file,
      `${JSON.stringify({ "//": "Folders whose Claude Code hooks the hooks2opencode live plugin runs (hooks2opencode trust)", trusted: folders }, null, 2)}\n`,
    );
  } catch (error) {
    throw new ExitError(`cannot write ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}); nothing was changed`, EXIT.refused);
  }
}
