// The texts the model (and the user) see for hook output, in Claude Code's wording where it is known:
// "PreToolUse:<Tool> hook error: [<command>]: <stderr>" (read from the Claude Code 2.1.332 bundle), and as
// observed in Claude Code's own requests and transcripts: "SessionStart:startup hook success: <stdout>",
// "UserPromptSubmit hook success: <stdout>", "SessionStart hook additional context: <text>",
// "Stop hook feedback:\n[<command>]: <reason>".

/** `Event:qualifier` (a tool name, a SessionStart source) or just `Event`. */
function heading(event: string, qualifier?: string): string {
  return qualifier ? `${event}:${qualifier}` : event;
}

export function blockingErrorText(event: string, tool: string, label: string, stderr: string): string {
  return `${heading(event, tool)} hook error: [${label}]: ${stderr || "No stderr output"}`;
}

export function deniedText(event: string, tool: string, reason: string): string {
  return `${heading(event, tool)} hook error: ${reason}`;
}

export function feedbackText(event: string, tool: string, reason: string): string {
  return `${heading(event, tool)} hook feedback: ${reason}`;
}

export function additionalContextText(event: string, qualifier: string | undefined, context: string): string {
  return `${heading(event, qualifier)} hook additional context: ${context}`;
}

/** Plain stdout of a successful hook that Claude adds to the model's context. */
export function hookSuccessText(event: string, qualifier: string | undefined, stdout: string): string {
  return `${heading(event, qualifier)} hook success: ${stdout.trim()}`;
}

/** What a blocking Stop / SubagentStop hook tells the model when it sends it back to work. */
export function stopFeedbackText(event: string, reasons: ReadonlyArray<{ label: string; reason: string }>): string {
  return `${event} hook feedback:\n${reasons.map(({ label, reason }) => `[${label}]: ${reason}`).join("\n")}`;
}

/** What the user sees when a UserPromptSubmit (or UserPromptExpansion) hook blocks the prompt. */
export function promptBlockedText(event: string, reason: string): string {
  return `${event} operation blocked by hook:\n${reason}`;
}

/** Claude wraps hook text it adds next to a tool result or a prompt in a system reminder. */
export function systemReminder(text: string): string {
  return `<system-reminder>\n${text}\n</system-reminder>`;
}
