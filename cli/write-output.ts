// Reading and writing output files: a clear error instead of a stack trace, files named for people.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { EXIT, ExitError } from "./errors.js";
import { writeFileAtomic } from "./write-file-atomic.js";

export async function writeOrExplain(file: string, content: string, projectDir: string): Promise<void> {
  try {
    await writeFileAtomic(file, content);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ExitError(`cannot write ${display(projectDir, file)} (${reason}); nothing was changed`, EXIT.refused);
  }
}

/** A path relative to the project when it is inside it, else absolute. */
export function display(projectDir: string, file: string): string {
  const relative = path.relative(projectDir, file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative;
}

/** The file's text, or undefined when it cannot be read (usually: it does not exist yet). */
export async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch {
    return undefined;
  }
}
