// Gemini CLI's hook events (0.61.0), what each matcher is tested against, and its timeouts.
// Source: google-gemini/gemini-cli packages/core/src/hooks/types.ts (HookEventName),
// hookEventHandler.ts (the context each event is planned with), hookRunner.ts (DEFAULT_HOOK_TIMEOUT).

export const GEMINI_EVENTS = [
  "BeforeTool",
  "AfterTool",
  "BeforeAgent",
  "Notification",
  "AfterAgent",
  "SessionStart",
  "SessionEnd",
  "PreCompress",
  "BeforeModel",
  "AfterModel",
  "BeforeToolSelection",
] as const;

export type GeminiEvent = (typeof GEMINI_EVENTS)[number];

/** Keys of the `hooks` object that are not events (types.ts HOOKS_CONFIG_FIELDS): skipped without a warning. */
export const GEMINI_HOOKS_CONFIG_FIELDS: readonly string[] = ["enabled", "disabled", "notifications"];

/**
 * How the matcher is read (hookPlanner.ts): a regex on the tool name for the tool events, the exact
 * string for the lifecycle events planned with a trigger; the others are planned without one and
 * ignore it.
 */
export const GEMINI_MATCH_KIND: Partial<Record<GeminiEvent, { kind: "tool" | "exact"; field: string }>> = {
  BeforeTool: { kind: "tool", field: "tool_name" },
  AfterTool: { kind: "tool", field: "tool_name" },
  SessionStart: { kind: "exact", field: "source" },
  SessionEnd: { kind: "exact", field: "reason" },
  PreCompress: { kind: "exact", field: "trigger" },
};

/** Milliseconds (hookRunner.ts DEFAULT_HOOK_TIMEOUT). */
export const GEMINI_DEFAULT_TIMEOUT_MS = 60_000;

export function isGeminiEvent(value: string): value is GeminiEvent {
  return (GEMINI_EVENTS as readonly string[]).includes(value);
}

/** The timeout a Gemini hook runs with, in seconds: `timeout` is in milliseconds, 60000 when absent. */
export function geminiTimeoutSeconds(timeoutMs: number | undefined): number {
  return (timeoutMs ?? GEMINI_DEFAULT_TIMEOUT_MS) / 1000;
}
