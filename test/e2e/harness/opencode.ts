// Runs the real OpenCode binary (npm opencode-ai, pinned) headless and offline against the fake
// LLM, with every pitfall of docs/opencode-observed.md §12 handled: isolated HOME/XDG dirs, seeded config
// dirs (no npm install at start-up), rg on PATH, $PWD set, stdin closed, prompt words after `--`,
// a hard timeout, and only our own PIDs stopped.
import { existsSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { execa } from "execa";
import { REPO_ROOT } from "../../helpers/project.js";
import { ServedSession } from "./served-session.js";

export const OPENCODE_VERSION = "1.18.33";

export function opencodeBinary(): string {
  const candidates = [
    path.join(REPO_ROOT, "node_modules", "opencode-ai", "bin", "opencode.exe"),
    ...["", "-baseline"].map((flavor) => path.join(REPO_ROOT, "node_modules", `opencode-linux-${process.arch}${flavor}`, "bin", "opencode")),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`opencode binary not found (npm ci installs opencode-ai@${OPENCODE_VERSION}); looked in:\n${candidates.join("\n")}`);
  return found;
}

/** What OpenCode's start-up install check wants to see, so it installs nothing (pitfall 1). */
export async function seedConfigDir(dir: string): Promise<void> {
  await mkdir(path.join(dir, "node_modules"), { recursive: true });
  const dependencies = { "@opencode-ai/plugin": OPENCODE_VERSION };
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ dependencies }));
  await writeFile(path.join(dir, "package-lock.json"), JSON.stringify({ lockfileVersion: 3, packages: { "": { dependencies } } }));
}

export function opencodeConfig(llmUrl: string): object {
  return {
    $schema: "https://opencode.ai/config.json",
    provider: {
      fake: {
        npm: "@ai-sdk/openai-compatible",
        name: "Fake scripted LLM",
        options: { baseURL: llmUrl, apiKey: "fake-key" },
        models: {
          "fake-model": { name: "Fake Model", tool_call: true, limit: { context: 100000, output: 4096 } },
          // OpenCode offers apply_patch instead of edit/write to GPT-family model ids.
          "gpt-5-fake": { name: "Fake GPT", tool_call: true, limit: { context: 100000, output: 4096 } },
        },
      },
    },
    enabled_providers: ["fake"],
    model: "fake/fake-model",
    small_model: "fake/fake-model",
    permission: "allow",
    autoupdate: false,
    share: "disabled",
    lsp: false,
    formatter: false,
  };
}

