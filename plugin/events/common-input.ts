// The input fields every Claude hook gets (https://code.claude.com/docs/en/hooks#common-input-fields): session_id, transcript_path,
// cwd, hook_event_name, permission_mode on the events that carry it, and inside a subagent
// agent_id and agent_type (OpenCode runs subagents as child sessions; its built-in agents under Claude's names).
import { DEFAULT_AGENT_TYPE } from "../../schema/agents.js";
import { type EventName, eventInfo } from "../../schema/events.js";
import type { DialectFacts } from "../dialects/index.js";
import type { Runtime } from "../runtime.js";

/** The transcript's path is fetched first: a fresh one needs an await, which a synchronous run cannot make (define-event.ts). */
export function commonFields(runtime: Runtime, event: EventName, sessionID: string, transcriptPath: string): Record<string, unknown> {
  return {
    session_id: sessionID,
    transcript_path: transcriptPath,
    cwd: runtime.directory,
    ...(eventInfo(event).permissionMode ? { permission_mode: runtime.permissionMode } : {}),
    hook_event_name: event,
    ...subagentFields(runtime, sessionID),
  };
}

function subagentFields(runtime: Runtime, sessionID: string): Record<string, string> {
  const session = runtime.sessions.peek(sessionID);
  return session?.parentID ? { agent_id: sessionID, agent_type: session.agentType ?? DEFAULT_AGENT_TYPE } : {};
}

/** The same facts for another agent's common fields (plugin/dialects/): that agent's input builder picks and names them. */
export function dialectFacts(runtime: Runtime, sessionID: string, transcriptPath: string): DialectFacts {
  const session = runtime.sessions.peek(sessionID);
  return {
    sessionID,
    transcriptPath,
    cwd: runtime.directory,
    model: session?.model?.modelID ?? "",
    permissionMode: runtime.permissionMode,
    ...(session?.parentID ? { subagent: { id: sessionID, type: session.agentType ?? DEFAULT_AGENT_TYPE } } : {}),
  };
}
