// One finished Cursor hook process read by Cursor's rules, into the HookResult the runners return.
// Exit 2 blocks with the reason from STDOUT first (as is, even JSON), else `Hook blocked with
// message: <stderr>`; any other non-zero exit, a crash, a timeout or an empty stdout is a failure
// (ignored, unless the hook is `failClosed`: cursor-decisions.ts); a process killed without an exit
// code is read like exit 0. Stdout is JSON.parse'd, else its last `{...}` suffix; what is still not
// JSON, or JSON whose known fields have the wrong type for the event, is invalid output, which
// BLOCKS a permission event even without failClosed. Claude-style output is read where Cursor's
// runtime reads it by default: `decision: "block"` + `reason` on stop and subagentStop becomes
// `followup_message`, a top-level `additionalContext` becomes `additional_context`; the nested
// `hookSpecificOutput` forms sit behind a runtime option the SDK leaves off, so they do nothing.
// Unknown fields are ignored. Failures carry Cursor's wording without the command, which the
// decisions add (`Hook "<command>" ...`). Pure.
// Source: npm @cursor/sdk@1.0.32 dist/bundled/index.js (executeCommandHook, the output transform
// and per-step validators, the last-object parse); https://cursor.com/docs/hooks.
import type { HookJson } from "../../protocol/hook-json.js";
import type { HookResult, ProcessOutcome } from "../../protocol/decode-result.js";

/** Cursor's wording of invalid output, after `Hook "<command>" ` (it blocks permission events). */
export const INVALID_JSON = "returned invalid JSON.";
export const INVALID_RESPONSE = "returned invalid response.";
export const NO_OUTPUT = "returned no output.";

type Check = (value: unknown) => boolean;
const string: Check = (v) => typeof v === "string";
const boolean: Check = (v) => typeof v === "boolean";
const object: Check = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === "string" && values.includes(v);
const stringMap: Check = (v) => object(v) && Object.values(v as object).every((item) => typeof item === "string");

/** The known fields each event's validator checks (an absent field passes; other fields are ignored). */
const PERMISSION = { permission: oneOf("allow", "deny", "ask"), user_message: string, agent_message: string };
const SCHEMAS: Readonly<Record<string, Record<string, Check>>> = {
  preToolUse: { ...PERMISSION, updated_input: object, additional_context: string },
  postToolUse: { additional_context: string },
  postToolUseFailure: { additional_context: string },
  beforeShellExecution: PERMISSION,
  beforeMCPExecution: PERMISSION,
  beforeReadFile: { permission: oneOf("allow", "deny"), user_message: string },
  beforeSubmitPrompt: { continue: boolean, user_message: string, additional_context: string },
  sessionStart: { env: stringMap, additional_context: string, continue: boolean, user_message: string },
  stop: { followup_message: string },
  subagentStart: { permission: oneOf("allow", "deny", "ask"), user_message: string },
  subagentStop: { followup_message: string },
  preCompact: { user_message: string },
};

/** The events whose top-level Claude `additionalContext` Cursor reads as `additional_context`. */
const CONTEXT_EVENTS = new Set(["sessionStart", "beforeSubmitPrompt", "preToolUse", "postToolUse", "postToolUseFailure"]);

export function decodeCursorResult(event: string, outcome: ProcessOutcome): HookResult {
  if (outcome.timedOut) return { status: "cancelled" };
  if (outcome.spawnError !== undefined) return { status: "error", message: `execution failed: ${outcome.spawnError}` };
  const code = outcome.exitCode;
  if (code === 2) {
    const stdout = outcome.stdout.trim();
    const stderr = outcome.stderr.trim();
    // An empty reason: the decisions word it with the command.
    return { status: "blocking", stderr: stdout || (stderr ? `Hook blocked with message: ${stderr}` : "") };
  }
  if (code !== undefined && code !== 0)
    return { status: "error", message: `failed with exit code ${code}${outcome.stderr ? `: ${outcome.stderr.trim()}` : ""}` };
  const stdout = outcome.stdout.trim();
  if (stdout === "") return { status: "error", message: NO_OUTPUT };
  const parsed = lastJson(stdout);
  if (parsed === undefined) return { status: "error", message: INVALID_JSON };
  const json = claudeForms(event, parsed);
  if (!object(json) || !fits(json as Record<string, unknown>, SCHEMAS[event] ?? {})) return { status: "error", message: INVALID_RESPONSE };
  return { status: "success", json: json as HookJson };
}

/** JSON.parse of the text, else of its last `{...}` suffix (a hook that prints before its JSON). */
function lastJson(text: string): unknown {
  const whole = parse(text);
  if (whole !== undefined) return whole.value;
  if (!text.endsWith("}")) return undefined;
  for (let at = text.length - 1; at >= 0; at--) {
    if (text[at] !== "{") continue;
    const tail = parse(text.slice(at));
    if (tail !== undefined) return tail.value;
  }
  return undefined;
}

function parse(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** The Claude-style fields Cursor's runtime reads by default, as its own. */
function claudeForms(event: string, value: unknown): unknown {
  if (!object(value)) return value;
  let json = value as Record<string, unknown>;
  if ((event === "stop" || event === "subagentStop") && json.followup_message === undefined && json.decision === "block") {
    const reason = typeof json.reason === "string" ? json.reason.trim() : "";
    if (reason !== "") json = { ...json, followup_message: reason };
  }
  if (CONTEXT_EVENTS.has(event) && json.additional_context === undefined && typeof json.additionalContext === "string")
    json = { ...json, additional_context: json.additionalContext };
  return json;
}

function fits(value: Record<string, unknown>, shape: Record<string, Check>): boolean {
  return Object.entries(shape).every(([key, check]) => value[key] === undefined || check(value[key]));
}
