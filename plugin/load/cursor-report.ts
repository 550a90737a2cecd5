// What the report says of Cursor's hooks (dialect-report.ts): why an event or a hook is not
// replayed, which OpenCode tools a tool hook fires on, and how a hook runs differently from Cursor.
// Read from the dialect's own matcher and tool table. Pure.
import type { AgentHook } from "../../schema/dialects/agent-hooks.js";
import type { EventName } from "../../schema/events.js";
import { CURSOR } from "../dialects/cursor/cursor-dialect.js";
import { CURSOR_TOOL_OF } from "../dialects/cursor/cursor-tools.js";
import type { DialectReport } from "./dialect-report.js";
import { channelsOf } from "./classify.js";

/** The events that see OpenCode tools, and which (the others see all of Cursor's tools). */
const TOOL_EVENTS: Readonly<Record<string, string | undefined>> = {
  preToolUse: undefined,
  postToolUse: undefined,
  postToolUseFailure: undefined,
  beforeShellExecution: "bash",
  afterShellExecution: "bash",
  beforeMCPExecution: "MCP tools",
  afterMCPExecution: "MCP tools",
  beforeReadFile: "read (after it has read the file, as in Cursor)",
  afterFileEdit: "write, edit, apply_patch",
  subagentStart: "task (before it starts the subagent)",
};

/** Cursor tool names a matcher may name that no OpenCode tool is replayed as. */
const NO_OPENCODE_TOOL = ["Delete", "List", "ReadLints", "WriteShellStdin", "ListMcpResources", "FetchMcpResource", "ComputerUse", "RecordScreen"];

const NO_EQUIVALENT = "OpenCode has no equivalent";

export const CURSOR_REPORT: DialectReport = {
  notReplayed: {
    afterAgentThought: "not replayed yet: OpenCode's reasoning parts reach no engine event a hook rides on; its hooks do not run",
    beforeTabFileRead: `Tab (inline completion) hooks: ${NO_EQUIVALENT}, it has no Tab completions; its hooks do not run`,
    afterTabFileEdit: `Tab (inline completion) hooks: ${NO_EQUIVALENT}, it has no Tab completions; its hooks do not run`,
    workspaceOpen: `${NO_EQUIVALENT}: workspaceOpen fires outside any session, when Cursor opens a folder (and may add plugin paths); its hooks do not run`,
  },
  droppedBecause(hook) {
    if (hook.type === "prompt") return 'a "prompt" hook asks Cursor\'s own model ({ok, reason}); hooks2opencode does not replay prompt hooks of Cursor yet';
    if (hook.type !== "command") return `Cursor's ${hook.type} hooks are not replayed`;
    return undefined;
  },
  degradedBecause(hook) {
    const notes: string[] = [];
    if (hook.layer === "user")
      notes.push("a user hook runs in the project folder here; Cursor runs it in ~/.cursor (a relative path in it resolves elsewhere)");
    if (hook.event === "beforeShellExecution")
      notes.push(
        "runs beside preToolUse, on the command as the model wrote it; Cursor runs it after preToolUse, on the command a preToolUse hook may have rewritten",
      );
    if ((hook.event === "stop" || hook.event === "subagentStop") && hook.options?.loop_limit !== null)
      notes.push(
        "its loop_limit (default 5) caps the follow-ups in a row, counted as Claude's cap is: the count restarts after a follow-up turn that ran a tool, and one limit caps the turn; Cursor counts every follow-up (loop_count, sent as Cursor sends it) and skips each script at its own limit",
      );
    if (hook.event === "postToolUse" || hook.event === "afterShellExecution" || hook.event === "afterMCPExecution")
      notes.push("`duration` is 0: OpenCode does not hand another agent's hooks the call's time");
    if (hook.event === "postToolUseFailure")
      notes.push("not fired after a call a hook denied (Cursor fires it with failure_type permission_denied); tool errors reach it in Cursor's names");
    if (hook.event === "sessionStart")
      notes.push("its `env` does not reach later hooks, and `continue: false` cannot refuse an OpenCode session (both are said in the log)");
    if (hook.event === "subagentStart")
      notes.push(
        "`subagent_id` is the task call's id (OpenCode makes the subagent's session after this hook); a deny's wording is the hook's user_message (Cursor's backend words it)",
      );
    if (hook.event === "afterAgentResponse") notes.push("fires once per turn, with the answer that ends it; Cursor fires it after each answer");
    if (hook.event === "subagentStop")
      notes.push(
        "`task`, `description`, the counts and `modified_files` are empty (OpenCode's task result does not say them); `summary` is the subagent's last answer",
      );
    if (hook.event === "preCompact") notes.push("the context sizes and message counts are 0 (OpenCode does not tell a plugin them before compacting)");
    return notes;
  },
  firesOn: (hook, engine) => (hook.event in TOOL_EVENTS ? toolsOf(hook) : momentOf(hook, engine)),
  remarks(hook) {
    const notes: string[] = [];
    const twin = hook.options?.claudeTwin;
    if (typeof twin === "string")
      notes.push(
        `the same command is a Claude hook in ${twin}: Cursor runs it once, as this hook (it drops the Claude copy); here it runs twice, once as each agent's`,
      );
    if (hook.command && /[|;&\n]/.test(hook.command))
      notes.push(
        "Cursor appends the JSON as a heredoc to the command line, so in a pipeline or a list only the last command reads it (the replay does the same)",
      );
    if (!(hook.event in TOOL_EVENTS) || TOOL_EVENTS[hook.event]) return notes;
    const compiled = CURSOR.compileMatcher(hook.event, hook.matcher);
    if (!compiled.ok) return notes;
    if (compiled.matcher.kind === "all") notes.push("OpenCode's glob and todowrite have no Cursor tool: this hook does not fire on them");
    const named = NO_OPENCODE_TOOL.filter((name) => compiled.matcher.kind !== "all" && compiled.matcher.test(name));
    if (named.length > 0) notes.push(`matches ${named.join(", ")}, which no OpenCode tool is replayed as: no call fires it for them`);
    return notes;
  },
};

/** The OpenCode tools a tool hook fires on: those whose Cursor name its matcher matches, and MCP tools. */
function toolsOf(hook: AgentHook): string {
  const fixed = TOOL_EVENTS[hook.event];
  if (fixed) return fixed;
  const compiled = CURSOR.compileMatcher(hook.event, hook.matcher);
  if (!compiled.ok) return "nothing";
  const tools = Object.entries(CURSOR_TOOL_OF)
    .filter(([, cursor]) => compiled.matcher.test(cursor))
    .map(([opencode]) => opencode);
  const mcp = compiled.matcher.kind === "all" || compiled.matcher.test("MCP:") || (hook.matcher ?? "").includes("MCP") ? ["MCP tools"] : [];
  return [...tools, ...mcp].join(", ") || "nothing (no Cursor tool matches)";
}

function momentOf(hook: AgentHook, engine: EventName): string {
  if (hook.event === "sessionStart") return "session.created (a new session only, as in Cursor)";
  if (hook.event === "subagentStop") return "tool.execute.after of task (the subagent's turn has ended)";
  return channelsOf(engine).join(", ");
}
