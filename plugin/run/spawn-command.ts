// Runs one `command` handler the way Claude Code spawns it: shell form through `/bin/sh -c` (or
// PowerShell), exec form without a shell when `args` is set; stdin = input JSON + "\n"; its own
// process group, so a timeout kills the whole tree. Never throws. Source: claude-code-hooks.md §5.4.
import { execa } from "execa";
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

/** After a kill, how long to wait for pipes held open by a grandchild that left the group. */
const KILL_GRACE_MS = 1000;

export async function spawnCommand(request: SpawnRequest): Promise<ProcessOutcome> {
  const [file, args, shell] = commandLine(request);
  let subprocess;
  try {
    subprocess = execa(file, args, {
      shell,
      cwd: request.cwd,
      env: request.env,
      extendEnv: false,
      input: request.stdin,
      detached: true,
      reject: false,
      stripFinalNewline: false,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    return { stdout: "", stderr: "", spawnError: (error as Error).message };
  }
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<"expired">((resolve) => {
    timer = setTimeout(() => {
      timedOut = true;
      killGroup(subprocess.pid);
      setTimeout(() => resolve("expired"), KILL_GRACE_MS).unref();
    }, request.timeoutMs);
    timer.unref();
  });
  const result = await Promise.race([subprocess, expired]);
  clearTimeout(timer);
  if (timedOut || result === "expired") {
    killGroup(subprocess.pid);
    return { stdout: "", stderr: "", timedOut: true };
  }
  if (result.exitCode === undefined) {
    // Not started (ENOENT, EACCES) or killed by a signal from outside.
    const reason = result.signal ? `killed by ${result.signal}` : result.originalMessage || result.shortMessage;
    return { stdout: result.stdout ?? "", stderr: result.stderr ?? "", spawnError: reason };
  }
  return { exitCode: result.exitCode, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

export function commandLine(request: SpawnRequest): [string, string[], boolean | string] {
  if (request.args) return [request.command, request.args, false];
  if (request.shell === "powershell") return ["pwsh", ["-NoProfile", "-Command", request.command], false];
  return [request.command, [], "/bin/sh"];
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
