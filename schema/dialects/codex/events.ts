// Codex CLI's hook events (0.171.0), what each matcher is tested against, and its timeouts.
// Source: https://developers.openai.com/codex/hooks; openai/codex codex-rs/hooks/src/events/common.rs.

export const CODEX_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "PreCompact",
  "PostCompact",
  "SubagentStart",
  "SubagentStop",
  "Stop",
  "Interrupt",
  "SessionEnd",
] as const;

export type CodexEvent = (typeof CODEX_EVENTS)[number];

/** The value a matcher is tested against; events not listed ignore their matcher. */
export const CODEX_MATCH_FIELD: Partial<Record<CodexEvent, string>> = {
  PreToolUse: "tool_name",
  PermissionRequest: "tool_name",
  PostToolUse: "tool_name",
  SessionStart: "source",
  PreCompact: "trigger",
  PostCompact: "trigger",
  SubagentStart: "agent_type",
  SubagentStop: "agent_type",
};

/** Seconds: Codex's default; the events that run while Codex exits default to 1 and are clamped to 3 (discovery.rs normalize_command_hook). */
export const CODEX_DEFAULT_TIMEOUT = 600;
export const CODEX_CLAMPED: Partial<Record<CodexEvent, { default: number; max: number }>> = {
  SessionEnd: { default: 1, max: 3 },
  Interrupt: { default: 1, max: 3 },
};

export function isCodexEvent(value: string): value is CodexEvent {
  return (CODEX_EVENTS as readonly string[]).includes(value);
}

/** The timeout a Codex hook runs with, in seconds: its own (at least 1), else 600; SessionEnd and Interrupt: 1 by default, 3 at most. */
export function codexTimeout(event: CodexEvent, timeout: number | undefined): number {
  const clamp = CODEX_CLAMPED[event];
  const own = Math.max(1, timeout ?? clamp?.default ?? CODEX_DEFAULT_TIMEOUT);
  return clamp === undefined ? own : Math.min(own, clamp.max);
}
