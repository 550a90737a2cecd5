// The local hooks file: settings.local.json hooks as data the project plugin reads at start-up.
// It is rewritten with each convert (only when it changes) and removed when settings.local.json is
// gone, so no stale local hook keeps running.
import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { GENERATED_MARK } from "./generated-header.js";
import { readIfExists, writeOrExplain } from "./write-output.js";

export type LocalHooksWrite = "written" | "unchanged" | "removed" | "none";

/** Writes the text renderLocalHooks made (or, given undefined, removes our own earlier file). */
export async function writeLocalHooks(file: string, text: string | undefined, projectDir: string, written: readonly string[] = []): Promise<LocalHooksWrite> {
  const existing = await readIfExists(file);
  if (text === undefined) {
    if (!existing?.includes(GENERATED_MARK)) return "none";
    await rm(file, { force: true });
    return "removed";
  }
  if (existing === text) return "unchanged";
  await writeOrExplain(file, text, projectDir, written);
  return "written";
}

/**
 * True when git would pick the file up: inside a repository and not ignored (`check-ignore` exits 1).
 * node:child_process, not execa: importing execa costs ~40 ms of every CLI start, for this one call.
 */
export function isTrackable(projectDir: string, file: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile("git", ["check-ignore", "-q", file], { cwd: projectDir }, (error) => resolve(typeof error?.code === "number" && error.code === 1));
  });
}
