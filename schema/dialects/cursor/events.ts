// Cursor's hook events (the `@cursor/sdk` 1.0.32 runtime and https://cursor.com/docs/hooks), the value
// each one's matcher is tested against, and its timeouts. A hooks.json naming any other event is
// invalid as a whole: Cursor loads none of its hooks ("Unknown hook type").
// Source: npm @cursor/sdk@1.0.32 dist/bundled/index.js (the hook step table, the config validator,
// the matcher value per step, `timeout ?? 60` seconds).

export const CURSOR_EVENTS = [
  "beforeShellExecution",
  "beforeMCPExecution",
  "afterShellExecution",
  "afterMCPExecution",
  "beforeReadFile",
  "afterFileEdit",
  "beforeTabFileRead",
  "afterTabFileEdit",
  "stop",
  "beforeSubmitPrompt",
  "afterAgentResponse",
  "afterAgentThought",
  "sessionStart",
  "sessionEnd",
  "preCompact",
  "subagentStart",
  "subagentStop",
  "preToolUse",
  "postToolUse",
  "postToolUseFailure",
  "workspaceOpen",
] as const;

export type CursorEvent = (typeof CURSOR_EVENTS)[number];

export function isCursorEvent(value: string): value is CursorEvent {
  return (CURSOR_EVENTS as readonly string[]).includes(value);
}

/**
 * What a matcher is tested against on each event, as Cursor words it: the tool name, the shell
 * command, `MCP:<tool>`, or a fixed word. Events not listed have no value, so every hook of theirs
 * runs whatever its matcher says (sessionStart, sessionEnd, preCompact, workspaceOpen).
 */
export const CURSOR_MATCH_VALUE: Partial<Record<CursorEvent, string>> = {
  preToolUse: "tool_name",
  postToolUse: "tool_name",
  postToolUseFailure: "tool_name",
  beforeShellExecution: "command",
  afterShellExecution: "command",
  beforeMCPExecution: "MCP:<tool_name>",
  afterMCPExecution: "MCP:<tool_name>",
  beforeReadFile: "Read",
  afterFileEdit: "Write",
  beforeTabFileRead: "TabRead",
  afterTabFileEdit: "TabWrite",
  beforeSubmitPrompt: "UserPromptSubmit",
  stop: "Stop",
  afterAgentResponse: "AgentResponse",
  afterAgentThought: "AgentThought",
  subagentStart: "subagent_type",
  subagentStop: "subagent_type",
};

/** The events whose hooks answer with a permission: a failure there can block (invalid output always does). */
export const CURSOR_PERMISSION_EVENTS: ReadonlySet<string> = new Set([
  "beforeShellExecution",
  "beforeMCPExecution",
  "beforeReadFile",
  "beforeTabFileRead",
  "subagentStart",
  "preToolUse",
]);

/** Seconds, when a hook says none. */
export const CURSOR_DEFAULT_TIMEOUT = 60;

/** The timeout a Cursor hook runs with, in seconds (the validator refuses a timeout that is not a positive number). */
export function cursorTimeout(timeout: number | undefined): number {
  return timeout === undefined ? CURSOR_DEFAULT_TIMEOUT : timeout;
}

/** Follow-ups a stop or subagentStop script sends in a row before Cursor skips it, when it sets no `loop_limit`. */
export const CURSOR_DEFAULT_LOOP_LIMIT = 5;
