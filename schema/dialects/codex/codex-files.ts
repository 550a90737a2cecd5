// Where Codex CLI keeps hooks: `hooks.json` and `config.toml` in the project's `.codex/` and in the
// user's Codex home (`$CODEX_HOME`, else `~/.codex`). Project mode reads the project's files, --user
// mode the user's, as for Claude's settings. The only I/O of reading Codex hooks.
// Source: https://developers.openai.com/codex/hooks.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { insideProject } from "../../paths.js";
import type { CodexLayer, CodexText } from "./read-codex-hooks.js";

export function codexHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.CODEX_HOME || path.join(env.HOME || homedir(), ".codex");
}

interface CodexFile {
  path: string;
  display: string;
  layer: CodexLayer;
  format: CodexText["format"];
}

export function codexFiles(options: { projectDir: string; user: boolean }, env: NodeJS.ProcessEnv = process.env): CodexFile[] {
  const layer: CodexLayer = options.user ? "user" : "project";
  const dir = options.user ? codexHome(env) : path.join(options.projectDir, ".codex");
  return (["hooks.json", "config.toml"] as const).map((format) => {
    const file = path.join(dir, format);
    return { path: file, display: insideProject(options.projectDir, file) ?? file, layer, format };
  });
}

/** The files that exist, as read; one that cannot be read is left out with the reason. */
export function readCodexTexts(files: readonly CodexFile[]): { texts: CodexText[]; unreadable: string[] } {
  const texts: CodexText[] = [];
  const unreadable: string[] = [];
  for (const file of files) {
    try {
      texts.push({ display: file.display, layer: file.layer, format: file.format, text: readFileSync(file.path, "utf8") });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT") unreadable.push(`${file.display}: cannot be read (${code ?? String(error)})`);
    }
  }
  return { texts, unreadable };
}
