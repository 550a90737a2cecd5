// What /bin/sh is on this machine (dash on Debian and Ubuntu, bash on Fedora and in macOS's sh
// mode): shell-form hooks run with it, in Claude Code and here. I/O, kept out of validate.ts.
import { realpathSync } from "node:fs";
import path from "node:path";

export function systemShell(): string {
  try {
    const name = path.basename(realpathSync("/bin/sh"));
    return name === "sh" ? "sh" : name.replace(/\d+(\.\d+)*$/, "");
  } catch {
    return "sh";
  }
}
