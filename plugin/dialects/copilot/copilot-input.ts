// The stdin a Copilot CLI hook reads, in the payload its event's spelling chose: camelCase
// (`preToolUse`: `sessionId`, `timestamp` in epoch milliseconds, `cwd`, then `toolName`, `toolArgs`,
// ...) or the VS Code compatible PascalCase one (`PreToolUse`: `hook_event_name`, `session_id`,
// `timestamp` as an ISO 8601 string, `cwd`, then `tool_name`, `tool_input`, ...). `own` holds what
// Claude's event module built (its field names); the event's own fields are taken from it and renamed.
// Source: https://docs.github.com/en/copilot/reference/hooks-reference ("Hook event input payloads"). Pure.
import { opencodeAgentName } from "../../../schema/agents.js";
import { copilotEventOf, type CopilotCamelEvent, isPascal } from "../../../schema/dialects/copilot/events.js";

export interface CopilotFacts {
  sessionID: string;
  transcriptPath: string;
  cwd: string;
  /** Epoch milliseconds of the firing. */
  now: number;
}

type Own = Readonly<Record<string, unknown>>;
type Fields = (own: Own, facts: CopilotFacts) => Record<string, unknown>;

/** Claude's SessionStart sources as Copilot names them (Copilot has no compaction start: the dialect does not fire there). */
const SOURCE: Readonly<Record<string, string>> = { startup: "startup", resume: "resume", clear: "new" };
/** Claude's SessionEnd reasons as Copilot's (`complete | error | abort | timeout | user_exit`). */
const END_REASON: Readonly<Record<string, string>> = { clear: "user_exit", logout: "user_exit", prompt_input_exit: "user_exit", other: "complete" };

const source = (own: Own) => SOURCE[String(own.source)] ?? "startup";
const endReason = (own: Own) => END_REASON[String(own.reason)] ?? "complete";

/** camelCase fields of each event, in the docs' order. */
const CAMEL: Partial<Record<CopilotCamelEvent, Fields>> = {
  sessionStart: (own) => ({ source: source(own) }),
  sessionEnd: (own) => ({ reason: endReason(own) }),
  userPromptSubmitted: (own) => ({ prompt: own.prompt }),
  preToolUse: (own) => ({ toolName: own.tool_name, toolArgs: own.tool_input }),
  postToolUse: (own) => ({ toolName: own.tool_name, toolArgs: own.tool_input, toolResult: { resultType: "success", textResultForLlm: own.tool_response } }),
  postToolUseFailure: (own) => ({ toolName: own.tool_name, toolArgs: own.tool_input, error: own.error }),
  permissionRequest: (own) => ({
    hookName: "permissionRequest",
    toolName: own.tool_name,
    toolInput: own.tool_input,
    permissionSuggestions: own.permission_suggestions ?? [],
  }),
  agentStop: (own, facts) => ({ transcriptPath: facts.transcriptPath, stopReason: "end_turn", stop_hook_active: own.stop_hook_active === true }),
  subagentStop: (own, facts) => ({
    transcriptPath: facts.transcriptPath,
    agentId: own.agent_id,
    agentType: opencodeAgentName(String(own.agent_type ?? "")),
    agentName: opencodeAgentName(String(own.agent_type ?? "")),
    response: own.last_assistant_message ?? "",
    stopReason: "end_turn",
  }),
  preCompact: (own, facts) => ({ transcriptPath: facts.transcriptPath, trigger: own.trigger, customInstructions: own.custom_instructions ?? "" }),
  // The agent by its own name (OpenCode's explore, a custom agent's name), not Claude's.
  subagentStart: (own, facts) => ({ transcriptPath: facts.transcriptPath, agentName: opencodeAgentName(String(own.agent_type ?? "")) }),
  // Copilot's notification payload carries hook_event_name even in camelCase.
  notification: (own) => ({ hook_event_name: "Notification", message: own.message, notification_type: own.notification_type }),
  errorOccurred: (own) => ({ error: errorOf(own), errorContext: "model_call", recoverable: false }),
};

/** PascalCase (VS Code compatible) fields: snake_case. */
const PASCAL: Partial<Record<CopilotCamelEvent, Fields>> = {
  sessionStart: (own) => ({ source: source(own) }),
  sessionEnd: (own) => ({ reason: endReason(own) }),
  userPromptSubmitted: (own) => ({ prompt: own.prompt }),
  preToolUse: (own) => ({ tool_name: own.tool_name, tool_input: own.tool_input }),
  postToolUse: (own) => ({
    tool_name: own.tool_name,
    tool_input: own.tool_input,
    tool_result: { result_type: "success", text_result_for_llm: own.tool_response },
  }),
  postToolUseFailure: (own) => ({ tool_name: own.tool_name, tool_input: own.tool_input, error: own.error }),
  permissionRequest: (own) => ({ tool_name: own.tool_name, tool_input: own.tool_input, permission_suggestions: own.permission_suggestions ?? [] }),
  agentStop: (own, facts) => ({ transcript_path: facts.transcriptPath, stop_reason: "end_turn", stop_hook_active: own.stop_hook_active === true }),
  subagentStop: (own, facts) => ({
    transcript_path: facts.transcriptPath,
    agent_id: own.agent_id,
    agent_type: opencodeAgentName(String(own.agent_type ?? "")),
    agent_name: opencodeAgentName(String(own.agent_type ?? "")),
    last_assistant_message: own.last_assistant_message ?? "",
    stop_reason: "end_turn",
  }),
  preCompact: (own, facts) => ({ transcript_path: facts.transcriptPath, trigger: own.trigger, custom_instructions: own.custom_instructions ?? "" }),
  notification: (own) => ({ message: own.message, notification_type: own.notification_type }),
  errorOccurred: (own) => ({ error: errorOf(own), error_context: "model_call", recoverable: false }),
};

/** A failed model call as Copilot's `error {message, name}`: OpenCode's message, the kind of failure as its name. */
function errorOf(own: Own): { message: string; name: string } {
  return { message: String(own.error_details ?? ""), name: String(own.error ?? "Error") };
}

export function copilotInput(spelled: string, facts: CopilotFacts, own: Own): Record<string, unknown> {
  const event = copilotEventOf(spelled);
  if (isPascal(spelled))
    return {
      hook_event_name: spelled,
      session_id: facts.sessionID,
      timestamp: new Date(facts.now).toISOString(),
      cwd: facts.cwd,
      ...PASCAL[event]?.(own, facts),
    };
  return { sessionId: facts.sessionID, timestamp: facts.now, cwd: facts.cwd, ...CAMEL[event]?.(own, facts) };
}
