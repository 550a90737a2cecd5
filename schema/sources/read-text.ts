// The one way to read a file that may be missing: its text, or undefined (awaited by the CLI's
// writers; synchronous for the readers of hook sources).
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";

/** The file's text, or undefined when it cannot be read (usually: it does not exist). */
export async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * The same, read synchronously: the source readers' files are small, and each awaited read cost the
 * live plugin's start-up a round trip through the thread pool (about 1 ms under OpenCode's Bun). A
 * missing file (the usual case) is asked about first: a thrown ENOENT costs ten times more.
 */
export function readTextIfExists(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