export function isolatedEnv(runDir: string, projectDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith("OPENCODE_") && !key.startsWith("VITEST") && key !== "NODE_OPTIONS") env[key] = value;
  }
  return {
    ...env,
    HOME: path.join(runDir, "home"),
    XDG_CONFIG_HOME: path.join(runDir, "xdg", "config"),
    XDG_DATA_HOME: path.join(runDir, "xdg", "data"),
    XDG_CACHE_HOME: path.join(runDir, "xdg", "cache"),
    XDG_STATE_HOME: path.join(runDir, "xdg", "state"),
    PWD: projectDir,
    PATH: `${path.join(REPO_ROOT, "node_modules", ".bin")}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    OPENCODE_DISABLE_MODELS_FETCH: "1",
    OPENCODE_DISABLE_AUTOUPDATE: "1",
    OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
    OPENCODE_DISABLE_SHARE: "1",
    OPENCODE_DISABLE_CLAUDE_CODE: "1",
    // The plugin's own log, read back by a failing scenario's report.
    HOOKS2OPENCODE_LOG: path.join(runDir, "hooks2opencode.log"),
  };
}

export interface RunResult {
  exitCode: number | undefined;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  durationMs: number;
}

export interface RunOptions {
  runDir: string;
  projectDir: string;
  prompt: string;
  timeoutMs: number;
  model?: string;
  env?: Record<string, string>;
  /** Run a /command (its arguments are the prompt words). */
  command?: string;
}

async function prepareEnv(options: RunOptions): Promise<Record<string, string>> {
  const env = { ...isolatedEnv(options.runDir, options.projectDir), ...options.env };
  for (const dir of [env.HOME!, path.join(env.XDG_CONFIG_HOME!, "opencode")]) await mkdir(dir, { recursive: true });
  await seedConfigDir(path.join(env.XDG_CONFIG_HOME!, "opencode"));
  return env;
}

function runArgs(options: RunOptions, extra: string[]): string[] {
  const command = options.command ? ["--command", options.command] : [];
  return [
    "run",
    ...extra,
    ...command,
    "--format",
    "json",
    "--print-logs",
    "--model",
    `fake/${options.model ?? "fake-model"}`,
    "--",
    ...options.prompt.split(" "),
  ];
}

export async function runOpencode(options: RunOptions): Promise<RunResult> {
  const env = await prepareEnv(options);
  const started = Date.now();
  const result = await execa(opencodeBinary(), runArgs(options, []), {
    cwd: options.projectDir,
    env,
    extendEnv: false,
    stdin: "ignore",
    reject: false,
    timeout: options.timeoutMs,
    killSignal: "SIGKILL",
    cleanup: true,
  });
  return {
    exitCode: result.exitCode,
    timedOut: result.timedOut,
    stdout: String(result.stdout ?? ""),
    stderr: String(result.stderr ?? ""),
    durationMs: Date.now() - started,
  };
}

/**
 * Serve mode, for follow-up turns a plugin starts after `session.idle` (a plain `opencode run` exits
 * at the first idle, pitfall 7): `opencode serve` on a free port, `opencode run --attach`, then wait
 * until `settled()` holds (asserting on what the fake LLM received, pitfall 9), and stop the server
 * by its PID.
 */
export async function runOpencodeServed(
  options: RunOptions & { settled: () => boolean; client?: "run-attach" | "api"; drive?: (server: ServedSession) => Promise<void> },
): Promise<RunResult> {
  const env = await prepareEnv(options);
  const started = Date.now();
  const port = await freePort();
  const server = execa(opencodeBinary(), ["serve", "--port", String(port), "--hostname", "127.0.0.1", "--print-logs"], {
    cwd: options.projectDir,
    env,
    extendEnv: false,
    stdin: "ignore",
    reject: false,
    cleanup: true,
    all: true,
  });
  let serverLog = "";
  server.all?.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  const deadline = started + options.timeoutMs;
  try {
    await waitUntil(
      () => serverLog.includes(`127.0.0.1:${port}`),
      deadline,
      () => `opencode serve did not start:\n${serverLog}`,
    );
    // Hooks of a served scenario can reach the server (e.g. to abort a turn as Esc does).
    await writeFile(path.join(options.runDir, "server-url"), `http://127.0.0.1:${port}`);
    if (options.client === "api") {
      const sessionID = await promptThroughApi(`http://127.0.0.1:${port}`, options);
      await options.drive?.(new ServedSession(`http://127.0.0.1:${port}`, sessionID, options.model ?? "fake-model", deadline));
      const settled = await waitUntil(options.settled, deadline, () => "").then(
        () => true,
        () => false,
      );
      return { exitCode: 0, timedOut: !settled, stdout: "", stderr: `--- opencode serve ---\n${serverLog}`, durationMs: Date.now() - started };
    }
    const attached = await execa(opencodeBinary(), runArgs(options, ["--attach", `http://127.0.0.1:${port}`, "--dir", options.projectDir]), {
      cwd: options.projectDir,
      env,
      extendEnv: false,
      stdin: "ignore",
      reject: false,
      timeout: Math.max(1, deadline - Date.now()),
      killSignal: "SIGKILL",
      cleanup: true,
    });
    const settled = await waitUntil(options.settled, deadline, () => "").then(
      () => true,
      () => false,
    );
    return {
      exitCode: attached.exitCode,
      timedOut: attached.timedOut || !settled,
      stdout: String(attached.stdout ?? ""),
      stderr: `${String(attached.stderr ?? "")}\n--- opencode serve ---\n${serverLog}`,
      durationMs: Date.now() - started,
    };
  } finally {
    server.kill("SIGTERM");
    const stopped = await Promise.race([server.then(() => true), new Promise((resolve) => setTimeout(resolve, 5000, false))]);
    if (!stopped) server.kill("SIGKILL");
  }
}

/** What the TUI does: a session, then the prompt sent without waiting for the turn (prompt_async); returns the session id. */
async function promptThroughApi(base: string, options: RunOptions): Promise<string> {
  const post = async (url: string, body: object) => {
    const response = await fetch(`${base}${url}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : {}) as { id?: string };
  };
  const session = await post("/session", {});
  await post(`/session/${session.id}/prompt_async`, {
    model: { providerID: "fake", modelID: options.model ?? "fake-model" },
    parts: [{ type: "text", text: options.prompt }],
  });
  return String(session.id);
}

async function waitUntil(condition: () => boolean, deadline: number, explain: () => string): Promise<void> {
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(explain() || "condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A port nothing listens on now (`--port 0` would try 4096 first, pitfall 10). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** OpenCode drops a plugin that fails to import without a word (pitfall 2): import it with its own Bun first. */
export async function preflightPlugin(runDir: string, pluginFile: string): Promise<void> {
  const script = path.join(runDir, "preflight.mjs");
  await writeFile(
    script,
    [
      "const mod = await import(process.argv[2]);",
      "const exports = Object.values(mod);",
      "if (exports.length === 0 || exports.some((value) => typeof value !== 'function')) { console.error('every export must be a plugin function'); process.exit(3); }",
      "console.log('preflight ok: ' + Object.keys(mod).join(','));",
    ].join("\n"),
  );
  const result = await execa(opencodeBinary(), [script, pluginFile], { env: { ...process.env, BUN_BE_BUN: "1" }, reject: false, timeout: 60_000 });
  if (result.exitCode !== 0) throw new Error(`plugin preflight failed (OpenCode would drop it silently):\n${result.stdout}\n${result.stderr}`);
}
