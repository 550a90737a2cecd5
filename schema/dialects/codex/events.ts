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

/** Seconds: Codex's default, and the clamp of the events that run while Codex exits (discovery.rs). */
export const CODEX_DEFAULT_TIMEOUT = 600;
export const CODEX_CLAMPED: Partial<Record<CodexEvent, number>> = { SessionEnd: 3, Interrupt: 3 };

export function isCodexEvent(value: string): value is CodexEvent {
  return (CODEX_EVENTS as readonly string[]).includes(value);
}

/** The timeout a Codex hook runs with, in seconds: its own (at least 1), else 600; clamped on SessionEnd and Interrupt. */
export function codexTimeout(event: CodexEvent, timeout: number | undefined): number {
  const own = timeout === undefined ? CODEX_DEFAULT_TIMEOUT : Math.max(1, timeout);
  const clamp = CODEX_CLAMPED[event];
  return clamp === undefined ? own : Math.min(own, clamp);
}
