// The stdin a Gemini CLI hook reads: Gemini's common fields in its order (session_id,
// transcript_path, cwd, hook_event_name, timestamp) and the event's own in its names, nothing else
// (hookEventHandler.ts createBaseInput and fire*Event). Written as JSON.stringify with no newline
// after it (hookRunner.ts), which gemini-dialect.ts frames. `own` holds what Claude's module built
// (Claude's field names). Source: google-gemini/gemini-cli packages/core/src/hooks/hookEventHandler.ts, types.ts. Pure.
import type { DialectFacts } from "../dialect.js";
import { geminiValue } from "./gemini-lifecycle.js";

type Own = Readonly<Record<string, unknown>>;

/** Each event's own fields, in Gemini's order, from Claude's. */
const OWN_FIELDS: Readonly<Record<string, (own: Own) => Record<string, unknown>>> = {
  // No `mcp_context`: OpenCode hands a plugin no MCP server's connection details (docs/other-agents.md).
  BeforeTool: (own) => ({ tool_name: own.tool_name, tool_input: own.tool_input }),
  AfterTool: (own) => ({ tool_name: own.tool_name, tool_input: own.tool_input, tool_response: own.tool_response }),
  BeforeAgent: (own) => ({ prompt: own.prompt ?? "" }),
  // Gemini's prompt_response is the turn's answer text, "[no response text]" when there is none (client.ts).
  AfterAgent: (own) => ({
    prompt: own.prompt ?? "",
    prompt_response: typeof own.last_assistant_message === "string" && own.last_assistant_message !== "" ? own.last_assistant_message : "[no response text]",
    stop_hook_active: own.stop_hook_active === true,
  }),
  SessionStart: (own) => ({ source: geminiValue("SessionStart", own.source as string | undefined) }),
  SessionEnd: (own) => ({ reason: geminiValue("SessionEnd", own.reason as string | undefined) }),
  PreCompress: (own) => ({ trigger: own.trigger }),
  Notification: (own) => ({
    notification_type: geminiValue("Notification", own.notification_type as string | undefined),
    message: own.message ?? "",
    details: typeof own.details === "object" && own.details !== null ? own.details : {},
  }),
};

export function geminiInput(event: string, facts: Pick<DialectFacts, "sessionID" | "transcriptPath" | "cwd">, own: Own, now: Date): Record<string, unknown> {
  return {
    session_id: facts.sessionID,
    transcript_path: facts.transcriptPath,
    cwd: facts.cwd,
    hook_event_name: event,
    timestamp: now.toISOString(),
    ...(OWN_FIELDS[event]?.(own) ?? {}),
  };
}
