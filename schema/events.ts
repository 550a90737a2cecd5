// The Claude Code 2.1.332 event model: one row per event, read by the validator, the JSON Schema
// generator, the convert report and the runtime (matcher field, default timeout).
// Source: https://code.claude.com/docs/en/hooks#hook-events and https://code.claude.com/docs/en/hooks#matcher-patterns;
// PreModelSwitch, PostModelSwitch and PreSkillShellCommand are in the Claude Code 2.1.332 bundle only.

import { HANDLER_FACTS, HANDLER_TYPES, type HandlerType } from "./handlers.js";

export type { HandlerType } from "./handlers.js";

export interface EventInfo {
  /** What the matcher is tested against (an input field); undefined = the event ignores matchers. */
  matchField?: string;
  /** FileChanged and StopFailure use the narrow exact set `[A-Za-z0-9_|]` (no comma, hyphen, space). */
  narrowExact?: boolean;
  /** The values Claude Code 2.1.332 sends in the matched field, where they are a fixed set: an exact matcher naming another never matches. */
  values?: readonly string[];
  /** Handler types Claude accepts on this event. */
  types: readonly HandlerType[];
  /** Default timeout in seconds for handlers whose type has none of its own (command, http, mcp_tool: schema/handlers.ts). */
  defaultTimeout: number;
  /** Tool events evaluate the `if` field; elsewhere a handler with `if` never runs. */
  toolEvent?: boolean;
  /** The input carries `permission_mode` (https://code.claude.com/docs/en/hooks#common-input-fields). */
  permissionMode?: boolean;
  /** `onFailure: "block"` is ignored here (Claude Code 2.1.332 bundle): a failing gate must not loop the agent forever. */
  ignoresOnFailure?: boolean;
}

// A new handler type joins these by its row in schema/handlers.ts (asksModel).
const ALL: readonly HandlerType[] = HANDLER_TYPES;
const NO_LLM: readonly HandlerType[] = HANDLER_TYPES.filter((type) => HANDLER_FACTS[type].asksModel !== true);
const TEN_MINUTES = 600;

