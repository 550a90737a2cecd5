// What the report says of Gemini CLI's hooks (dialect-report.ts): why an event or a hook is not
// replayed, which OpenCode tools a tool hook fires on, and how a hook runs differently from Gemini.
// Read from the dialect's own matcher and tool table. Pure.
import type { AgentHook } from "../../schema/dialects/agent-hooks.js";
import type { GeminiHookOptions } from "../../schema/dialects/gemini/read-gemini-hooks.js";
import { GEMINI } from "../dialects/gemini/gemini-dialect.js";
import { GEMINI_TOOL_OF } from "../dialects/gemini/gemini-tools.js";
import type { EventName } from "../../schema/events.js";
import type { DialectReport } from "./dialect-report.js";
import { channelsOf } from "./classify.js";

const TOOL_EVENTS = new Set(["BeforeTool", "AfterTool"]);

/** Gemini tool names a matcher may name that OpenCode has no tool for: no OpenCode call fires them. */
const NO_OPENCODE_TOOL = [
  "read_many_files",
  "ask_user",
  "enter_plan_mode",
  "exit_plan_mode",
  "save_memory",
  "complete_task",
  "update_topic",
  "get_internal_docs",
];

const options = (hook: AgentHook) => (hook.options ?? {}) as GeminiHookOptions;

export const GEMINI_REPORT: DialectReport = {
  notReplayed: {
    BeforeModel:
      "OpenCode hands a plugin no model request it can rewrite into Gemini's llm_request, nor a way to swap the model or answer in the model's place (chat.params sets only sampling options); Gemini's BeforeModel hooks do not run",
    AfterModel:
      "OpenCode streams the model's answer to no plugin chunk by chunk (experimental.text.complete sees only the finished text of a part), so a hook cannot read or replace each chunk as Gemini's AfterModel does; its hooks do not run",
    BeforeToolSelection:
      "OpenCode lets no plugin narrow the tools offered to the model for one request (tool.definition edits descriptions, it cannot hide a tool or force a call); Gemini's BeforeToolSelection hooks do not run",
  },
  droppedBecause(hook, read) {
    if (read.disabledIn) return `hooksConfig.enabled is false in ${read.disabledIn}: Gemini CLI runs no hook`;
    const own = options(hook);
    if (own.disabledIn) return `named in hooksConfig.disabled at ${own.disabledIn}: Gemini CLI does not run it`;
    if (own.duplicateOf) return `identical to the hook at ${own.duplicateOf} (same name, command and matcher): Gemini CLI runs it once`;
    if (hook.type === "runtime") return 'a "runtime" hook is an in-process function of Gemini CLI itself; from a settings file it has none, and fails';
    if (hook.type === "plugin") return 'a "plugin" hook without a "command" fails in Gemini CLI ("Command hook missing command")';
    if (hook.type !== "command") return `Gemini CLI discards ${hook.type} hooks`;
    return undefined;
  },
  degradedBecause(hook) {
    const own = options(hook);
    const notes: string[] = [];
    if (own.sequential)
      notes.push(
        "its group is `sequential`: Gemini runs every matching hook of the event one after another, each seeing the tool_input / prompt the one before rewrote; here they run in parallel on the same input",
      );
    if (hook.command?.includes("GEMINI_PLANS_DIR")) notes.push("GEMINI_PLANS_DIR (Gemini's plan-mode folder) has no OpenCode counterpart: it is empty here");
    if (hook.event === "AfterTool")
      notes.push("not fired after a tool error (Gemini's tool_response.error): OpenCode reports the error after the fact, in Claude's tool names");
    return notes;
  },
  firesOn: (hook, engine) => (TOOL_EVENTS.has(hook.event) ? toolsOf(hook) : momentsOf(hook, engine)),
  remarks(hook) {
    const notes: string[] = [];
    if (options(hook).writtenType === "plugin") notes.push('written as type "plugin": Gemini CLI runs its command as a command hook, and so does the replay');
    const values = GEMINI_VALUES[hook.event];
    const matcher = hook.matcher?.trim();
    if (values && matcher && matcher !== "*" && !values.includes(matcher))
      notes.push(
        `Gemini compares a ${hook.event} matcher as an exact string, one of ${values.join(", ")}: ${JSON.stringify(hook.matcher)} never fires, in Gemini nor here`,
      );
    if (!TOOL_EVENTS.has(hook.event)) return notes;
    const compiled = GEMINI.compileMatcher(hook.event, hook.matcher);
    if (!compiled.ok) return notes;
    const named = NO_OPENCODE_TOOL.filter((name) => compiled.matcher.kind !== "all" && compiled.matcher.test(name));
    if (named.length > 0) notes.push(`matches ${named.join(", ")}, which OpenCode has no tool for: no call fires it for them`);
    return notes;
  },
};

/** The values Gemini's exact lifecycle matchers can meet (types.ts SessionStartSource, SessionEndReason, PreCompressTrigger). */
const GEMINI_VALUES: Readonly<Record<string, readonly string[]>> = {
  SessionStart: ["startup", "resume", "clear"],
  SessionEnd: ["exit", "clear", "logout", "prompt_input_exit", "other"],
  PreCompress: ["auto", "manual"],
};

/** Where a lifecycle hook fires: the engine event's channels, less session.compacted for SessionStart (Gemini starts no session after compressing). */
function momentsOf(hook: AgentHook, engine: EventName): string {
  const channels = channelsOf(engine);
  return (hook.event === "SessionStart" ? channels.filter((channel) => channel !== "session.compacted") : channels).join(", ");
}

/** The OpenCode tools a Gemini tool hook fires on: those whose Gemini name its matcher matches, and MCP tools (`mcp_<server>_<tool>`). */
function toolsOf(hook: AgentHook): string {
  const compiled = GEMINI.compileMatcher(hook.event, hook.matcher);
  if (!compiled.ok) return "nothing";
  const test = compiled.matcher.test;
  const tools = Object.entries(GEMINI_TOOL_OF)
    .filter(([opencode, gemini]) => gemini.split(", ").some((name) => test(name)) || (opencode === "read" && test("list_directory")))
    .map(([opencode]) => opencode);
  const mcp = test("mcp_server_tool") || test("mcp_") ? ["MCP tools"] : [];
  return [...tools, ...mcp].join(", ") || "nothing (no OpenCode tool has a Gemini name it matches)";
}
