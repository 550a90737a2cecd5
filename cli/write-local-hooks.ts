// The local hooks file: settings.local.json hooks as data the project plugin reads at start-up.
// It is rewritten with each convert (only when it changes) and removed when settings.local.json is
// gone, so no stale local hook keeps running.
import { rm } from "node:fs/promises";
import { execa } from "execa";
import type { PluginConfig } from "../plugin/config.js";
import { GENERATED_MARK } from "./generated-header.js";
import { readIfExists, writeOrExplain } from "./write-output.js";

export type LocalHooksWrite = "written" | "unchanged" | "removed" | "none";

/** Writes (or, given undefined, removes) the file. */
export async function writeLocalHooks(file: string, config: PluginConfig | undefined, projectDir: string, written: readonly string[] = []): Promise<LocalHooksWrite> {
  const existing = await readIfExists(file);
  if (!config) {
    if (!existing?.includes(GENERATED_MARK)) return "none";
    await rm(file, { force: true });
    return "removed";
  }
  const data = { "//": `${GENERATED_MARK} ${config.generator.replace(/^hooks2opencode /, "")} from .claude/settings.local.json; do not commit, do not edit`, ...config };
  const text = `${JSON.stringify(data, null, 2)}\n`;
  if (existing === text) return "unchanged";
  await writeOrExplain(file, text, projectDir, written);
  return "written";
}

/** True when git would pick the file up: inside a repository and not ignored. */
export async function isTrackable(projectDir: string, file: string): Promise<boolean> {
  const result = await execa("git", ["check-ignore", "-q", file], { cwd: projectDir, reject: false });
  return result.exitCode === 1;
}
