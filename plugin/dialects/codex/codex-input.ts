// The stdin a Codex hook reads: Codex's common fields in its order (session_id, turn_id, agent_id and
// agent_type inside a subagent, transcript_path, cwd, hook_event_name, model, permission_mode) and
// the event's own, nothing else: Codex's input schemas are closed, so a hook may rely on exactly them.
// Source: openai/codex codex-rs/hooks/src/schema.rs (`*CommandInput`); https://developers.openai.com/codex/hooks. Pure.

/** What the runtime knows of the firing, for the common fields. */
export interface CodexFacts {
  sessionID: string;
  /** OpenCode has no turn id at a tool call: the id stands for the session's turn (docs/other-agents.md). */
  turnID: string;
  transcriptPath: string | null;
  cwd: string;
  model: string;
  permissionMode: string;
  subagent?: { id: string; type: string };
}

/** The event's own fields, in Codex's order. */
const OWN_FIELDS: Record<string, readonly string[]> = {
  SessionStart: ["source"],
  UserPromptSubmit: ["prompt"],
  PreToolUse: ["tool_name", "tool_input", "tool_use_id"],
  PermissionRequest: ["tool_name", "tool_input"],
  PostToolUse: ["tool_name", "tool_input", "tool_response", "tool_use_id"],
  PreCompact: ["trigger"],
  PostCompact: ["trigger"],
  SubagentStart: [],
  SubagentStop: ["agent_transcript_path", "last_assistant_message", "stop_hook_active"],
  // agent_id and agent_type of SubagentStart and SubagentStop sit among the common fields (below).
  Stop: ["stop_hook_active", "last_assistant_message"],
  Interrupt: [],
  SessionEnd: ["reason"],
};

/** Events with no turn: SessionStart and SessionEnd (which also has no model or permission_mode). */
const NO_TURN = new Set(["SessionStart", "SessionEnd"]);

export function codexInput(event: string, facts: CodexFacts, own: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const input: Record<string, unknown> = { session_id: facts.sessionID };
  if (!NO_TURN.has(event)) input.turn_id = facts.turnID;
  // Inside a subagent, and on the subagent events (whose firing is the parent's): the subagent's.
  const subagent = facts.subagent ?? (typeof own.agent_id === "string" ? { id: own.agent_id, type: String(own.agent_type ?? "") } : undefined);
  if (subagent) {
    input.agent_id = subagent.id;
    input.agent_type = subagent.type;
  }
  input.transcript_path = facts.transcriptPath;
  input.cwd = facts.cwd;
  input.hook_event_name = event;
  if (event !== "SessionEnd") {
    input.model = facts.model;
    input.permission_mode = facts.permissionMode;
  }
  for (const field of OWN_FIELDS[event] ?? []) if (own[field] !== undefined) input[field] = own[field];
  // Codex's SessionEnd schema has one reason, a constant.
  if (event === "SessionEnd") input.reason = "other";
  return input;
}
