// The texts the model sees for hook feedback, in Claude Code's wording where it is known
// (claude-code-hooks.md §4.3 PreToolUse: "PreToolUse:<Tool> hook error: [<command>]: <stderr>").

export function blockingErrorText(event: string, tool: string, label: string, stderr: string): string {
  return `${event}:${tool} hook error: [${label}]: ${stderr || "No stderr output"}`;
}

export function deniedText(event: string, tool: string, reason: string): string {
  return `${event}:${tool} hook error: ${reason}`;
}

export function feedbackText(event: string, tool: string, reason: string): string {
  return `${event}:${tool} hook feedback: ${reason}`;
}

export function additionalContextText(event: string, tool: string, context: string): string {
  return `${event}:${tool} hook additional context: ${context}`;
}

/** Claude wraps hook text it adds next to a tool result in a system reminder. */
export function systemReminder(text: string): string {
  return `<system-reminder>\n${text}\n</system-reminder>`;
}
