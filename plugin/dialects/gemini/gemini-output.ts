// One finished Gemini CLI hook process read by Gemini's rules (hookRunner.ts), into the HookResult
// the runners return. The text read is the trimmed stdout, or the trimmed stderr when stdout is
// empty. JSON (an object; a JSON string holding JSON is parsed twice) is the hook's output whatever
// the exit code: exit 2 with `{"decision":"allow"}` allows. Plain text becomes an output by the exit
// code: 0 -> allow with the text as systemMessage; 1 -> allow with "Warning: <text>"; any other
// (2, 3, 127, ...) -> deny with the text as reason. No text at all is no output: exit 2 with nothing
// written blocks nothing (the hook only counts as failed). A process killed by a signal reads as
// exit 0 (`exitCode || 0`). A timeout is a failure and the action proceeds. The output is kept as
// Gemini's own JSON for the merges (gemini-decisions.ts); its `decision` is Gemini's
// (allow|deny|block|ask|approve). Source: google-gemini/gemini-cli packages/core/src/hooks/hookRunner.ts
// (executeCommandHook, convertPlainTextToHookOutput). Pure.
import type { HookResult, ProcessOutcome } from "../../protocol/decode-result.js";
import type { HookJson } from "../../protocol/hook-json.js";

/** A Gemini hook's output as it wrote it (types.ts HookOutput); nothing is checked: Gemini reads fields as it finds them. */
export interface GeminiOutput {
  continue?: unknown;
  stopReason?: unknown;
  suppressOutput?: unknown;
  systemMessage?: unknown;
  decision?: unknown;
  reason?: unknown;
  hookSpecificOutput?: unknown;
}

/** The output a run left, for the merges (HookResult keeps it as `json`). */
export function geminiOutputOf(result: HookResult): GeminiOutput | undefined {
  return result.status === "success" || result.status === "blocking" ? (result.json as GeminiOutput | undefined) : undefined;
}

export function decodeGeminiResult(_event: string, outcome: ProcessOutcome): HookResult {
  if (outcome.timedOut) return { status: "cancelled" };
  if (outcome.spawnError !== undefined) return { status: "error", message: `failed to run: ${outcome.spawnError}` };
  const exitCode = outcome.exitCode || 0;
  const text = outcome.stdout.trim() || outcome.stderr.trim();
  const output = text === "" ? undefined : parseOutput(text, exitCode);
  if (output !== undefined) return { status: "success", json: output as HookJson };
  return exitCode === 0 ? { status: "success" } : { status: "error", message: `hook exited with code ${exitCode}` };
}

function parseOutput(text: string, exitCode: number): GeminiOutput | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
    if (typeof parsed === "string") parsed = JSON.parse(parsed);
  } catch {
    return plainText(text, exitCode);
  }
  // An array is an object to Gemini too (with no fields it knows); a number or `null` is no output.
  return typeof parsed === "object" && parsed !== null ? (parsed as GeminiOutput) : undefined;
}

function plainText(text: string, exitCode: number): GeminiOutput {
  if (exitCode === 0) return { decision: "allow", systemMessage: text };
  if (exitCode === 1) return { decision: "allow", systemMessage: `Warning: ${text}` };
  return { decision: "deny", reason: text };
}
