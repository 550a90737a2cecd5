// CLAUDE_ENV_FILE: SessionStart and FileChanged hooks may append `export NAME=value` lines to this
// file; Claude then has those variables in every later Bash tool command. Here the file is sourced
// once by /bin/sh after the hooks ran, and the variables it exported or changed go to OpenCode's
// `shell.env` hook for that session's bash calls (so shell functions and aliases do not carry over).
// Source: https://code.claude.com/docs/en/hooks#persist-environment-variables.
import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import type { Runtime } from "./runtime.js";

export async function envFileFor(runtime: Runtime, sessionID: string): Promise<string> {
  const file = runtime.files.file("env", sessionID, ".sh");
  const existing = await readFile(file, "utf8").catch(() => undefined);
  if (existing === undefined) await writeFile(file, "", { mode: 0o600 });
  return file;
}

/** The variables sourcing `file` exports that `base` does not have (or has with another value). */
export async function exportedBy(file: string, base: Record<string, string>): Promise<Record<string, string>> {
  const text = await readFile(file, "utf8").catch(() => "");
  if (text.trim() === "") return {};
  const printed = await new Promise<string>((resolve) => {
    execFile("/bin/sh", ["-c", '. "$1" >/dev/null 2>&1; env -0', "sh", file], { env: base, timeout: 10_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) =>
      resolve(error ? "" : stdout),
    );
  });
  const exported: Record<string, string> = {};
  for (const entry of printed.split("\0")) {
    const equals = entry.indexOf("=");
    if (equals <= 0) continue;
    const name = entry.slice(0, equals);
    const value = entry.slice(equals + 1);
    if (base[name] !== value && name !== "PWD" && name !== "SHLVL" && name !== "_") exported[name] = value;
  }
  return exported;
}
