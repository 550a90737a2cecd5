// One private folder per plugin instance (mode 0700, under the OS temp folder, never the user's
// ~/.claude) for the files hooks are handed: transcripts and CLAUDE_ENV_FILE files. Created on
// first use, removed at shutdown.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export class PrivateFolder {
  private root?: string;
  /** Subfolders made already: every tool call asks for its transcript's path, a mkdir each time costs ~50 µs. */
  private readonly made = new Set<string>();

  /** A file path inside the folder's `kind` subfolder, named after the session. */
  file(kind: string, sessionID: string, extension: string): string {
    this.root ??= mkdtempSync(path.join(tmpdir(), "hooks2opencode-"));
    const folder = path.join(this.root, kind);
    if (!this.made.has(folder)) {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      this.made.add(folder);
    }
    return path.join(folder, `${sessionID.replace(/[^A-Za-z0-9_-]/g, "_")}${extension}`);
  }

  remove(): void {
    if (this.root) rmSync(this.root, { recursive: true, force: true });
    this.root = undefined;
    this.made.clear();
  }
}
