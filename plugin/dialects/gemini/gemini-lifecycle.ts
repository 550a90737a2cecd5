// What Gemini CLI calls the moments OpenCode's lifecycle events stand for, by the value Claude's
// module matches on: SessionStart's `source`, SessionEnd's `reason`, PreCompress's `trigger`,
// Notification's type. Where Gemini has no such moment the value is NOT_FIRED, which no Gemini
// matcher (not even none) accepts: its hooks do not run. Source: google-gemini/gemini-cli
// packages/core/src/hooks/types.ts (SessionStartSource, SessionEndReason, PreCompressTrigger,
// NotificationType). Pure.

/** A firing Gemini would not make. */
export const NOT_FIRED = "\u0000not-fired-by-gemini";

const VALUES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // Gemini has no compaction source (it fires no SessionStart after compressing); a fork opens saved history, as /resume does.
  SessionStart: { startup: "startup", resume: "resume", fork: "resume" },
  // OpenCode exiting is Gemini's `exit`; a deleted session has no Gemini name: `other`.
  SessionEnd: { prompt_input_exit: "exit", other: "other" },
  PreCompress: { auto: "auto", manual: "manual" },
  // Gemini notifies only tool permission prompts.
  Notification: { permission_prompt: "ToolPermission" },
};

/** Gemini's value for Claude's, NOT_FIRED where Gemini has none; events without a table keep Claude's. */
export function geminiValue(agentEvent: string, claudeValue: string | undefined): string | undefined {
  const table = VALUES[agentEvent];
  if (!table || claudeValue === undefined) return claudeValue;
  return table[claudeValue] ?? NOT_FIRED;
}
