// The local hooks file: settings.local.json hooks as data the project plugin reads at start-up.
// It is rewritten with each convert (only when it changes) and removed when settings.local.json is
// gone, so no stale local hook keeps running.
import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { GENERATED_MARK } from "../build/generated-header.js";
import { readIfExists, writeOrExplain } from "./write-output.js";

export type LocalHooksWrite = "written" | "unchanged" | "removed" | "none";

/** Pure: what writeLocalHooks does with this text and the file on disk (a dry run says it, a write does it). */
export function localHooksChange(text: string | undefined, existing: string | undefined): LocalHooksWrite {
  if (text === undefined) return existing?.includes(GENERATED_MARK) ? "removed" : "none";
  return existing === text ? "unchanged" : "written";
}

/** Writes the text renderLocalHooks made (or, given undefined, removes our own earlier file). */
export async function writeLocalHooks(file: string, text: string | undefined, projectDir: string, written: readonly string[] = []): Promise<LocalHooksWrite> {
  const change = localHooksChange(text, await readIfExists(file));
  if (change === "removed") await rm(file, { force: true });
  if (change === "written") await writeOrExplain(file, text!, projectDir, written);
  return change;
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
