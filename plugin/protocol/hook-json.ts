// The JSON a hook may print on stdout, and Claude Code's rule for when stdout *is* JSON.
// Source: https://code.claude.com/docs/en/hooks#exit-code-0 (when stdout is JSON) and https://code.claude.com/docs/en/hooks#json-output;
// the finer cases of the JSON rule: Claude Code 2.1.332 bundle.

export interface HookJson {
  continue?: boolean;
  stopReason?: string;
  suppressOutput?: boolean;
  systemMessage?: string;
  decision?: "approve" | "block";
  reason?: string;
  hookSpecificOutput?: Record<string, unknown> & { hookEventName?: string };
  /** hooks2opencode extension (see docs/events.md, "Substitute results"). */
  hooks2opencode?: { substituteOutput?: unknown };
  [field: string]: unknown;
}

export type ParsedStdout = { kind: "json"; json: HookJson } | { kind: "text"; text: string } | { kind: "invalid"; message: string };

type Check = (value: unknown) => boolean;
const isString: Check = (v) => typeof v === "string";
const isBoolean: Check = (v) => typeof v === "boolean";
const isObject: Check = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const isStringArray: Check = (v) => Array.isArray(v) && v.every((item) => typeof item === "string");
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === "string" && values.includes(v);
const any: Check = () => true;

const UNIVERSAL: Record<string, Check> = {
  continue: isBoolean,
  stopReason: isString,
  suppressOutput: isBoolean,
  systemMessage: isString,
  decision: oneOf("approve", "block"),
  reason: isString,
  hookSpecificOutput: isObject,
  terminalSequence: isString,
  hooks2opencode: isObject,
};

/** Typed fields of hookSpecificOutput per event; events absent here are checked for hookEventName only. */
const CONTEXT_ONLY: Record<string, Check> = { additionalContext: isString };
const SPECIFIC: Record<string, Record<string, Check>> = {
  FileChanged: { watchPaths: isStringArray },
  PermissionRequest: { decision: isObject },
  PostToolBatch: CONTEXT_ONLY,
  PostToolUseFailure: CONTEXT_ONLY,
  SessionStart: { additionalContext: isString, initialUserMessage: isString, sessionTitle: isString, watchPaths: isStringArray, reloadSkills: isBoolean },
  Stop: CONTEXT_ONLY,
  SubagentStart: CONTEXT_ONLY,
  SubagentStop: CONTEXT_ONLY,
  UserPromptSubmit: { additionalContext: isString, sessionTitle: isString, suppressOriginalPrompt: isBoolean },
  PreToolUse: {
    permissionDecision: oneOf("allow", "deny", "ask", "defer"),
    permissionDecisionReason: isString,
    updatedInput: isObject,
    additionalContext: isString,
  },
  PostToolUse: { additionalContext: isString, updatedToolOutput: any, updatedMCPToolOutput: any, classifierContext: isString },
};

export function parseStdout(stdout: string, event: string): ParsedStdout {
  const trimmed = stdout.trim();
  if (!trimmed.startsWith("{")) return { kind: "text", text: stdout };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    // Several JSON lines, or text that merely starts with "{", stays text; a broken object is an error.
    if (!trimmed.endsWith("}") || looksLikeJsonLines(trimmed)) return { kind: "text", text: stdout };
    return { kind: "invalid", message: "hook printed invalid JSON" };
  }
  if (!isObject(value)) return { kind: "invalid", message: "hook JSON output must be an object" };
  const problem = validateHookJson(value as HookJson, event);
  return problem ? { kind: "invalid", message: problem } : { kind: "json", json: value as HookJson };
}

/** These events have no hookSpecificOutput variant at all (Claude Code 2.1.332 bundle; cf. https://code.claude.com/docs/en/hooks#decision-control). */
const NO_SPECIFIC = new Set([
  "TaskCreated",
  "TaskCompleted",
  "TeammateIdle",
  "ConfigChange",
  "PreCompact",
  "PostCompact",
  "SessionEnd",
  "StopFailure",
  "InstructionsLoaded",
  "DirectoryAdded",
  "WorktreeRemove",
]);

function validateHookJson(json: HookJson, event: string): string | undefined {
  for (const [key, check] of Object.entries(UNIVERSAL)) {
    if (json[key] !== undefined && !check(json[key])) return `JSON validation failed: "${key}" has the wrong type`;
  }
  const specific = json.hookSpecificOutput;
  if (specific) {
    if (NO_SPECIFIC.has(event)) return `JSON validation failed: ${event} hooks accept no "hookSpecificOutput"`;
    if (specific.hookEventName !== event) {
      return `Hook returned incorrect event name: expected "${event}" but got "${String(specific.hookEventName)}"`;
    }
    for (const [key, check] of Object.entries(SPECIFIC[event] ?? {})) {
      if (specific[key] !== undefined && !check(specific[key])) {
        return `JSON validation failed: "hookSpecificOutput.${key}" has the wrong type`;
      }
    }
  }
  return undefined;
}

function looksLikeJsonLines(text: string): boolean {
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  if (lines.length < 2) return false;
  return lines.every((line) => {
    try {
      JSON.parse(line);
      return true;
    } catch {
      return false;
    }
  });
}
