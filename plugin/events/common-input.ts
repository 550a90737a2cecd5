// The input fields every Claude hook gets. OpenCode has no Claude transcript, so
// `transcript_path` is "" (as Claude sends in some remote modes); see README "Hook input".
// Inside a subagent Claude adds agent_id and agent_type: OpenCode runs subagents as child sessions.
import type { Runtime } from "../runtime.js";

export function commonInput(runtime: Runtime, event: string, sessionID: string): Record<string, unknown> {
  return {
    session_id: sessionID,
    transcript_path: "",
    cwd: runtime.directory,
    permission_mode: runtime.permissionMode,
    hook_event_name: event,
    ...subagentFields(runtime, sessionID),
  };
}

function subagentFields(runtime: Runtime, sessionID: string): Record<string, string> {
  const subagent = runtime.subagents.get(sessionID);
  return subagent ? { agent_id: sessionID, agent_type: subagent.agentType } : {};
}
