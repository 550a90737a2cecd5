// The OpenCode a user would start: the first `opencode` on PATH, its version, and whether a plugin
// module imports in its own Bun (`BUN_BE_BUN=1 opencode script.mjs`: the release binary runs as
// plain Bun, as test/e2e/harness/opencode.ts preflights plugins) with exports OpenCode 1.x accepts.
// OpenCode 1.18.33 skips a plugin that fails either way; a bad export shape is said only in its log.
import { execFile } from "node:child_process";
import { accessSync, constants, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ImportProbe, OpencodeProbe } from "./doctor-findings.js";

const VERSION_TIMEOUT_MS = 60_000;
const IMPORT_TIMEOUT_MS = 60_000;

/** OpenCode 1.18.33's rule (plugin/loader.ts): a default `{ id, server }` module, or every export a plugin function. */
const IMPORT_SCRIPT = `
const mod = await import(process.argv[2]);
const main = mod.default;
let problem;
if (main && typeof main === "object" && ("server" in main || "id" in main)) {
  if (typeof main.server !== "function") problem = "its default export's server is not a function";
  else if (typeof main.id !== "string") problem = "its default export has no id (OpenCode requires one of a path plugin)";
} else {
  const values = Object.values(mod);
  if (values.length === 0) problem = "it exports nothing";
  else if (values.some((value) => typeof value !== "function")) problem = "Plugin export is not a function: every export must be a plugin function";
}
console.log(JSON.stringify({ hooks2opencodeImport: problem ?? null, exports: Object.keys(mod) }));
`;

export function findOnPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (dir === "") continue;
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      if (statSync(file).isFile()) return file;
    } catch {
      continue;
    }
  }
  return undefined;
}

export async function probeOpencode(env: NodeJS.ProcessEnv): Promise<OpencodeProbe> {
  const found = findOnPath("opencode", env);
  if (!found) return {};
  const real = realPath(found);
  const result = await run(found, ["--version"], env, VERSION_TIMEOUT_MS);
  const version = /\d+\.\d+\.\d+\S*/.exec(result.stdout)?.[0];
  return {
    path: found,
    ...(real && real !== found ? { realPath: real } : {}),
    ...(version ? { version } : { versionError: result.error ?? (firstLines(result.stdout || result.stderr) || "it printed no version") }),
  };
}

/** Imports `file` in the binary's Bun and checks its exports as OpenCode does. */
export async function importsInBun(binary: string, file: string, env: NodeJS.ProcessEnv): Promise<ImportProbe> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "hooks2opencode-doctor-"));
  try {
    const script = path.join(dir, "import-check.mjs");
    writeFileSync(script, IMPORT_SCRIPT);
    const result = await run(binary, [script, file], { ...env, BUN_BE_BUN: "1" }, IMPORT_TIMEOUT_MS, path.dirname(file));
    const line = result.stdout.trim().split("\n").at(-1) ?? "";
    let verdict: { hooks2opencodeImport?: string | null; exports?: string[] } = {};
    try {
      verdict = JSON.parse(line) as typeof verdict;
    } catch {
      // Not our script's answer: the import threw, or this binary does not run scripts as Bun.
    }
    if (verdict.hooks2opencodeImport === null) return { ok: true, detail: `exports: ${(verdict.exports ?? []).join(", ")}` };
    if (typeof verdict.hooks2opencodeImport === "string") return { ok: false, detail: verdict.hooks2opencodeImport };
    return { ok: false, detail: result.error ?? (firstLines(result.stderr || result.stdout) || "the import printed nothing") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface RunResult {
  stdout: string;
  stderr: string;
  /** Set when it did not exit 0: how it ended. */
  error?: string;
}

function run(binary: string, args: string[], env: NodeJS.ProcessEnv, timeout: number, cwd?: string): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(binary, args, { env, timeout, cwd, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve({ stdout, stderr });
      const failure = error as NodeJS.ErrnoException & { killed?: boolean; code?: string | number };
      const how =
        failure.killed === true
          ? `no answer in ${timeout / 1000} s`
          : typeof failure.code === "number"
            ? `exit ${failure.code}${stderr.trim() ? `: ${firstLines(stderr)}` : ""}`
            : `${failure.code ?? failure.message}`;
      resolve({ stdout, stderr, error: how });
    });
  });
}

/** The first lines of a program's output, for one report line. */
function firstLines(text: string): string {
  const lines = text
    .trim()
    .split("\n")
    .filter((line) => line.trim() !== "");
  return lines.slice(0, 3).join(" / ").slice(0, 400);
}

function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}
