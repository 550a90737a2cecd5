// Reading and writing output files: a clear error instead of a stack trace, files named for people.
import path from "node:path";
import { insideProject } from "../../schema/paths.js";
import { EXIT, ExitError } from "../errors.js";
import { writeFileAtomic } from "./write-file-atomic.js";

/** Writes atomically; on failure says what it did write before (`written`), so the message is exact. */
export async function writeOrExplain(file: string, content: string, projectDir: string, written: readonly string[] = []): Promise<void> {
  try {
    await writeFileAtomic(file, content);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    const state =
      written.length === 0
        ? "nothing was changed"
        : `${written.join(" and ")} ${written.length === 1 ? "was" : "were"} written; run convert again once it can be written`;
    throw new ExitError(`cannot write ${display(projectDir, file)} (${reason}); ${state}`, EXIT.refused);
  }
}

/** A path relative to the project when it is inside it, else absolute. */
export function display(projectDir: string, file: string): string {
  return insideProject(projectDir, file) ?? file;
}

export { readIfExists } from "../../schema/sources/read-text.js";
