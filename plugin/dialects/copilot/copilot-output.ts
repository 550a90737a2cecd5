// One finished Copilot CLI hook process read by Copilot's rules, into the HookResult the runners
// return. Stdout: every line that is one JSON object with `"type": "progress"` is a progress message
// and removed; the rest, trimmed, is parsed with one JSON.parse, and empty or unparsable output is no
// output (never an error). Exit codes: 0 uses the output; 2 denies on preToolUse and
// permissionRequest (whatever stdout says; stderr is not the reason), is context on
// postToolUseFailure, and a warning elsewhere; any other exit or a crash DENIES on preToolUse (fail
// closed) and is logged elsewhere; a timeout fails open everywhere.
// Source: https://docs.github.com/en/copilot/reference/hooks-reference ("Progress messages", "Exit codes
// for command hooks", the preToolUse fail-closed note). Pure.
import { copilotEventOf } from "../../../schema/dialects/copilot/events.js";
import type { HookJson } from "../../protocol/hook-json.js";
import type { HookResult, ProcessOutcome } from "../../protocol/decode-result.js";

/** What a crashed or failed preToolUse hook's denial says (decisions name the hook's file around it). */
export const HOOK_ERRORED = "(hook errored)";
/** The reason of a preToolUse denial by exit 2 (Copilot does not use stderr). */
export const EXIT_2_REASON = "hook exited with code 2";

/** The hook's output object, or undefined: Copilot treats what does not parse as no output. */
export function copilotOutput(stdout: string): HookJson | undefined {
  const kept = stdout.split("\n").filter((line) => !isProgress(line.trim()));
  const rest = kept.join("\n").trim();
  if (rest === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(rest);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as HookJson) : undefined;
  } catch {
    return undefined;
  }
}

function isProgress(line: string): boolean {
  if (!line.startsWith("{")) return false;
  try {
    const parsed = JSON.parse(line) as unknown;
    return typeof parsed === "object" && parsed !== null && (parsed as Record<string, unknown>).type === "progress";
  } catch {
    return false;
  }
}

export function decodeCopilotResult(spelled: string, outcome: ProcessOutcome): HookResult {
  const event = copilotEventOf(spelled);
  // Fail open, even on preToolUse and for policy hooks.
  if (outcome.timedOut) return { status: "cancelled" };
  const json = copilotOutput(outcome.stdout);
  const withJson = json ? { json } : {};
  const failed =
    outcome.spawnError !== undefined
      ? `failed to run: ${outcome.spawnError}`
      : outcome.signal !== undefined || outcome.exitCode === undefined
        ? `was killed by ${outcome.signal ?? "a signal"}`
        : outcome.exitCode !== 0 && outcome.exitCode !== 2
          ? `hook exited with code ${outcome.exitCode}`
          : undefined;
  if (failed !== undefined) return event === "preToolUse" ? { status: "blocking", stderr: HOOK_ERRORED } : { status: "error", message: failed };
  if (outcome.exitCode === 2) {
    if (event === "preToolUse") return { status: "blocking", stderr: EXIT_2_REASON, ...withJson };
    if (event === "permissionRequest") return { status: "success", json: { ...json, behavior: "deny" } };
    // postToolUseFailure: stdout is appended to the failure the agent sees.
    if (event === "postToolUseFailure") return { status: "blocking", stderr: outcome.stdout.trim(), ...withJson };
    return { status: "error", message: `hook exited with code 2${outcome.stderr.trim() ? `: ${outcome.stderr.trim()}` : ""}` };
  }
  return { status: "success", ...withJson };
}
