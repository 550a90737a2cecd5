// Turns one finished hook process into Claude Code's hook result, by the exit-code rules of 2.1.228+:
// exit 0 -> JSON honoured (or plain text); exit 2 -> blocking error (JSON still read, cannot
// un-block); any other exit -> valid JSON alone decides, else a non-blocking error (fail open).
// A timed-out hook makes no decision. `onFailure: "block"` turns failures into exit 2.
// Source: https://code.claude.com/docs/en/hooks#exit-code-output and https://code.claude.com/docs/en/hooks#timeouts.
import { bounded } from "./detach.js";
import { type HookJson, parseStdout } from "./hook-json.js";

export interface ProcessOutcome {
  exitCode?: number;
  stdout: string;
  stderr: string;
  timedOut?: boolean;
  /** The process could not be started (e.g. executable not found). */
  spawnError?: string;
  /** It started and was killed by this signal (not by us: a timeout is timedOut). */
  signal?: string;
}

export type HookResult =
  | { status: "success"; json?: HookJson; text?: string }
  | { status: "blocking"; stderr: string; json?: HookJson }
  | { status: "error"; message: string; /** The command could not be run at all (exit 126/127). */ notRun?: boolean }
  | { status: "cancelled" };

export function decodeResult(event: string, outcome: ProcessOutcome, options: { onFailureBlock?: boolean } = {}): HookResult {
  const fail = (message: string): HookResult => (options.onFailureBlock ? { status: "blocking", stderr: message } : { status: "error", message });
  if (outcome.timedOut) return options.onFailureBlock ? { status: "blocking", stderr: "hook timed out" } : { status: "cancelled" };
  if (outcome.spawnError !== undefined) return fail(`failed to run: ${outcome.spawnError}`);
  if (outcome.signal !== undefined) return fail(`was killed by ${outcome.signal}`);

  const parsed = parseStdout(outcome.stdout, event);
  const stderr = outcome.stderr.trim();
  if (outcome.exitCode === 2) {
    return parsed.kind === "json" ? { status: "blocking", stderr, json: parsed.json } : { status: "blocking", stderr };
  }
  if (parsed.kind === "json") return { status: "success", json: parsed.json };
  if (parsed.kind === "invalid") return fail(parsed.message);
  if (outcome.exitCode === 0) return parsed.text.trim() === "" ? { status: "success" } : { status: "success", text: parsed.text };
  const newline = stderr.indexOf("\n");
  const firstLine = bounded(newline < 0 ? stderr : stderr.slice(0, newline), 1000) || "No stderr output";
  // 126/127: the shell could not run it (a typo in a script path): a gate that silently fails open.
  if ((outcome.exitCode === 127 || outcome.exitCode === 126) && /not found|no such file|permission denied|cannot execute/i.test(stderr)) {
    return options.onFailureBlock
      ? { status: "blocking", stderr: firstLine }
      : { status: "error", message: `the hook could not run (exit ${outcome.exitCode}: ${firstLine}); it did nothing, so a guard fails open`, notRun: true };
  }
  return fail(`Failed with non-blocking status code: ${firstLine}`);
}
