// GitHub Copilot CLI's hook events (1.0.102), the two spellings it accepts, what each matcher is
// tested against, and its timeouts. How an event is spelled chooses the payload: camelCase
// (`preToolUse`) sends camelCase fields and runtime tool names; PascalCase (`PreToolUse`, the
// VS Code compatible format) sends snake_case fields and Claude tool names with Copilot's own
// arguments. Source: https://docs.github.com/en/copilot/reference/hooks-reference ("Hook events",
// "Hook event input payloads", "Matcher filtering"); the HookType enum of the CLI's schemas/api.schema.json.

export const COPILOT_CAMEL_EVENTS = [
  "sessionStart",
  "sessionEnd",
  "userPromptSubmitted",
  "userPromptTransformed",
  "preToolUse",
  "postToolUse",
  "postToolUseFailure",
  "permissionRequest",
  "agentStop",
  "subagentStart",
  "subagentStop",
  "errorOccurred",
  "preCompact",
  "notification",
] as const;

export type CopilotCamelEvent = (typeof COPILOT_CAMEL_EVENTS)[number];

/** The PascalCase spellings and the event each stands for (the docs give a PascalCase payload for these). */
export const COPILOT_PASCAL_OF: Readonly<Record<string, CopilotCamelEvent>> = {
  SessionStart: "sessionStart",
  SessionEnd: "sessionEnd",
  UserPromptSubmit: "userPromptSubmitted",
  PreToolUse: "preToolUse",
  PostToolUse: "postToolUse",
  PostToolUseFailure: "postToolUseFailure",
  PermissionRequest: "permissionRequest",
  Stop: "agentStop",
  SubagentStop: "subagentStop",
  ErrorOccurred: "errorOccurred",
  PreCompact: "preCompact",
  Notification: "notification",
};

export const COPILOT_EVENTS: readonly string[] = [...COPILOT_CAMEL_EVENTS, ...Object.keys(COPILOT_PASCAL_OF)];

export function isCopilotEvent(value: string): boolean {
  return COPILOT_EVENTS.includes(value);
}

/** The event a spelling stands for (`Stop` -> `agentStop`). */
export function copilotEventOf(spelled: string): CopilotCamelEvent {
  return COPILOT_PASCAL_OF[spelled] ?? (spelled as CopilotCamelEvent);
}

/** PascalCase spelling: snake_case payload, Claude tool names. */
export function isPascal(spelled: string): boolean {
  return Object.hasOwn(COPILOT_PASCAL_OF, spelled);
}

/** The value a matcher is tested against ("Matcher filtering"); the other events ignore their matcher. */
export const COPILOT_MATCH_FIELD: Partial<Record<CopilotCamelEvent, string>> = {
  preToolUse: "toolName",
  postToolUse: "toolName",
  permissionRequest: "toolName",
  notification: "notification_type",
  preCompact: "trigger",
  subagentStart: "agentName",
};

/** Seconds: `timeoutSec` (or its alias `timeout`, read only when `timeoutSec` is absent), default 30. */
export const COPILOT_DEFAULT_TIMEOUT = 30;

export function copilotTimeout(written: number | undefined): number {
  return written === undefined || !(written > 0) ? COPILOT_DEFAULT_TIMEOUT : written;
}
