// The one way the source readers read a file that may be missing: its text, or undefined.
import { readFile } from "node:fs/promises";

/** The file's text, or undefined when it cannot be read (usually: it does not exist). */
export async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch {
    return undefined;
  }
}