export const EVENTS = {
  ConfigChange: {
    matchField: "source",
    values: ["user_settings", "project_settings", "local_settings", "policy_settings", "skills"],
    types: NO_LLM,
    defaultTimeout: TEN_MINUTES,
  },
  CwdChanged: { types: NO_LLM, defaultTimeout: TEN_MINUTES },
  DirectoryAdded: { matchField: "source", values: ["slash_command", "register_repo_root"], types: NO_LLM, defaultTimeout: TEN_MINUTES },
  Elicitation: { matchField: "mcp_server_name", types: NO_LLM, defaultTimeout: TEN_MINUTES, permissionMode: true },
  ElicitationResult: { matchField: "mcp_server_name", types: NO_LLM, defaultTimeout: TEN_MINUTES, permissionMode: true },
  FileChanged: { matchField: "the basename of file_path", narrowExact: true, types: NO_LLM, defaultTimeout: TEN_MINUTES },
  InstructionsLoaded: {
    matchField: "load_reason",
    values: ["session_start", "nested_traversal", "path_glob_match", "include", "compact"],
    types: NO_LLM,
    defaultTimeout: TEN_MINUTES,
  },
  MessageDisplay: { types: NO_LLM, defaultTimeout: 10 },
  Notification: { matchField: "notification_type", types: NO_LLM, defaultTimeout: TEN_MINUTES },
  PermissionDenied: { matchField: "tool_name", types: ALL, defaultTimeout: TEN_MINUTES, toolEvent: true, permissionMode: true },
  PermissionRequest: {
    matchField: "tool_name",
    types: ["command", "http", "mcp_tool", "prompt"],
    defaultTimeout: TEN_MINUTES,
    toolEvent: true,
    permissionMode: true,
  },
  PostCompact: { matchField: "trigger", values: ["manual", "auto"], types: NO_LLM, defaultTimeout: TEN_MINUTES },
  PostModelSwitch: { matchField: "the model family of to_model", types: NO_LLM, defaultTimeout: 30 },
  PostToolBatch: { types: ALL, defaultTimeout: TEN_MINUTES, permissionMode: true },
  PostToolUse: { matchField: "tool_name", types: ALL, defaultTimeout: TEN_MINUTES, toolEvent: true, permissionMode: true },
  PostToolUseFailure: { matchField: "tool_name", types: ALL, defaultTimeout: TEN_MINUTES, toolEvent: true, permissionMode: true },
  PreCompact: { matchField: "trigger", values: ["manual", "auto"], types: NO_LLM, defaultTimeout: TEN_MINUTES },
  PreModelSwitch: { matchField: "the model family of to_model", types: NO_LLM, defaultTimeout: 30 },
  PreSkillShellCommand: { matchField: "tool_name", types: NO_LLM, defaultTimeout: TEN_MINUTES, toolEvent: true, permissionMode: true },
  PreToolUse: { matchField: "tool_name", types: ALL, defaultTimeout: TEN_MINUTES, toolEvent: true, permissionMode: true },
  SessionEnd: { matchField: "reason", values: ["clear", "resume", "logout", "prompt_input_exit", "other"], types: NO_LLM, defaultTimeout: 1.5 },
  SessionStart: {
    matchField: "source",
    values: ["startup", "resume", "clear", "compact", "fork"],
    types: ["command", "mcp_tool"],
    defaultTimeout: TEN_MINUTES,
  },
  Setup: { matchField: "trigger", values: ["init", "maintenance"], types: ["command", "mcp_tool"], defaultTimeout: TEN_MINUTES },
  Stop: { types: ALL, defaultTimeout: TEN_MINUTES, permissionMode: true, ignoresOnFailure: true },
  StopFailure: {
    matchField: "error",
    narrowExact: true,
    values: [
      "authentication_failed",
      "oauth_org_not_allowed",
      "account_on_hold",
      "verification_required",
      "billing_error",
      "rate_limit",
      "overloaded",
      "invalid_request",
      "model_not_found",
      "server_error",
      "unknown",
      "max_output_tokens",
      "cloud_credential_error",
    ],
    types: NO_LLM,
    defaultTimeout: TEN_MINUTES,
  },
  SubagentStart: { matchField: "agent_type", types: NO_LLM, defaultTimeout: TEN_MINUTES },
  SubagentStop: { matchField: "agent_type", types: ALL, defaultTimeout: TEN_MINUTES, permissionMode: true, ignoresOnFailure: true },
  TaskCompleted: { types: ALL, defaultTimeout: TEN_MINUTES, permissionMode: true, ignoresOnFailure: true },
  TaskCreated: { types: ALL, defaultTimeout: TEN_MINUTES, permissionMode: true },
  TeammateIdle: { types: ALL, defaultTimeout: TEN_MINUTES, permissionMode: true, ignoresOnFailure: true },
  UserPromptExpansion: { matchField: "command_name", types: ALL, defaultTimeout: TEN_MINUTES, permissionMode: true },
  UserPromptSubmit: { types: ALL, defaultTimeout: 30, permissionMode: true },
  WorktreeCreate: { types: NO_LLM, defaultTimeout: TEN_MINUTES },
  WorktreeRemove: { types: NO_LLM, defaultTimeout: TEN_MINUTES },
} as const satisfies Record<string, EventInfo>;

export type EventName = keyof typeof EVENTS;
export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(EVENTS, name);
}

export function eventInfo(name: EventName): EventInfo {
  return EVENTS[name];
}

/** Default timeout (seconds) of a handler, per Claude: the type's (prompt 30 s, agent 60 s), else the event's. */
export function defaultTimeout(event: EventName, type: HandlerType): number {
  // A hand-edited plugin may name a type with no row: the event's, as for command hooks.
  return (HANDLER_FACTS as Partial<Record<string, { defaultTimeout?: number }>>)[type]?.defaultTimeout ?? EVENTS[event].defaultTimeout;
}
