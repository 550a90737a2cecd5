// The stdin a Cursor hook reads, in Cursor's order: the request (`conversation_id`, `generation_id`,
// `model`, then the event's own fields), then what Cursor adds to every event (`session_id`,
// `hook_event_name`, `cursor_version`, `workspace_roots`, `user_email`, `transcript_path`). The
// event fields are Cursor's (cursor-tools.ts for tools): Claude's `own` fields are kept, renamed or
// replaced. OpenCode has no generation id: the session's stands for it, as it does for the
// conversation. Pure but for the count of stop follow-ups, kept per session (Cursor's loop_count).
// Source: npm @cursor/sdk@1.0.32 dist/bundled/index.js (executeHookForStep, the local tool
// executors, the hooks adapter's session events); https://cursor.com/docs/hooks.
import type { DialectFacts } from "../dialect.js";
import { CURSOR_TOOL_OF } from "./cursor-tools.js";

/** The SDK's own `cursor_version` when no CLI version is set (AGENT_CLI_STATIC_VERSION). */
export const CURSOR_VERSION = "1.0.0";

type Own = Readonly<Record<string, unknown>>;

/** The event's own fields, from what Claude's module built (`own`). */
const EVENT_FIELDS: Readonly<Record<string, (own: Own, facts: DialectFacts) => Record<string, unknown>>> = {
  preToolUse: (own, facts) => ({ ...tool(own), tool_use_id: own.tool_use_id, cwd: facts.cwd }),
  postToolUse: (own, facts) => ({ ...tool(own), tool_output: own.tool_response, duration: 0, tool_use_id: own.tool_use_id, cwd: facts.cwd }),
  // The failed call in Cursor's names and shapes (cursor-tools.ts), as on its other tool events.
  postToolUseFailure: (own) => ({
    ...tool(own),
    error_message: own.error,
    failure_type: "error",
    duration: typeof own.duration_ms === "number" ? own.duration_ms : 0,
    tool_use_id: own.tool_use_id,
    is_interrupt: own.is_interrupt === true,
  }),
  beforeShellExecution: (own) => ({ command: input(own).command, cwd: input(own).cwd, sandbox: false }),
  afterShellExecution: (own) => ({ command: input(own).command, output: shellOutput(own.tool_response), duration: 0, sandbox: false }),
  beforeMCPExecution: (own) => ({ ...mcp(own), command: mcpServer(own) }),
  afterMCPExecution: (own) => {
    const { mcp_server_name: server, ...call } = mcp(own);
    return { ...call, result_json: own.tool_response, duration: 0, mcp_server_name: server };
  },
  beforeReadFile: (own) => ({ content: own.tool_response, file_path: input(own).file_path, attachments: [] }),
  afterFileEdit: (own) => ({ file_path: input(own).file_path, edits: input(own).edits }),
  beforeSubmitPrompt: (own) => ({ prompt: own.prompt ?? "", attachments: [] }),
  sessionStart: () => ({ is_background_agent: false }),
  sessionEnd: () => ({ reason: "window_close", duration_ms: 0, is_background_agent: false, final_status: "window_close" }),
  stop: (own, facts) => ({ status: "completed", loop_count: loopCount(facts.sessionID, own.stop_hook_active === true) }),
  subagentStart: (own, facts) => ({
    subagent_id: own.tool_use_id,
    subagent_type: cursorSubagentType(input(own).subagent_type),
    task: input(own).prompt ?? "",
    parent_conversation_id: facts.sessionID,
    tool_call_id: own.tool_use_id,
    subagent_model: facts.model,
    is_parallel_worker: false,
  }),
  subagentStop: (own, facts) => ({
    subagent_id: own.agent_id,
    subagent_type: cursorSubagentType(own.agent_type),
    status: "completed",
    task: "",
    description: "",
    summary: own.last_assistant_message ?? "",
    parent_conversation_id: facts.sessionID,
    duration_ms: 0,
    message_count: 0,
    tool_call_count: 0,
    loop_count: loopCount(String(own.agent_id), own.stop_hook_active === true),
    modified_files: [],
    agent_transcript_path: own.agent_transcript_path ?? null,
  }),
  afterAgentResponse: (own) => ({ text: own.last_assistant_message ?? "" }),
  preCompact: (own) => ({
    trigger: own.trigger === "manual" ? "manual" : "auto",
    context_usage_percent: 0,
    context_tokens: 0,
    context_window_size: 0,
    message_count: 0,
    messages_to_compact: 0,
    is_first_compaction: true,
  }),
};

