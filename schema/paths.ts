// How a path is written into reports and generated files: relative to the project, with forward
// slashes, when it is inside it (the same text on every clone), else `~/…` under the home folder (the
// same text for one user on every machine), else as it is.
import { homedir } from "node:os";
import path from "node:path";

/** `file` relative to `dir`, with forward slashes, when it is inside `dir`; undefined otherwise. */
export function insideProject(dir: string, file: string): string | undefined {
  const relative = path.relative(dir, file);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join("/");
}

/** `~/…` for a file in the home folder, else the file as given. */
export function homeShown(file: string, home: string = homedir()): string {
  return file.startsWith(home + path.sep) ? `~/${path.relative(home, file).split(path.sep).join("/")}` : file;
}
