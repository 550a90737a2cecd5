// Runs one `command` handler the way Claude Code spawns it: shell form through `/bin/sh -c` (or
// PowerShell), exec form without a shell when `args` is set; stdin = input JSON + "\n"; its own
// process group, so a timeout kills the whole tree. Never throws. Source: https://code.claude.com/docs/en/hooks#exec-form-and-shell-form.
// node:child_process directly: this is the hot path of every hooked tool call, and execa's extra
// features (all of which this needs switched off) cost about twice a bare spawn under Bun. Under
// OpenCode's Bun too: a Bun.spawn with the same guarantees (detached, both pipes read as streams)
// measured slower there and used more CPU (docs/performance.md).
import { spawn, spawnSync, type SpawnSyncReturns } from "node:child_process";
import type { ProcessOutcome } from "../protocol/decode-result.js";

export interface SpawnRequest {
  command: string;
  args?: string[];
  shell?: "bash" | "powershell";
  stdin: string;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
}

/** What is kept of each stream; a hook printing more is cut there (its JSON would not parse anyway). */
export const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
/**
 * After the hook's own process exits, how long to wait for its pipes: a background child it left
 * behind may hold stdout open. What the hook printed by then counts (a complete deny stays a deny).
 */
const PIPE_GRACE_MS = 1000;

export function spawnCommand(request: SpawnRequest): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    const [file, args, shell] = commandLine(request);
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(file, args, { shell, cwd: request.cwd, env: request.env, detached: true, stdio: ["pipe", "pipe", "pipe"], windowsHide: true });
    } catch (error) {
      resolve({ stdout: "", stderr: "", spawnError: (error as Error).message });
      return;
    }
    const stdout = collect(child.stdout!);
    const stderr = collect(child.stderr!);
    let done = false;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const finish = (outcome: ProcessOutcome, lingering = false) => {
      if (done) return;
      done = true;
      clearTimeout(grace);
      if (lingering) {
        // The hook exited, but a child it left still holds its stdout or stderr: what the hook printed
        // counts now, and the child is killed at the hook's deadline, as Claude kills the group at the
        // timeout (a child that left the group, with setsid, is out of reach there too).
        stdout.stop();
        stderr.stop();
      } else {
        clearTimeout(timer);
        child.stdout?.destroy();
        child.stderr?.destroy();
      }
      resolve(outcome);
    };
    const ended = (code: number | null, signal: NodeJS.Signals | null): ProcessOutcome =>
      code === null
        ? { stdout: stdout.text(), stderr: stderr.text(), signal: signal ?? "a signal" }
        : { exitCode: code, stdout: stdout.text(), stderr: stderr.text() };
    const timer = setTimeout(() => {
      killGroup(child.pid);
      finish({ stdout: "", stderr: "", timedOut: true });
    }, request.timeoutMs);
    timer.unref?.();
    child.on("error", (error) => finish({ stdout: stdout.text(), stderr: stderr.text(), spawnError: error.message }));
    child.on("exit", (code, signal) => {
      grace = setTimeout(() => finish(ended(code, signal), true), PIPE_GRACE_MS);
      grace.unref?.();
    });
    child.on("close", (code: number | null, signal: NodeJS.Signals | null) => {
      // Every holder of the pipes is gone: nothing is left to kill at the deadline.
      if (done) clearTimeout(timer);
      finish(ended(code, signal));
    });
    // A hook that never reads stdin, or closes it early, must not fail the run (EPIPE).
    child.stdin!.on("error", () => {});
    child.stdin!.end(request.stdin);
  });
}

/**
 * The same, blocking OpenCode's whole event loop until the hook finishes. Used in one place only: a
 * permission prompt under `opencode run` (in-process or attached to `opencode serve`), which answers
 * every prompt itself with `reject` a few milliseconds after the event (docs/opencode-observed.md §7);
 * a hook's answer can only come first if nothing else runs until it is sent. Timeouts kill the hook
 * itself (spawnSync cannot kill a process group).
 */
export function spawnCommandSync(request: SpawnRequest): ProcessOutcome {
  const [file, args, shell] = commandLine(request);
  let done: SpawnSyncReturns<string>;
  try {
    done = spawnSync(file, args, {
      shell,
      cwd: request.cwd,
      env: request.env,
      input: request.stdin,
      timeout: request.timeoutMs,
      killSignal: "SIGKILL",
      maxBuffer: MAX_OUTPUT_BYTES,
      encoding: "utf8",
    });
  } catch (error) {
    return { stdout: "", stderr: "", spawnError: (error as Error).message };
  }
  if ((done.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT") return { stdout: "", stderr: "", timedOut: true };
  // EPIPE: the hook exited (or closed stdin) before reading all its input. The async spawn ignores
  // that, so this path must too: what the hook printed and its exit status decide.
  if (done.error && (done.error as NodeJS.ErrnoException).code !== "EPIPE")
    return { stdout: done.stdout ?? "", stderr: done.stderr ?? "", spawnError: done.error.message };
  if (done.status === null) return { stdout: done.stdout ?? "", stderr: done.stderr ?? "", signal: done.signal ?? "a signal" };
  return { exitCode: done.status, stdout: done.stdout, stderr: done.stderr };
}

export function commandLine(request: SpawnRequest): [string, string[], boolean | string] {
  if (request.args) return [request.command, request.args, false];
  if (request.shell === "powershell") return ["pwsh", ["-NoProfile", "-Command", request.command], false];
  return [request.command, [], "/bin/sh"];
}

/** The bytes of a stream, up to MAX_OUTPUT_BYTES, decoded once at the end; after stop(), drained only. */
function collect(stream: NodeJS.ReadableStream): { text(): string; stop(): void } {
  const chunks: Buffer[] = [];
  let size = 0;
  let stopped = false;
  stream.on("data", (chunk: Buffer) => {
    if (stopped || size >= MAX_OUTPUT_BYTES) return;
    const kept = size + chunk.length > MAX_OUTPUT_BYTES ? chunk.subarray(0, MAX_OUTPUT_BYTES - size) : chunk;
    chunks.push(kept);
    size += kept.length;
  });
  stream.on("error", () => {});
  return {
    text: () => Buffer.concat(chunks, size).toString("utf8"),
    stop: () => {
      stopped = true;
      chunks.length = 0;
    },
  };
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