export function cursorInput(event: string, facts: DialectFacts, own: Own): Record<string, unknown> {
  const fields = EVENT_FIELDS[event]?.(own, facts) ?? {};
  return {
    conversation_id: facts.sessionID,
    generation_id: facts.sessionID,
    model: facts.model,
    ...fields,
    session_id: facts.sessionID,
    hook_event_name: event,
    cursor_version: CURSOR_VERSION,
    workspace_roots: [facts.cwd],
    user_email: null,
    transcript_path: facts.transcriptPath || null,
  };
}

function input(own: Own): Record<string, unknown> {
  return (own.tool_input ?? {}) as Record<string, unknown>;
}

function tool(own: Own): Record<string, unknown> {
  return { tool_name: own.tool_name, tool_input: own.tool_input };
}

/** The MCP events name the tool without its server, and hand its arguments as JSON text. */
function mcp(own: Own): Record<string, unknown> {
  const name = String(own.tool_name ?? "").replace(/^MCP:/, "");
  return { tool_name: name, tool_input: JSON.stringify(input(own).arguments ?? {}), mcp_server_name: mcpServer(own) };
}

/** The server's name (cursor-tools.ts hands it beside the arguments); Cursor sends the server's command, which OpenCode does not tell plugins: the name stands in, as it does in Cursor for a server it has no config of. */
function mcpServer(own: Own): string {
  const server = input(own).mcp_server_name;
  return typeof server === "string" ? server : "";
}

function shellOutput(toolOutput: unknown): string {
  try {
    const parsed = JSON.parse(String(toolOutput)) as { output?: unknown };
    return typeof parsed.output === "string" ? parsed.output : "";
  } catch {
    return "";
  }
}

/** Claude's tool names in Cursor's (a matcher value given in Claude's names, as `hooks2opencode test --tool` may). */
const CURSOR_NAME_OF_CLAUDE: Readonly<Record<string, string>> = {
  Bash: "Shell",
  Read: "Read",
  Write: "Write",
  Edit: "Write",
  Grep: "Grep",
  WebFetch: "Fetch",
  WebSearch: "WebSearch",
  Agent: "Task",
};

/** Cursor's name of a call Claude's module named: `MCP:<tool>` for `mcp__server__tool`; undefined where Cursor has no such tool. */
export function cursorNameOfClaude(name: string): string | undefined {
  const mcpTool = /^mcp__.+?__(.+)$/.exec(name)?.[1];
  if (mcpTool) return `MCP:${mcpTool}`;
  return CURSOR_NAME_OF_CLAUDE[name] ?? (Object.values(CURSOR_TOOL_OF).includes(name) ? name : undefined);
}

/** OpenCode's agent names as Cursor names its subagent types (`generalPurpose`, `explore`, ...). */
export function cursorSubagentType(agentType: unknown): string {
  const name = typeof agentType === "string" ? agentType : "";
  // The engine names OpenCode's agents Claude's way (general-purpose, Explore): Cursor's are camelCase.
  if (name === "general" || name === "general-purpose") return "generalPurpose";
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** Follow-ups sent in a row per session: the engine says whether the turn is one (stop_hook_active); Cursor counts them. */
const followUps = new Map<string, number>();
const MAX_SESSIONS = 1000;

function loopCount(sessionID: string, continuing: boolean): number {
  const count = continuing ? (followUps.get(sessionID) ?? 0) + 1 : 0;
  followUps.delete(sessionID);
  followUps.set(sessionID, count);
  if (followUps.size > MAX_SESSIONS) followUps.delete(followUps.keys().next().value!);
  return count;
}
